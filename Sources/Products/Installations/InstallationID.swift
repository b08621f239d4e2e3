// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Firebase installation IDs (FIDs): 22 characters of URL-safe base64 of 16 random bytes whose first four
/// bits are `0111` (so the first character is `c`, `d`, `e` or `f`).
enum InstallationID {
    /// A new random FID.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    /// A new FID from `generator`'s bytes.
    static func make(using generator: inout some RandomNumberGenerator) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0b0111_0000 | (bytes[0] & 0b0000_1111)
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        return String(base64.prefix(22))
    }

    /// Whether `fid` has the shape of an FID (22 URL-safe base64 characters, first one `c`…`f`).
    static func isValid(_ fid: String) -> Bool {
        let bytes = Array(fid.utf8)
        guard bytes.count == 22, let first = bytes.first, (UInt8(ascii: "c")...UInt8(ascii: "f")).contains(first) else {
            return false
        }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }
}
