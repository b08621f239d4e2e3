// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintDatabase

/// The SDK's `FUtilitiesTest.m` (`FirebaseDatabase/Tests/Unit`): URL parsing through
/// ``Database/reference(fromURL:)``, the cache size limits and the key order.
@Suite("SDK FUtilitiesTest")
struct SDKUtilitiesTests {
    private let base = "https://flint-test-default-rtdb.firebaseio.com"

    /// `testUrlParsedWithPathPartOfHost`, `…Host2`, `…Host3`.
    @Test func theURLsPathNamesTheLocation() throws {
        let db = try makeDatabase()
        #expect(db.reference(fromURL: base + "/a").key == "a")
        #expect(db.reference(fromURL: base + "/").key == nil)
        #expect(db.reference(fromURL: base).key == nil)
        #expect(db.reference(fromURL: base + "/a/b?ns=x").url == base + "/a/b")
    }

    /// `testUrlParsedUsesSpaceInsteadOfPlus`.
    @Test func aPlusInTheURLsPathIsASpace() throws {
        #expect(try makeDatabase().reference(fromURL: base + "/+").key == " ")
    }

    /// `testUrlParsedWithSpecialCharacters`: escapes are undone, malformed ones kept as written.
    @Test func specialCharactersInTheURLsPathAreKept() throws {
        let ref = try makeDatabase().reference(fromURL: base + "/a%b&c@d/space: /non-ascii:ø")
        #expect(ref.key == "non-ascii:ø")
        #expect(ref.parent?.key == "space: ")
        #expect(ref.parent?.parent?.key == "a%b&c@d")
        #expect(try makeDatabase().reference(fromURL: base + "/x%20y").key == "x y")
    }

    /// `testDefaultCacheSizeIs10MB`.
    @Test func theDefaultCacheSizeIs10MB() throws {
        #expect(try makeDatabase().persistenceCacheSizeBytes == 10 * 1024 * 1024)
        #expect(Database.defaultPersistenceCacheSizeBytes == 10 * 1024 * 1024)
    }

    /// `testSettingCacheSizeToHighOrToLowThrows`.
    @Test func cacheSizesBelow1MBOrAbove100MBAreRejected() throws {
        let db = try makeDatabase()
        try db.setPersistenceCacheSizeBytes(5 * 1024 * 1024)
        #expect(db.persistenceCacheSizeBytes == 5 * 1024 * 1024)
        let low = #expect(throws: DatabaseError.self) { try db.setPersistenceCacheSizeBytes(1024 * 1024 - 1) }
        let high = #expect(throws: DatabaseError.self) { try db.setPersistenceCacheSizeBytes(100 * 1024 * 1024 + 1) }
        #expect(low?.code == .invalidArgument)
        #expect(high?.code == .invalidArgument)
    }

    /// `testKeyComparison`: 32-bit integer keys first by number, then the rest as strings.
    @Test func keysCompareAsTheSDKs() {
        let order = [
            "-2147483648", "0", "1", "2", "10", "2147483647",
            "-2147483649", "-2147483650", "-a", "2147483648", "21474836480", "2147483649", "a",
        ]
        for (i, first) in order.enumerated() {
            #expect(DatabaseKeyOrder.compare(first, first) == 0)
            for second in order[(i + 1)...] {
                #expect(DatabaseKeyOrder.compare(first, second) < 0, "\(first) < \(second)")
                #expect(DatabaseKeyOrder.compare(second, first) > 0, "\(second) > \(first)")
            }
        }
    }

    /// `testUnicodeKeyComparison`.
    @Test func unicodeKeysCompareOneWay() {
        #expect(DatabaseKeyOrder.compare("유주연", "윤규완오빠") < 0)
        #expect(DatabaseKeyOrder.compare("윤규완오빠", "유주연") > 0)
    }

    /// `testKeyComparison`, through the public API: children come back in that order.
    @Test func childrenComeBackInTheSDKsKeyOrder() async throws {
        let ref = try makeDatabase().reference(withPath: "keys")
        let order = ["-2147483648", "0", "10", "2147483647", "-2147483649", "-a", "2147483648", "a"]
        try await ref.setValue(Dictionary(uniqueKeysWithValues: order.reversed().map { ($0, true) }))
        #expect(try await ref.getData().children.map(\.key) == order)
    }
}
