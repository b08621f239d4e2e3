// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Testing

@testable import FlintFirestore

/// The count aggregation.
@Suite(.timeLimit(.minutes(3)))
struct CountTests {
    @Test func countsMatchingDocuments() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["n": 1], "b": ["n": 2], "c": ["n": 3], "d": ["other": 0]])
        #expect(try await items.count.getAggregation(source: .server).count == 4)
        #expect(try await items.whereField("n", isGreaterThan: 1).count.getAggregation(source: .server).count == 2)
        #expect(try await items.order(by: "n").limit(to: 2).count.getAggregation(source: .server).count == 2)
    }

    @Test func countIsComputedByTheBackendWithoutPendingWrites() async throws {
        let db = try makeFirestore()
        try await db.document("items/a").setData(["n": 1])
        await db.disableNetwork()
        let write = Task { try await db.document("items/b").setData(["n": 2]) }
        try await waitUntil { db.engine.pendingWriteCount == 1 }
        await db.enableNetwork()
        try await value(of: write)
        #expect(try await db.collection("items").count.getAggregation(source: .server).count == 2)
    }

    @Test func countOfAnInvalidQueryFails() async throws {
        let db = try makeFirestore()
        #expect(
            await firestoreCode {
                try await db.collection("items").whereField("n", in: []).count.getAggregation(source: .server)
            } == .invalidArgument)
    }

    @Test func countRespectsTheRules() async throws {
        let db = try makeFirestore(backend: LocalFirestoreBackend(rules: { $0.operation != .list }))
        #expect(
            await firestoreCode { try await db.collection("items").count.getAggregation(source: .server) }
                == .permissionDenied)
    }

    /// FIRCountTests' testCanRunCountWithFiltersAndLimits: `limit(toLast:)` needs no `order(by:)` to be counted.
    @Test func countOfALimitToLastQueryWithoutOrderBy() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["k": "a"], "b": ["k": "a"], "c": ["k": "a"], "d": ["k": "d"]])
        let lastTwo = items.limit(toLast: 2).whereField("k", isEqualTo: "a")
        #expect(try await lastTwo.count.getAggregation(source: .server).count == 2)
        #expect(
            try await items.limit(toLast: 1000).whereField("k", isEqualTo: "d").count
                .getAggregation(source: .server).count == 1)
        // Reading its documents still needs the order.
        #expect(await firestoreCode { try await lastTwo.getDocuments() } == .invalidArgument)
    }
}
