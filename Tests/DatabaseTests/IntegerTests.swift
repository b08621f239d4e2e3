// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// Integers beyond 2^53 are stored exactly (an integer leaf), compare with doubles by value, and survive the
/// disk and the wire.
@Suite("Database exact integers")
struct IntegerTests {
    private static let big: Int64 = 9_007_199_254_740_993

    @Test func bigIntegersRoundTripThroughSetAndGet() async throws {
        let ref = try makeDatabase().reference(withPath: "n")
        for number in [Self.big, Int64.max, Int64.min, -Self.big] {
            try await ref.setValue(number)
            #expect(try await ref.getData().value as? Int == Int(number))
        }
        try await ref.setValue(["a": Int.max, "b": [Int.max, 1]])
        #expect(json(try await ref.getData().value) == #"{"a":9223372036854775807,"b":[9223372036854775807,1]}"#)
    }

    @Test func integersAndDoublesCompareByValue() throws {
        #expect(DatabaseNode(.integer(5)) == DatabaseNode(.number(5)))
        #expect(DatabaseNode(.integer(Self.big)) != DatabaseNode(.number(Double(Self.big))))
        #expect(DatabaseNode(.integer(Int64.max)) != DatabaseNode(.number(9_223_372_036_854_775_808.0)))
        #expect(NumericOrder.compare(.integer(Self.big), .number(9_007_199_254_740_992)) == 1)
        #expect(NumericOrder.compare(.integer(Self.big), .number(9_007_199_254_740_994)) == -1)
        #expect(NumericOrder.compare(.integer(2), .number(2.5)) == -1)
        #expect(NumericOrder.compare(.integer(-3), .number(-2.5)) == -1)
        #expect(NumericOrder.compare(.number(1e300), .integer(Int64.max)) == 1)
        #expect(NumericOrder.compare(.number(-1e300), .integer(Int64.min)) == -1)
    }

    @Test func queriesOrderIntegersAndDoublesByValue() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        try await ref.setValue([
            "a": Self.big, "b": 9_007_199_254_740_992.0, "c": 9_007_199_254_740_994.0, "d": 2.5, "e": 2,
        ])
        let snapshot = try await ref.queryOrderedByValue().getData()
        #expect(snapshot.children.map(\.key) == ["e", "d", "b", "a", "c"])
        let above = try await ref.queryOrderedByValue().queryStarting(atValue: Self.big).getData()
        #expect(above.children.map(\.key) == ["a", "c"])
    }

    @Test func integerIncrementsStayIntegersUntilTheyOverflow() async throws {
        let ref = try makeDatabase().reference(withPath: "count")
        try await ref.setValue(Self.big)
        try await ref.setValue(ServerValue.increment(2))
        #expect(try await ref.getData().value as? Int == 9_007_199_254_740_995)
        try await ref.setValue(Int64.max)
        try await ref.setValue(ServerValue.increment(1))
        #expect(try await ref.getData().value as? Double == 9_223_372_036_854_775_808.0)
    }

    @Test func bigIntegersSurviveTheEmbeddedBackendsFile() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try LocalDatabaseBackend(directory: directory))
            try await db.reference(withPath: "n").setValue(["a": Self.big, "b": Int64.max])
            let again = try makeDatabase(backend: try LocalDatabaseBackend(directory: directory))
            let value = try await again.reference(withPath: "n").getData().value as? [String: Any]
            #expect(value?["a"] as? Int == Int(Self.big))
            #expect(value?["b"] as? Int == Int.max)
        }
    }

    @Test func bigIntegersGoOverRESTExactly() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "n").setValue(Self.big)
            #expect(String(decoding: try #require(server.requests.last).body, as: UTF8.self) == "9007199254740993")
            #expect(fake.json == #"{"n":9007199254740993}"#)
            try fake.set("/m", Int64.max)
            #expect(try await db.reference(withPath: "m").getData().value as? Int == Int.max)
        }
    }

    @Test func bigIntegersSurviveTheClientCache() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let first = try makeDatabase(backend: backend, name: "alice")
            first.persistenceDirectory = directory
            first.isPersistenceEnabled = true
            first.goOffline()
            first.reference(withPath: "n").setValue(Int64.max) { _, _ in }
            first.terminate()
            let second = try makeDatabase(backend: backend, name: "alice")
            second.persistenceDirectory = directory
            second.isPersistenceEnabled = true
            _ = second.reference()
            let reader = try makeDatabase(backend: backend)
            try await waitUntil { (try? await reader.reference(withPath: "n").getData().value as? Int) == Int.max }
        }
    }
}
