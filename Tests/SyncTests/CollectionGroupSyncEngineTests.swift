// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Observation
import Testing

@Suite("CollectionGroupSyncEngine")
@MainActor
struct CollectionGroupSyncEngineTests {
    let reviews = [
        TestUser(id: "r1", name: "good", age: 5), TestUser(id: "r2", name: "bad", age: 1),
        TestUser(id: "r3", name: "fine", age: 4),
    ]

    func makeEngine(
        _ remote: MockRemoteCollectionGroupService<TestUser>, analytics: FakeAnalytics? = nil,
        sleep: SyncSleep? = nil
    ) -> CollectionGroupSyncEngine<TestUser> {
        CollectionGroupSyncEngine(
            remote: remote, managerKey: "reviews", localPersistence: MockLocalCollectionPersistence(),
            logger: analytics.map { AnalyticsSyncLogger(analytics: $0) }, sleep: sleep ?? StepSleeper().sleep)
    }

    @Test func startListeningBulkLoadsThenStreamsChanges() async throws {
        let remote = MockRemoteCollectionGroupService(collection: reviews)
        let analytics = FakeAnalytics()
        let engine = makeEngine(remote, analytics: analytics)
        await engine.startListening { $0.where("age", isGreaterThan: 3) }
        #expect(engine.currentCollection.map(\.id) == ["r1", "r3"])
        #expect(analytics.events(named: "reviews_bulkLoad_success").first?.parameters == ["count": "2"])
        try await waitUntil { remote.listenerCount == 1 }
        remote.simulateRemoteSave(TestUser(id: "r4", name: "great", age: 5))
        try await waitUntil { await engine.currentCollection.count == 3 }
        remote.simulateRemoteSave(TestUser(id: "r1", name: "good", age: 2))
        try await waitUntil { await engine.currentCollection.count == 2 }
        #expect(Set(engine.getCollection().map(\.id)) == ["r3", "r4"])
        #expect(engine.getDocuments(where: { $0.name == "great" }).count == 1)
        engine.stopListening()
        #expect(engine.currentCollection.isEmpty)
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func anUnchangedQueryIsANoOpAndAChangedOneRestarts() async throws {
        let remote = MockRemoteCollectionGroupService(collection: reviews)
        let engine = makeEngine(remote)
        await engine.startListening()
        await engine.startListening()
        #expect(remote.calls.filter { $0 == .getCollection }.count == 1)
        await engine.startListening { $0.where("age", isLessThan: 2) }
        #expect(remote.calls.filter { $0 == .getCollection }.count == 2)
        #expect(engine.currentCollection.map(\.id) == ["r2"])
        engine.stopListening(clearCaches: false)
        #expect(engine.currentCollection.map(\.id) == ["r2"])
    }

    @Test func queriesAndStreams() async throws {
        let remote = MockRemoteCollectionGroupService(collection: reviews)
        let engine = makeEngine(remote)
        let high = try await engine.getDocumentsAsync {
            $0.where("age", isGreaterThan: 3).order(by: "age", descending: true)
        }
        #expect(high.map(\.id) == ["r1", "r3"])
        let arrays = try await collect(1, from: engine.streamCollection { $0.where("age", isGreaterThan: 3) })
        #expect(arrays.first?.map(\.id) == ["r1", "r3"])
        do {
            let (updates, deletions) = engine.streamCollectionUpdates()
            let deleted = Task { try await collect(1, from: deletions) }
            #expect(try await collect(3, from: updates).count == 3)
            try await waitUntil { remote.listenerCount == 2 }
            remote.simulateRemoteDelete(id: "r2")
            #expect(try await value(of: deleted) == ["r2"])
        }
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func theListenerRetriesWithBackoff() async throws {
        let remote = MockRemoteCollectionGroupService(collection: reviews)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = makeEngine(remote, sleep: sleeper.sleep)
        await engine.startListening()
        try await waitUntil { sleeper.waitingCount == 1 }
        remote.setError(nil, for: .stream)
        _ = try await engine.getDocumentsAsync { $0 }  // a read while down reconnects at once
        try await waitUntil { remote.listenerCount == 1 }
        #expect(sleeper.requested == [2])
        engine.stopListening()
    }

    @Test func theEngineStopsWhenTheAppIsDeleted() async throws {
        let app = try TestApp.make()
        let remote = MockRemoteCollectionGroupService(collection: reviews)
        let engine = CollectionGroupSyncEngine(remote: remote, managerKey: "reviews", localPersistence: nil, app: app)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        await app.delete()
        try await waitUntil { remote.listenerCount == 0 }
        await #expect(throws: SyncError.appDeleted(name: app.name)) { try await engine.getDocumentsAsync { $0 } }
    }

    @Test func observersOfCurrentCollectionAreTold() async throws {
        let remote = MockRemoteCollectionGroupService(collection: reviews)
        let engine = makeEngine(remote)
        let changed = Gate()
        withObservationTracking {
            _ = engine.currentCollection
        } onChange: {
            changed.open()
        }
        await engine.startListening()
        try await changed.wait(timeout: defaultTestTimeout)
        engine.stopListening()
    }

    @Test func theCollectionSurvivesARestart() async throws {
        let directory = makeTemporaryDirectory()
        let remote = MockRemoteCollectionGroupService(collection: reviews)
        let first = CollectionGroupSyncEngine(remote: remote, managerKey: "reviews", persistenceDirectory: directory)
        await first.startListening()
        first.stopListening(clearCaches: false)
        let second = CollectionGroupSyncEngine(
            remote: MockRemoteCollectionGroupService<TestUser>(), managerKey: "reviews",
            persistenceDirectory: directory)
        #expect(second.currentCollection == reviews)
    }
}
