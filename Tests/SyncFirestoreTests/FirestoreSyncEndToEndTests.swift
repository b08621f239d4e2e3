// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintSync
import FlintSyncFirestore
import FlintTesting
import Foundation
import Testing

@Suite("Sync engines over FlintFirestore's embedded backend")
@MainActor
struct FirestoreSyncEndToEndTests {
    @Test func aWriteThroughOneEngineAppearsInTheOthersCollection() async throws {
        let fixture = FirestoreSyncFixture()
        let alice = try fixture.makeApp("alice")
        let bob = try fixture.makeApp("bob")
        let aliceEngine = CollectionSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionService(app: alice, collectionPath: { "products" }),
            managerKey: "products", enableLocalPersistence: false, app: alice)
        let bobEngine = CollectionSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionService(app: bob, collectionPath: { "products" }),
            managerKey: "products", enableLocalPersistence: false, app: bob)
        await aliceEngine.startListening()
        await bobEngine.startListening()
        try await aliceEngine.saveDocument(Product(id: "p1", name: "Lamp", price: 20))
        try await waitUntil { await bobEngine.getDocument(id: "p1") == Product(id: "p1", name: "Lamp", price: 20) }
        try await aliceEngine.updateDocument(id: "p1", data: ["price": 25.0])
        try await waitUntil { await bobEngine.getDocument(id: "p1")?.price == 25 }
        try await aliceEngine.deleteDocument(id: "p1")
        try await waitUntil { await bobEngine.currentCollection.isEmpty }
        await alice.delete()
        await bob.delete()
    }

    @Test func aRefusedWriteIsQueuedPersistedAndLandsAfterARestart() async throws {
        let fixture = FirestoreSyncFixture()
        let directory = fixture.temporaryDirectory()
        fixture.allowWrites.withLock { $0 = false }
        let first = try fixture.makeApp("client")
        let engine = CollectionSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionService(app: first, collectionPath: { "products" }),
            managerKey: "products", persistenceDirectory: directory, app: first)
        await #expect {
            try await engine.saveDocument(Product(id: "p9", name: "Chair", price: 80))
        } throws: { error in
            (error as? FirestoreError)?.code == .permissionDenied
        }
        #expect(engine.pendingWriteCount == 1)
        await first.delete()

        fixture.allowWrites.withLock { $0 = true }
        let second = try fixture.makeApp("client")
        let restarted = CollectionSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionService(app: second, collectionPath: { "products" }),
            managerKey: "products", persistenceDirectory: directory, app: second)
        #expect(restarted.pendingWriteCount == 1)
        await restarted.startListening()
        #expect(restarted.pendingWriteCount == 0)
        #expect(restarted.getDocument(id: "p9")?.name == "Chair")
        let observer = try fixture.makeApp("observer")
        let stored = try await Firestore.firestore(app: observer).document("products/p9").getDocument()
        #expect(stored.get("name") == "Chair")
        await second.delete()
        await observer.delete()
    }

    @Test func aDocumentEngineFollowsItsDocument() async throws {
        let fixture = FirestoreSyncFixture()
        let app = try fixture.makeApp("doc")
        let writer = try fixture.makeApp("writer")
        let engine = DocumentSyncEngine<Product>(
            remote: try FirestoreRemoteDocumentService(app: app, collectionPath: { "products" }),
            managerKey: "product", enableLocalPersistence: false, app: app)
        try await engine.startListening(documentId: "p1")
        try await Firestore.firestore(app: writer).document("products/p1").setData(["name": "Lamp", "price": 20.0])
        try await waitUntil { await engine.currentDocument?.name == "Lamp" }
        #expect(engine.currentDocument?.id == "p1")  // filled from the document ID
        try await engine.updateDocument(data: ["name": "Big lamp"])
        try await waitUntil { await engine.currentDocument?.name == "Big lamp" }
        #expect(try await engine.getDocumentAsync(behavior: .alwaysFetch).name == "Big lamp")
        try await engine.deleteDocument()
        try await waitUntil { await engine.currentDocument == nil }
        await #expect {
            try await engine.updateDocument(id: "missing", data: ["name": "x"])
        } throws: { error in
            (error as? FirestoreError)?.code == .notFound
        }
        await app.delete()
        await writer.delete()
    }

    @Test func theGroupEngineSeesEveryCollectionOfTheGroup() async throws {
        let fixture = FirestoreSyncFixture()
        let app = try fixture.makeApp("group")
        let db = try Firestore.firestore(app: app)
        try await db.document("shops/a/products/p1").setData(["name": "Lamp", "price": 20.0])
        try await db.document("shops/b/products/p2").setData(["name": "Desk", "price": 150.0])
        let engine = CollectionGroupSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionGroupService(app: app, groupName: "products"),
            managerKey: "products", enableLocalPersistence: false, app: app)
        await engine.startListening { $0.where("price", isGreaterThan: 50.0) }
        #expect(engine.currentCollection.map(\.id) == ["p2"])
        try await db.document("shops/c/products/p3").setData(["name": "Sofa", "price": 900.0])
        try await waitUntil { await engine.currentCollection.count == 2 }
        let cheap = try await engine.getDocumentsAsync { $0.where("price", isLessThan: 50.0) }
        #expect(cheap.map(\.id) == ["p1"])
        await app.delete()
    }

    @Test func queriesOrderAndLimitOnTheBackend() async throws {
        let fixture = FirestoreSyncFixture()
        let app = try fixture.makeApp("query")
        let engine = CollectionSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionService(app: app, collectionPath: { "products" }),
            managerKey: "products", enableLocalPersistence: false, app: app)
        for product in [
            Product(id: "a", name: "A", price: 5), Product(id: "b", name: "B", price: 50),
            Product(id: "c", name: "C", price: 500),
        ] {
            try await engine.saveDocument(product)
        }
        let result = try await engine.getDocumentsAsync {
            $0.where("price", isGreaterThan: 1.0).order(by: "price", descending: true).limit(to: 2)
        }
        #expect(result.map(\.id) == ["c", "b"])
        await app.delete()
    }

    @Test func aMissingCollectionPathIsAnError() async throws {
        let fixture = FirestoreSyncFixture()
        let app = try fixture.makeApp("path")
        let engine = CollectionSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionService(app: app, collectionPath: { nil }),
            managerKey: "products", enableLocalPersistence: false, app: app)
        await #expect(throws: SyncError.collectionPathUnavailable) { try await engine.getCollectionAsync() }
        await app.delete()
    }

    @Test func deletingTheAppEndsTheEnginesStreams() async throws {
        let fixture = FirestoreSyncFixture()
        let app = try fixture.makeApp("deleted")
        let engine = CollectionSyncEngine<Product>(
            remote: try FirestoreRemoteCollectionService(app: app, collectionPath: { "products" }),
            managerKey: "products", enableLocalPersistence: false, app: app)
        let started = Gate()
        let consumer = Task { for try await _ in engine.streamCollection() { started.open() } }
        try await started.wait(timeout: defaultTestTimeout)
        await app.delete()
        let outcome = try await result(of: consumer)
        #expect(throws: (any Error).self) { try outcome.get() }
        try await waitUntil { await !engine.isListening }
    }
}
