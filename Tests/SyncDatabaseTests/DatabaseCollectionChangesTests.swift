// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintSyncDatabase
import FlintTesting
import Testing

@testable import FlintDatabase

/// The listener of `DatabaseRemoteCollectionService` (and of `DatabaseRemoteCollectionGroupService`, which shares
/// it): one whole first batch, then one batch per changed child
/// (from the location's child events), and nothing for the child events that only repeat the first batch.
@Suite("Realtime Database collection listener")
struct DatabaseCollectionChangesTests {
    @Test func aChangeIsABatchOfThatChildOnly() async throws {
        let app = try makeDatabaseApp("changes")
        let db = try Database.database(app: app)
        var children: [String: Any] = [:]
        for index in 0..<50 { children["c\(index)"] = ["name": "n\(index)", "score": index] }
        try await db.reference(withPath: "items").setValue(children)
        let service = DatabaseRemoteCollectionService<Item>(database: db, collectionPath: { "items" })
        var batches = service.streamCollectionUpdates(query: SyncQuery()).makeAsyncIterator()
        let initial = try #require(try await batches.next())
        #expect(initial.isInitial)
        #expect(initial.updated.count == 50)
        try await db.reference(withPath: "items/c7/score").setValue(70)
        let changed = try #require(try await batches.next())
        #expect(!changed.isInitial)
        #expect(changed.updated == [Item(id: "c7", name: "n7", score: 70)])
        #expect(changed.deleted.isEmpty)
        try await db.reference(withPath: "items/c8").removeValue()
        let removed = try #require(try await batches.next())
        #expect(removed.updated.isEmpty)
        #expect(removed.deleted == ["c8"])
        await app.delete()
    }

    @Test func theListenerEndsWhenTheAppIsDeleted() async throws {
        let app = try makeDatabaseApp("ending")
        let service = DatabaseRemoteCollectionService<Item>(
            database: try Database.database(app: app), collectionPath: { "items" })
        var batches = service.streamCollectionUpdates(query: SyncQuery()).makeAsyncIterator()
        #expect(try await batches.next()?.isInitial == true)
        await app.delete()
        #expect(try await batches.next() == nil)
    }

    @Test func theGroupListenerEndsWhenTheAppIsDeleted() async throws {
        let app = try makeDatabaseApp("group-ending")
        let service = DatabaseRemoteCollectionGroupService<Item>(
            database: try Database.database(app: app), pathPattern: "users/$uid/orders")
        var batches = service.streamCollectionUpdates(query: SyncQuery()).makeAsyncIterator()
        #expect(try await batches.next()?.isInitial == true)
        await app.delete()
        #expect(try await batches.next() == nil)
    }

    @Test(arguments: [false, true])
    func aConsumerThatStopsRemovesTheDatabaseListeners(group: Bool) async throws {
        let app = try makeDatabaseApp(group ? "group-stopping" : "stopping")
        let db = try Database.database(app: app)
        let stream =
            group
            ? DatabaseRemoteCollectionGroupService<Item>(database: db, pathPattern: "users/$uid/orders")
                .streamCollectionUpdates(query: SyncQuery())
            : DatabaseRemoteCollectionService<Item>(database: db, collectionPath: { "items" })
                .streamCollectionUpdates(query: SyncQuery())
        let first = Gate()
        let consumer = Task {
            for try await _ in stream { first.open() }
        }
        try await first.wait(timeout: defaultTestTimeout)
        #expect(db.engine.listenerCount > 0)
        consumer.cancel()
        _ = await consumer.result
        try await waitUntil { db.engine.listenerCount == 0 }
        await app.delete()
    }
}
