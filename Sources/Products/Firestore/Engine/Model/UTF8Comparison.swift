// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Three-way comparison of two strings by their UTF-8 bytes, as Firestore orders strings and path
/// segments (Swift's `<` and `==` follow Unicode canonical equivalence instead).
@inline(__always)
func compareUTF8(_ lhs: String, _ rhs: String) -> Int {
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
        rhs.withUTF8 { right in
            let common = min(left.count, right.count)
            if common > 0 {
                let result = memcmp(left.baseAddress!, right.baseAddress!, common)
                if result != 0 { return result < 0 ? -1 : 1 }
            }
            return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
        }
    }
}

/// Whether two strings have the same UTF-8 bytes.
@inline(__always)
func equalUTF8(_ lhs: String, _ rhs: String) -> Bool {
    compareUTF8(lhs, rhs) == 0
}
