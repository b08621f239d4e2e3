import Foundation

/// An incremental MD5 (RFC 1321), for the `md5Hash` Cloud Storage keeps of each object. Not for security:
/// Storage uses it as a checksum of content, as the server does.
struct MD5: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    private static let shifts: [UInt32] = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                           5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
                                           4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                           6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    /// Adds `data` to the hashed content.
    mutating func update(_ data: Data) {
        length &+= UInt64(data.count)
        var bytes = data[...]
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, bytes.count)
            buffer += bytes.prefix(take)
            bytes = bytes.dropFirst(take)
            guard buffer.count == 64 else { return }
            buffer.withUnsafeBytes { process($0) }
            buffer.removeAll(keepingCapacity: true)
        }
        while bytes.count >= 64 {
            bytes.prefix(64).withUnsafeBytes { process($0) }
            bytes = bytes.dropFirst(64)
        }
        buffer += bytes
    }

    /// The 16-byte digest of everything added.
    func finalize() -> Data {
        var copy = self
        let bitLength = length &* 8
        var padding: [UInt8] = [0x80]
        padding += [UInt8](repeating: 0, count: (55 - Int(length % 64) + 64) % 64)
        padding += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64($0))) }
        copy.update(Data(padding))
        var digest = Data()
        for word in [copy.state.0, copy.state.1, copy.state.2, copy.state.3] {
            digest += (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) }
        }
        return digest
    }

    /// One 64-byte block.
    private mutating func process(_ block: UnsafeRawBufferPointer) {
        var words = [UInt32](repeating: 0, count: 16)
        for index in 0..<16 {
            words[index] = UInt32(block[index * 4]) | UInt32(block[index * 4 + 1]) << 8
                | UInt32(block[index * 4 + 2]) << 16 | UInt32(block[index * 4 + 3]) << 24
        }
        var (a, b, c, d) = state
        for round in 0..<64 {
            let f: UInt32
            let g: Int
            switch round {
            case 0..<16: f = (b & c) | (~b & d); g = round
            case 16..<32: f = (d & b) | (~d & c); g = (5 * round + 1) % 16
            case 32..<48: f = b ^ c ^ d; g = (3 * round + 5) % 16
            default: f = c ^ (b | ~d); g = (7 * round) % 16
            }
            let sum = a &+ f &+ Self.constants[round] &+ words[g]
            let shift = Self.shifts[round]
            a = d
            d = c
            c = b
            b = b &+ (sum << shift | sum >> (32 - shift))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
