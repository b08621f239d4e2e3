// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync
import FlintSyncDatabase
import FlintTesting
import Foundation
import Testing

@Suite("Sync engines over FlintDatabase's embedded backend")
@MainActor
struct DatabaseSyncEndToEndTests {
    @Test func aWriteThroughOneEngineAppearsInTheOthersCollection() async throws {
        let backend = LocalDatabaseBackend()
        let alice = try makeDatabaseApp("alice", backend)
        let bob = try makeDatabaseApp("bob", backend)
        let aliceEngine = CollectionSyncEngine<Item>(
            remote: try DatabaseRemoteCollectionService(app: alice, collectionPath: { "items" }),
            managerKey: "items", enableLocalPersistence: false, app: alice)
        let bobEngine = CollectionSyncEngine<Item>(
            remote: try DatabaseRemoteCollectionService(app: bob, collectionPath: { "items" }),
            managerKey: "items", enableLocalPersistence: false, app: bob)
        await aliceEngine.startListening()
        await bobEngine.startListening { $0.where("score", isGreaterThan: 5) }
        try await aliceEngine.saveDocument(Item(id: "a", name: "Ada", score: 10))
        try await aliceEngine.saveDocument(Item(id: "b", name: "Bo", score: 1))
        try await waitUntil { await bobEngine.getDocument(id: "a") == Item(id: "a", name: "Ada", score: 10) }
        try await aliceEngine.updateDocument(id: "a", data: ["score": 12])
        try await waitUntil { await bobEngine.getDocument(id: "a")?.score == 12 }
        #expect(bobEngine.getDocument(id: "b") == nil)
        try await aliceEngine.updateDocument(id: "b", data: ["score": 7])
        try await waitUntil { await bobEngine.getDocument(id: "b")?.score == 7 }
        try await aliceEngine.deleteDocument(id: "a")
        try await waitUntil { await bobEngine.getDocument(id: "a") == nil }
        let queried = try await bobEngine.getDocumentsAsync { $0.where("name", isEqualTo: "Bo") }
        #expect(queried == [Item(id: "b", name: "Bo", score: 7)])
        await alice.delete()
        await bob.delete()
    }

    @Test func anUpdateOfAMissingChildIsDocumentNotFound() async throws {
        let app = try makeDatabaseApp("missing", LocalDatabaseBackend())
        let engine = DocumentSyncEngine<Item>(
            remote: try DatabaseRemoteDocumentService(app: app, collectionPath: { "items" }),
            managerKey: "item", enableLocalPersistence: false, app: app)
        await #expect(throws: SyncError.documentNotFound(id: "x")) {
            try await engine.updateDocument(id: "x", data: ["score": 1])
        }
        await app.delete()
    }

    @Test func aDocumentEngineFollowsItsChild() async throws {
        let backend = LocalDatabaseBackend()
        let app = try makeDatabaseApp("doc", backend)
        let writer = try makeDatabaseApp("writer", backend)
        let engine = DocumentSyncEngine<Item>(
            remote: try DatabaseRemoteDocumentService(app: app, collectionPath: { "items" }),
            managerKey: "item", enableLocalPersistence: false, app: app)
        try await engine.startListening(documentId: "a")
        try await Database.database(app: writer).reference(withPath: "items/a").setValue(["name": "Ada", "score": 3])
        try await waitUntil { await engine.currentDocument == Item(id: "a", name: "Ada", score: 3) }
        try await engine.updateDocument(data: ["score": 4])
        try await waitUntil { await engine.currentDocument?.score == 4 }
        try await engine.deleteDocument()
        try await waitUntil { await engine.currentDocument == nil }
        await app.delete()
        await writer.delete()
    }

    @Test func aRefusedWriteIsQueuedPersistedAndLandsAfterARestart() async throws {
        let allow = Locked(false)
        let backend = LocalDatabaseBackend(rules: { request in request.operation == .read || allow.withLock { $0 } })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-sync-db-\(UUID().uuidString)")
        let first = try makeDatabaseApp("client", backend)
        let engine = CollectionSyncEngine<Item>(
            remote: try DatabaseRemoteCollectionService(app: first, collectionPath: { "items" }),
            managerKey: "items", persistenceDirectory: directory, app: first)
        await #expect(throws: DatabaseError.self) {
            try await engine.saveDocument(Item(id: "z", name: "Zed", score: 1))
        }
        #expect(engine.pendingWriteCount == 1)
        await first.delete()
        allow.withLock { $0 = true }
        let second = try makeDatabaseApp("client", backend)
        let restarted = CollectionSyncEngine<Item>(
            remote: try DatabaseRemoteCollectionService(app: second, collectionPath: { "items" }),
            managerKey: "items", persistenceDirectory: directory, app: second)
        await restarted.startListening()
        #expect(restarted.pendingWriteCount == 0)
        #expect(restarted.getDocument(id: "z")?.name == "Zed")
        await second.delete()
    }

    @Test func aRefusedWriteStaysShownOverTheDatabasesRevert() async throws {
        let backend = LocalDatabaseBackend(rules: { request in
            request.operation == .read || request.path != "/items/z"
        })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-sync-db-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try makeDatabaseApp("client", backend)
        let other = try makeDatabaseApp("other", backend)
        let engine = CollectionSyncEngine<Item>(
            remote: try DatabaseRemoteCollectionService(app: app, collectionPath: { "items" }),
            managerKey: "items", persistenceDirectory: directory, app: app)
        await engine.startListening()
        await #expect(throws: DatabaseError.self) {
            try await engine.saveDocument(Item(id: "z", name: "Zed", score: 1))
        }
        #expect(engine.getDocument(id: "z") == Item(id: "z", name: "Zed", score: 1))  // shown at once
        try await Database.database(app: other).reference(withPath: "items/a").setValue(["name": "Ada", "score": 2])
        try await waitUntil { await engine.getDocument(id: "a") != nil }  // later than the refused write's revert
        #expect(engine.getDocument(id: "z") == Item(id: "z", name: "Zed", score: 1))
        #expect(engine.pendingWriteCount == 1)
        await app.delete()
        await other.delete()
    }
}
