// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An incremental MD5 (RFC 1321), for the `md5Hash` Cloud Storage keeps of each object. Not for security:
/// Storage uses it as a checksum of content, as the server does.
///
/// Blocks are hashed straight from the caller's bytes (no copies, no allocation per block), with the 64 steps
/// unrolled: uploads hash every byte, so this runs at memory speed rather than at the speed of `Data` slicing.
struct MD5: Sendable {
    private var a0: UInt32 = 0x6745_2301
    private var b0: UInt32 = 0xefcd_ab89
    private var c0: UInt32 = 0x98ba_dcfe
    private var d0: UInt32 = 0x1032_5476
    /// The bytes of an incomplete block, until 64 have arrived.
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    /// Adds `data` to the hashed content.
    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Adds `bytes` to the hashed content.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, bytes.count)
            buffer.append(contentsOf: bytes[0..<take])
            offset = take
            guard buffer.count == 64 else { return }
            buffer.withUnsafeBytes { process($0.baseAddress!) }
            buffer.removeAll(keepingCapacity: true)
        }
        if let base = bytes.baseAddress {
            while bytes.count - offset >= 64 {
                process(base + offset)
                offset += 64
            }
        }
        if offset < bytes.count { buffer.append(contentsOf: bytes[offset...]) }
    }

    /// The 16-byte digest of everything added.
    func finalize() -> Data {
        var copy = self
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        padding += [UInt8](repeating: 0, count: (55 - Int(length % 64) + 64) % 64)
        padding += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64($0))) }
        padding.withUnsafeBytes { copy.update($0) }
        var digest = Data()
        for word in [copy.a0, copy.b0, copy.c0, copy.d0] {
            digest += (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) }
        }
        return digest
    }

    @inline(__always)
    private func rotate(_ value: UInt32, _ shift: UInt32) -> UInt32 {
        value &<< shift | value &>> (32 &- shift)
    }

    /// One 64-byte block at `block`.
    private mutating func process(_ block: UnsafeRawPointer) {
        let x0 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        let x1 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        let x2 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        let x3 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let x4 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        let x5 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
        let x6 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
        let x7 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 28, as: UInt32.self))
        let x8 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
        let x9 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
        let x10 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
        let x11 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 44, as: UInt32.self))
        let x12 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 48, as: UInt32.self))
        let x13 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 52, as: UInt32.self))
        let x14 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 56, as: UInt32.self))
        let x15 = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 60, as: UInt32.self))
        var a = a0
        var b = b0
        var c = c0
        var d = d0
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x0 &+ 0xd76a_a478, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x1 &+ 0xe8c7_b756, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x2 &+ 0x2420_70db, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x3 &+ 0xc1bd_ceee, 22)
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x4 &+ 0xf57c_0faf, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x5 &+ 0x4787_c62a, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x6 &+ 0xa830_4613, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x7 &+ 0xfd46_9501, 22)
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x8 &+ 0x6980_98d8, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x9 &+ 0x8b44_f7af, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x10 &+ 0xffff_5bb1, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x11 &+ 0x895c_d7be, 22)
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x12 &+ 0x6b90_1122, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x13 &+ 0xfd98_7193, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x14 &+ 0xa679_438e, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x15 &+ 0x49b4_0821, 22)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x1 &+ 0xf61e_2562, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x6 &+ 0xc040_b340, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x11 &+ 0x265e_5a51, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x0 &+ 0xe9b6_c7aa, 20)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x5 &+ 0xd62f_105d, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x10 &+ 0x0244_1453, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x15 &+ 0xd8a1_e681, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x4 &+ 0xe7d3_fbc8, 20)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x9 &+ 0x21e1_cde6, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x14 &+ 0xc337_07d6, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x3 &+ 0xf4d5_0d87, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x8 &+ 0x455a_14ed, 20)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x13 &+ 0xa9e3_e905, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x2 &+ 0xfcef_a3f8, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x7 &+ 0x676f_02d9, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x12 &+ 0x8d2a_4c8a, 20)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x5 &+ 0xfffa_3942, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x8 &+ 0x8771_f681, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x11 &+ 0x6d9d_6122, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x14 &+ 0xfde5_380c, 23)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x1 &+ 0xa4be_ea44, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x4 &+ 0x4bde_cfa9, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x7 &+ 0xf6bb_4b60, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x10 &+ 0xbebf_bc70, 23)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x13 &+ 0x289b_7ec6, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x0 &+ 0xeaa1_27fa, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x3 &+ 0xd4ef_3085, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x6 &+ 0x0488_1d05, 23)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x9 &+ 0xd9d4_d039, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x12 &+ 0xe6db_99e5, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x15 &+ 0x1fa2_7cf8, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x2 &+ 0xc4ac_5665, 23)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x0 &+ 0xf429_2244, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x7 &+ 0x432a_ff97, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x14 &+ 0xab94_23a7, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x5 &+ 0xfc93_a039, 21)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x12 &+ 0x655b_59c3, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x3 &+ 0x8f0c_cc92, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x10 &+ 0xffef_f47d, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x1 &+ 0x8584_5dd1, 21)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x8 &+ 0x6fa8_7e4f, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x15 &+ 0xfe2c_e6e0, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x6 &+ 0xa301_4314, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x13 &+ 0x4e08_11a1, 21)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x4 &+ 0xf753_7e82, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x11 &+ 0xbd3a_f235, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x2 &+ 0x2ad7_d2bb, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x9 &+ 0xeb86_d391, 21)
        a0 &+= a
        b0 &+= b
        c0 &+= c
        d0 &+= d
    }
}
