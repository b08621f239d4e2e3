// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync
import FlintSyncDatabase
import FlintTesting
import Testing

/// `DatabaseRemoteCollectionGroupService`: a `CollectionGroupSyncEngine` over every `orders` list below `users`
/// (`users/$uid/orders`), end to end over the embedded backend: one app writes, another's engine follows.
@Suite("Collection groups over FlintDatabase's embedded backend")
@MainActor
struct DatabaseCollectionGroupTests {
    /// A group engine over every `orders` list below `users`.
    func ordersEngine(_ app: FlintApp) throws -> CollectionGroupSyncEngine<Item> {
        CollectionGroupSyncEngine<Item>(
            remote: try DatabaseRemoteCollectionGroupService(app: app, pathPattern: "users/$uid/orders"),
            managerKey: "orders", enableLocalPersistence: false, app: app)
    }

    nonisolated func order(_ name: String, _ score: Int) -> [String: Any] { ["name": name, "score": score] }

    @Test func theGroupIsEveryListOfItsNameAtThePatternsDepth() async throws {
        let backend = LocalDatabaseBackend()
        let writer = try makeDatabaseApp("writer", backend)
        let reader = try makeDatabaseApp("reader", backend)
        let db = try Database.database(app: writer)
        try await db.reference(withPath: "users").setValue([
            "alice": ["orders": ["o1": order("Tea", 3), "o2": order("Cake", 12)], "profile": ["name": "Alice"]],
            "bob": ["orders": ["o3": order("Pie", 7)], "wishlist": ["w1": order("Hat", 50)]],
        ])
        try await db.reference(withPath: "orders/o9").setValue(order("Elsewhere", 1))  // not in the group
        let engine = try ordersEngine(reader)
        await engine.startListening()
        #expect(Set(engine.currentCollection.map(\.id)) == ["o1", "o2", "o3"])
        #expect(engine.getDocuments(where: { $0.score > 5 }).map(\.id).sorted() == ["o2", "o3"])
        let queried = try await engine.getDocumentsAsync { $0.where("score", isLessThan: 10).order(by: "score") }
        #expect(queried == [Item(id: "o1", name: "Tea", score: 3), Item(id: "o3", name: "Pie", score: 7)])
        engine.stopListening()
        await writer.delete()
        await reader.delete()
    }

    @Test func changesInAnyListReachTheEngine() async throws {
        let backend = LocalDatabaseBackend()
        let writer = try makeDatabaseApp("writer", backend)
        let reader = try makeDatabaseApp("reader", backend)
        let db = try Database.database(app: writer)
        try await db.reference(withPath: "users/alice/orders/o1").setValue(order("Tea", 3))
        let engine = try ordersEngine(reader)
        await engine.startListening()
        #expect(engine.currentCollection == [Item(id: "o1", name: "Tea", score: 3)])
        try await waitUntil { await engine.isListening }
        try await db.reference(withPath: "users/bob/orders/o2").setValue(order("Pie", 7))  // a new user
        try await waitUntil { await engine.currentCollection.count == 2 }
        try await db.reference(withPath: "users/alice/orders/o1/score").setValue(4)
        try await waitUntil { await engine.currentCollection.contains(Item(id: "o1", name: "Tea", score: 4)) }
        try await db.reference(withPath: "users/alice/profile").setValue(["name": "Alice"])  // not an order
        try await db.reference(withPath: "users/alice/orders/o1").removeValue()
        try await waitUntil { await engine.currentCollection.map(\.id) == ["o2"] }
        try await db.reference(withPath: "users/bob").removeValue()  // a whole user goes
        try await waitUntil { await engine.currentCollection.isEmpty }
        engine.stopListening()
        await writer.delete()
        await reader.delete()
    }

    @Test func aFilteredGroupFollowsDocumentsInAndOutOfTheQuery() async throws {
        let backend = LocalDatabaseBackend()
        let writer = try makeDatabaseApp("writer", backend)
        let reader = try makeDatabaseApp("reader", backend)
        let db = try Database.database(app: writer)
        try await db.reference(withPath: "users/alice/orders").setValue([
            "o1": order("Tea", 3), "o2": order("Cake", 12),
        ])
        let engine = try ordersEngine(reader)
        await engine.startListening { $0.where("score", isGreaterThan: 5) }
        #expect(engine.currentCollection.map(\.id) == ["o2"])
        try await waitUntil { await engine.isListening }
        try await db.reference(withPath: "users/alice/orders/o1/score").setValue(9)
        try await waitUntil { await engine.currentCollection.count == 2 }
        try await db.reference(withPath: "users/alice/orders/o2/score").setValue(1)
        try await waitUntil { await engine.currentCollection.map(\.id) == ["o1"] }
        engine.stopListening()
        await writer.delete()
        await reader.delete()
    }

    @Test func patternsWithSeveralWildcardsReachEveryLevel() async throws {
        let app = try makeDatabaseApp("shops", LocalDatabaseBackend())
        let db = try Database.database(app: app)
        try await db.reference(withPath: "shops").setValue([
            "s1": [
                "products": ["p1": ["reviews": ["r1": order("Good", 5)]], "p2": ["reviews": ["r2": order("Meh", 2)]]]
            ],
            "s2": ["products": ["p3": ["reviews": ["r3": order("Fine", 4)], "notes": ["n1": order("No", 0)]]]],
        ])
        let service = DatabaseRemoteCollectionGroupService<Item>(
            database: db, pathPattern: "shops/$shop/products/$product/reviews")
        let reviews = try await service.getCollection(query: SyncQuery().order(by: "score", descending: true))
        #expect(reviews.map(\.id) == ["r1", "r3", "r2"])
        await app.delete()
    }
}
