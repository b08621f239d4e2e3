// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Testing

@Suite("CollectionSyncEngine")
@MainActor
struct CollectionSyncEngineTests {
    let users = [
        TestUser(id: "1", name: "John", age: 30), TestUser(id: "2", name: "Jane", age: 25),
        TestUser(id: "3", name: "Ann", age: 41),
    ]

    func makeEngine(
        _ remote: MockRemoteCollectionService<TestUser>,
        persistence: MockLocalCollectionPersistence<TestUser>? = MockLocalCollectionPersistence(),
        analytics: FakeAnalytics? = nil, sleep: SyncSleep? = nil
    ) -> CollectionSyncEngine<TestUser> {
        CollectionSyncEngine(
            remote: remote, managerKey: "users", localPersistence: persistence,
            logger: analytics.map { AnalyticsSyncLogger(analytics: $0) }, sleep: sleep ?? StepSleeper().sleep)
    }

    @Test func startListeningBulkLoadsThenStreamsChanges() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let analytics = FakeAnalytics()
        let engine = makeEngine(remote, analytics: analytics)
        await engine.startListening()
        #expect(engine.currentCollection == users)  // the bulk load, before the listener's first batch
        #expect(analytics.events(named: "users_bulkLoad_success").first?.parameters == ["count": "3"])
        try await waitUntil { remote.listenerCount == 1 }
        remote.simulateRemoteSave(TestUser(id: "4", name: "Bo", age: 9))
        try await waitUntil { await engine.getDocument(id: "4") != nil }
        remote.simulateRemoteSave(TestUser(id: "1", name: "Johnny", age: 30))
        try await waitUntil { await engine.getDocument(id: "1")?.name == "Johnny" }
        remote.simulateRemoteDelete(id: "2")
        try await waitUntil { await engine.getDocument(id: "2") == nil }
        #expect(Set(engine.currentCollection.map(\.id)) == ["1", "3", "4"])
        #expect(analytics.events(named: "users_documentDeleted").first?.parameters == ["document_id": "2"])
        #expect(analytics.events(named: "users_documentUpdated").count == 2)
        engine.stopListening()
    }

    @Test func anUnchangedQueryIsANoOpAndAChangedOneRestarts() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = makeEngine(remote)
        await engine.startListening { $0.where("age", isGreaterThan: 26) }
        await engine.startListening { $0.where("age", isGreaterThan: 26) }
        #expect(remote.calls.filter { $0 == .getCollection }.count == 1)
        #expect(Set(engine.currentCollection.map(\.id)) == ["1", "3"])
        await engine.startListening { $0.where("age", isLessThan: 26) }
        #expect(remote.calls.filter { $0 == .getCollection }.count == 2)
        #expect(engine.currentCollection.map(\.id) == ["2"])
        try await waitUntil { remote.listenerCount == 1 }
        engine.stopListening()
    }

    @Test func aDocumentLeavingTheQueryLeavesTheCollection() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = makeEngine(remote)
        await engine.startListening { $0.where("age", isGreaterThan: 26) }
        try await waitUntil { remote.listenerCount == 1 }
        remote.simulateRemoteSave(TestUser(id: "1", name: "John", age: 20))
        try await waitUntil { await engine.getDocument(id: "1") == nil }
        engine.stopListening()
    }

    @Test func syncReadersAnswerFromTheCache() async throws {
        let engine = makeEngine(MockRemoteCollectionService(collection: users))
        #expect(engine.getCollection().isEmpty)
        await engine.startListening()
        #expect(engine.getCollection() == users)
        #expect(engine.getDocument(id: "2") == users[1])
        #expect(engine.getDocuments(where: { $0.age > 26 }).map(\.id) == ["1", "3"])
        engine.stopListening()
    }

    @Test func getCollectionAsyncUsesTheCacheUnlessAlwaysFetch() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = makeEngine(remote)
        #expect(try await engine.getCollectionAsync() == users)  // empty cache: fetched
        #expect(try await engine.getCollectionAsync() == users)  // cached
        #expect(remote.calls.filter { $0 == .getCollection }.count == 1)
        remote.simulateRemoteDelete(id: "3")
        #expect(try await engine.getCollectionAsync(behavior: .alwaysFetch).count == 2)
        #expect(engine.currentCollection.count == 2)
        #expect(try await engine.getDocumentsAsync(where: { $0.name.hasPrefix("J") }).count == 2)
    }

    @Test func getDocumentAsyncUsesTheCacheUnlessAlwaysFetch() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = makeEngine(remote)
        await engine.startListening()
        #expect(try await engine.getDocumentAsync(id: "1") == users[0])
        #expect(!remote.calls.contains(.getDocument))
        #expect(try await engine.getDocumentAsync(id: "1", behavior: .alwaysFetch) == users[0])
        #expect(remote.calls.contains(.getDocument))
        await #expect(throws: SyncError.documentNotFound(id: "9")) { try await engine.getDocumentAsync(id: "9") }
        engine.stopListening()
    }

    @Test func queriesAlwaysFetchAndLogTheFilterCount() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let analytics = FakeAnalytics()
        let engine = makeEngine(remote, analytics: analytics)
        let result = try await engine.getDocumentsAsync { query in
            query.where("age", isGreaterThanOrEqualTo: 25).where("name", isNotEqualTo: "Ann").order(by: "age")
        }
        #expect(result.map(\.id) == ["2", "1"])
        #expect(engine.currentCollection.isEmpty)
        #expect(
            analytics.events(named: "users_getDocumentsQuery_success").first?.parameters == [
                "filter_count": "2", "count": "2",
            ])
        remote.setError(RemoteDown(), for: .getCollection)
        await #expect(throws: RemoteDown.self) { try await engine.getDocumentsAsync { $0.limit(to: 1) } }
        #expect(analytics.events(named: "users_getDocumentsQuery_fail").count == 1)
    }

    @Test func writesReachTheRemoteAndComeBackThroughTheListener() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = makeEngine(remote)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        try await engine.saveDocument(TestUser(id: "5", name: "Eve", age: 22))
        try await waitUntil { await engine.getDocument(id: "5") != nil }
        try await engine.updateDocument(id: "5", data: ["age": 23])
        try await waitUntil { await engine.getDocument(id: "5")?.age == 23 }
        try await engine.deleteDocument(id: "5")
        try await waitUntil { await engine.getDocument(id: "5") == nil }
        engine.stopListening()
    }

    @Test func failedWritesQueueOnePerDocument() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        remote.setError(RemoteDown(), for: .update)
        remote.setError(RemoteDown(), for: .delete)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "1", data: ["age": 31]) }
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "1", data: ["name": "J"]) }
        await #expect(throws: RemoteDown.self) { try await engine.deleteDocument(id: "2") }
        #expect(engine.pendingWriteCount == 2)
        #expect(
            persistence.pendingWrites.map(\.timeless) == [
                PendingWrite(documentId: "1", kind: .update, fields: ["age": 31, "name": "J"]).timeless,
                PendingWrite(documentId: "2", kind: .delete).timeless,
            ])
    }

    @Test func pendingWritesReplayBeforeTheBulkLoadAndListener() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = makeEngine(remote)
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "1", data: ["age": 31]) }
        remote.setError(nil, for: .update)
        await engine.startListening()
        #expect(Array(remote.calls.prefix(3)) == [.update, .update, .getCollection])
        #expect(engine.getDocument(id: "1")?.age == 31)
        #expect(engine.pendingWriteCount == 0)
        engine.stopListening()
    }

    @Test func overlappingStartsSendAPendingWriteOnce() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = makeEngine(remote)
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "1", data: ["age": 31]) }
        remote.setError(nil, for: .update)
        // The replayed update waits at the gate, so a second start overlaps the first one's replay.
        let gate = Gate()
        remote.setBeforeCall { operation in if operation == .update { await gate.wait() } }
        let first = Task { await engine.startListening() }
        try await waitUntil { remote.calls.filter { $0 == .update }.count == 2 }  // the failed one, then the replay
        let second = Task { await engine.startListening(buildQuery: { $0.where("age", isGreaterThan: 0) }) }
        gate.open()
        await first.value
        await second.value
        #expect(remote.calls.filter { $0 == .update }.count == 2)  // not sent a third time
        #expect(engine.pendingWriteCount == 0)
        engine.stopListening()
    }

    @Test func pendingWritesThatFailAgainStayQueued() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        remote.setError(RemoteDown(), for: .save)
        await #expect(throws: RemoteDown.self) { try await engine.saveDocument(TestUser(id: "9", name: "N", age: 1)) }
        await engine.startListening()
        #expect(engine.pendingWriteCount == 1)
        #expect(persistence.pendingWrites.map(\.documentId) == ["9"])
        engine.stopListening(clearCaches: false)
    }

    @Test func singleChangesDoNotRewriteTheCollection() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 && persistence.replaceCount == 2 }  // bulk load + first batch
        for age in 50..<60 { remote.simulateRemoteSave(TestUser(id: "1", name: "John", age: age)) }
        try await waitUntil { persistence.changeCount == 10 }
        #expect(persistence.replaceCount == 2)
        #expect(persistence.collection.first { $0.id == "1" }?.age == 59)
        engine.stopListening(clearCaches: false)
    }

    @Test func stopListeningClearsMemoryAndStorage() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        await engine.startListening()
        engine.stopListening()
        #expect(engine.currentCollection.isEmpty)
        #expect(persistence.collection.isEmpty)
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func stopListeningWithoutClearingKeepsTheCache() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let persistence = MockLocalCollectionPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        await engine.startListening()
        engine.stopListening(clearCaches: false)
        #expect(engine.currentCollection == users)
        #expect(persistence.collection == users)
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func aBulkLoadFailureIsLoggedAndTheListenerStillLoads() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        remote.setError(RemoteDown(), for: .getCollection)
        let analytics = FakeAnalytics()
        let engine = makeEngine(remote, analytics: analytics)
        await engine.startListening()
        #expect(
            analytics.events(named: "users_bulkLoad_fail").first?.parameters == ["error_description": "RemoteDown()"])
        try await waitUntil { await engine.currentCollection.count == 3 }
        engine.stopListening()
    }

    @Test func theListenerRetriesWithBackoffAndReconnectsOnAWrite() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = makeEngine(remote, sleep: sleeper.sleep)
        await engine.startListening()
        try await waitUntil { sleeper.waitingCount == 1 }
        sleeper.finishNext()
        try await waitUntil { sleeper.waitingCount == 1 && sleeper.requested.count == 2 }
        #expect(sleeper.requested == [2, 4])
        #expect(engine.isListenerDown)
        remote.setError(nil, for: .stream)
        try await engine.saveDocument(TestUser(id: "7", name: "G", age: 7))
        try await waitUntil { remote.listenerCount == 1 }
        try await waitUntil { await engine.getDocument(id: "7") != nil }
        #expect(sleeper.requested == [2, 4])
        engine.stopListening()
    }
}
