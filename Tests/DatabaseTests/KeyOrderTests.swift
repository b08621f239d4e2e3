// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintDatabase

@Suite("Database keys: the SDK's order")
struct KeyOrderTests {
    @Test func integerKeysComeFirstByNumberThenOthersByCodeUnits() {
        let keys = ["b", "10", "-5", "a", "2", "1e3", "2147483648", "Z", "-", "007", "7"]
        let sorted = keys.sorted { DatabaseKeyOrder.compare($0, $1) < 0 }
        #expect(sorted == ["-5", "2", "7", "007", "10", "-", "1e3", "2147483648", "Z", "a", "b"])
    }

    @Test(arguments: [("0", Int32(0)), ("-0", 0), ("007", 7), ("2147483647", .max), ("-2147483648", .min)])
    func theseParseAsIntegers(key: String, value: Int32) {
        #expect(DatabaseKeyOrder.integer(key) == value)
    }

    @Test(arguments: ["", "-", "2147483648", "-2147483649", "1.5", "1e3", " 1", "+1", "123456789012", "١"])
    func theseDoNot(key: String) {
        #expect(DatabaseKeyOrder.integer(key) == nil)
    }

    @Test func nonIntegerKeysCompareByUTF16CodeUnitsNotGraphemes() {
        // "é" precomposed (U+00E9) sorts after "e\u{301}" (U+0065 U+0301) by code units, though Swift's String
        // comparison calls them equal.
        #expect(DatabaseKeyOrder.compare("e\u{301}", "\u{E9}") < 0)
        #expect(DatabaseKeyOrder.compare("\u{E9}", "e\u{301}") > 0)
        #expect(DatabaseKeyOrder.compare("a", "a") == 0)
    }
}
