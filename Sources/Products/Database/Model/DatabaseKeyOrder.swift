// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The order of child keys, as the SDK's `+[FUtilities compareKey:toKey:]`: keys that parse as 32-bit integers
/// come first, by number (for the same number, the shorter key first: `"5"` before `"05"`), then every other
/// key by its UTF-16 code units.
///
/// A key parses as an integer when it is at most 11 characters of ASCII digits, optionally after one leading
/// `-`, and its value fits in `Int32` (`"007"`, `"-0"` and `"2147483647"` do; `"2147483648"` and `"1e3"` do
/// not), exactly as the SDK's `tryParseStringToInt`.
enum DatabaseKeyOrder {
    /// `key` as a 32-bit integer when it sorts among the integer keys.
    static func integer(_ key: String) -> Int32? {
        let utf8 = key.utf8
        guard !utf8.isEmpty, utf8.count <= 11 else { return nil }
        var value: Int64 = 0
        var negative = false
        var sawDigit = false
        for (offset, byte) in utf8.enumerated() {
            if offset == 0, byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            sawDigit = true
        }
        guard sawDigit else { return nil }
        if negative { value = -value }
        return Int32(exactly: value)
    }

    /// -1, 0 or 1 as `a` sorts before, with or after `b`.
    static func compare(_ a: String, _ b: String) -> Int {
        switch (integer(a), integer(b)) {
        case (let x?, let y?):
            if x != y { return x < y ? -1 : 1 }
            let (la, lb) = (a.utf8.count, b.utf8.count)
            return la == lb ? 0 : (la < lb ? -1 : 1)
        case (_?, nil):
            return -1
        case (nil, _?):
            return 1
        case (nil, nil):
            // Code units, not Swift's canonical equivalence: "e\u{301}" and "\u{E9}" are different keys.
            if a.utf16.elementsEqual(b.utf16) { return 0 }
            return a.utf16.lexicographicallyPrecedes(b.utf16) ? -1 : 1
        }
    }
}
