// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import FlintTesting
import Testing

/// A write that fails and is queued shows in the engine's current value and its cache at once, stays shown over
/// the listener's server state while it waits, and gives way to the server state once it has landed.
@Suite("Queued writes visible locally")
@MainActor
struct QueuedWriteVisibilityTests {
    let john = TestUser(id: "u1", name: "John", age: 30)
    let users = [TestUser(id: "1", name: "John", age: 30), TestUser(id: "2", name: "Jane", age: 25)]

    func documentEngine(
        _ remote: MockRemoteDocumentService<TestUser>,
        persistence: MockLocalDocumentPersistence<TestUser>? = MockLocalDocumentPersistence()
    ) -> DocumentSyncEngine<TestUser> {
        DocumentSyncEngine(
            remote: remote, managerKey: "user", localPersistence: persistence, sleep: StepSleeper().sleep)
    }

    func collectionEngine(
        _ remote: MockRemoteCollectionService<TestUser>,
        persistence: MockLocalCollectionPersistence<TestUser>? = MockLocalCollectionPersistence()
    ) -> CollectionSyncEngine<TestUser> {
        CollectionSyncEngine(
            remote: remote, managerKey: "users", localPersistence: persistence, sleep: StepSleeper().sleep)
    }

    // MARK: DocumentSyncEngine

    @Test func aQueuedUpdateShowsInCurrentDocumentAndItsCache() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let persistence = MockLocalDocumentPersistence<TestUser>()
        let engine = documentEngine(remote, persistence: persistence)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument == self.john }
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(data: ["name": "Jon"]) }
        #expect(engine.currentDocument == TestUser(id: "u1", name: "Jon", age: 30))
        #expect(persistence.document == TestUser(id: "u1", name: "Jon", age: 30))
        engine.stopListening()
    }

    @Test func aQueuedDeleteHidesTheDocument() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = documentEngine(remote)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument == self.john }
        remote.setError(RemoteDown(), for: .delete)
        await #expect(throws: RemoteDown.self) { try await engine.deleteDocument() }
        #expect(engine.currentDocument == nil)
        engine.stopListening()
    }

    @Test func aQueuedUpdateStaysShownOverTheServerStateUntilItLands() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = documentEngine(remote)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument == self.john }
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(data: ["name": "Jon"]) }
        remote.simulateRemoteSave(TestUser(id: "u1", name: "John", age: 31))  // another client's change
        try await waitUntil { await engine.currentDocument?.age == 31 }
        #expect(engine.currentDocument?.name == "Jon")
        remote.setError(nil, for: .update)
        await engine.syncPendingWrites()
        #expect(engine.pendingWriteCount == 0)
        remote.simulateRemoteSave(TestUser(id: "u1", name: "Johnny", age: 31))
        try await waitUntil { await engine.currentDocument?.name == "Johnny" }  // the write landed: server wins
        engine.stopListening()
    }

    @Test func withoutPersistenceAFailedWriteIsNotShown() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = documentEngine(remote, persistence: nil)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument == self.john }
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(data: ["name": "Jon"]) }
        #expect(engine.currentDocument == john)
        engine.stopListening()
    }

    // MARK: CollectionSyncEngine

    @Test func queuedWritesShowInCurrentCollectionAndItsCache() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let engine = collectionEngine(remote, persistence: persistence)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        for operation in [MockOperation.save, .update, .delete] { remote.setError(RemoteDown(), for: operation) }
        let eve = TestUser(id: "3", name: "Eve", age: 22)
        await #expect(throws: RemoteDown.self) { try await engine.saveDocument(eve) }
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "1", data: ["age": 31]) }
        await #expect(throws: RemoteDown.self) { try await engine.deleteDocument(id: "2") }
        let expected = [TestUser(id: "1", name: "John", age: 31), eve]
        #expect(Set(engine.currentCollection.map(\.id)) == ["1", "3"])
        #expect(engine.getDocument(id: "1") == expected[0])
        #expect(engine.getDocument(id: "3") == eve)
        #expect(Set(persistence.collection.map(\.id)) == ["1", "3"])
        #expect(persistence.collection.first { $0.id == "1" } == expected[0])
        engine.stopListening()
    }

    @Test func aQueuedWriteStaysShownOverListenerBatchesUntilItLands() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = collectionEngine(remote)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "1", data: ["age": 31]) }
        remote.simulateRemoteSave(TestUser(id: "1", name: "Johnny", age: 30))  // another client's change
        try await waitUntil { await engine.getDocument(id: "1")?.name == "Johnny" }
        #expect(engine.getDocument(id: "1")?.age == 31)
        remote.setError(nil, for: .update)
        await engine.syncPendingWrites()
        remote.simulateRemoteSave(TestUser(id: "1", name: "Johnny", age: 40))
        try await waitUntil { await engine.getDocument(id: "1")?.age == 40 }  // the write landed: server wins
        engine.stopListening()
    }

    @Test func aQueuedSaveSurvivesARestartAndABulkLoadWithoutIt() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let eve = TestUser(id: "3", name: "Eve", age: 22)
        do {
            let engine = collectionEngine(remote, persistence: persistence)
            remote.setError(RemoteDown(), for: .save)
            await #expect(throws: RemoteDown.self) { try await engine.saveDocument(eve) }
        }
        let restarted = collectionEngine(remote, persistence: persistence)
        #expect(restarted.getDocument(id: "3") == eve)  // from the cache
        await restarted.startListening()  // the replay fails again; the bulk load has no "3"
        #expect(restarted.pendingWriteCount == 1)
        #expect(Set(restarted.currentCollection.map(\.id)) == ["1", "2", "3"])
        try await waitUntil { remote.listenerCount == 1 }
        remote.simulateRemoteSave(TestUser(id: "2", name: "Janet", age: 25))
        try await waitUntil { await restarted.getDocument(id: "2")?.name == "Janet" }
        #expect(restarted.getDocument(id: "3") == eve)
        restarted.stopListening()
    }

    @Test func aQueuedWriteOutsideTheQueryIsNotShown() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = collectionEngine(remote)
        await engine.startListening { $0.where("age", isGreaterThan: 26) }
        try await waitUntil { remote.listenerCount == 1 }
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "1", data: ["age": 20]) }
        #expect(engine.currentCollection.isEmpty)
        engine.stopListening()
    }
}
