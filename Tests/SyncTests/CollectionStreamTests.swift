// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Observation
import Testing

@Suite("CollectionSyncEngine streams, app and observation")
@MainActor
struct CollectionStreamTests {
    let users = [TestUser(id: "1", name: "John", age: 30), TestUser(id: "2", name: "Jane", age: 25)]

    @Test func streamCollectionYieldsTheWholeFilteredArray() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: nil)
        // The stream goes straight into the iteration: dropping the iterator then ends it (FlintCore's Streams guide).
        let consumer = Task {
            try await collect(2, from: engine.streamCollection { $0.where("age", isGreaterThan: 26) })
        }
        try await waitUntil { remote.listenerCount == 1 }
        remote.simulateRemoteSave(TestUser(id: "3", name: "Ann", age: 41))
        let arrays = try await value(of: consumer)
        #expect(arrays.map { $0.map(\.id) } == [["1"], ["1", "3"]])
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func streamCollectionUpdatesYieldsUpdatesAndDeletions() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: nil)
        do {
            let (updates, deletions) = engine.streamCollectionUpdates()
            let updated = Task { try await collect(3, from: updates) }
            let deleted = Task { try await collect(1, from: deletions) }
            try await waitUntil { remote.listenerCount == 2 }
            remote.simulateRemoteSave(TestUser(id: "3", name: "Ann", age: 41))
            remote.simulateRemoteDelete(id: "1")
            #expect(try await value(of: updated).map(\.id) == ["1", "2", "3"])
            #expect(try await value(of: deleted) == ["1"])
        }
        try await waitUntil { remote.listenerCount == 0 }  // the streams are gone with their variables
    }

    @Test func cancellingAStreamRemovesItsListener() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: nil)
        let consumer = Task { for try await _ in engine.streamCollection() {} }
        try await waitUntil { remote.listenerCount == 1 }
        consumer.cancel()
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func streamsFinishWhenTheAppIsDeletedAndTheEngineStops() async throws {
        let app = try TestApp.make()
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: nil, app: app)
        await engine.startListening()
        let consumer = Task { for try await _ in engine.streamCollection() {} }
        try await waitUntil { remote.listenerCount == 2 }
        await app.delete()
        let outcome = try await result(of: consumer)
        #expect(throws: SyncError.appDeleted(name: app.name)) { try outcome.get() }
        try await waitUntil { remote.listenerCount == 0 }
        #expect(!engine.isListening)
        await #expect(throws: SyncError.appDeleted(name: app.name)) { try await engine.deleteDocument(id: "1") }
        let late = Task { for try await _ in engine.streamCollection() {} }
        let lateOutcome = try await result(of: late)
        #expect(throws: SyncError.appDeleted(name: app.name)) { try lateOutcome.get() }
    }

    @Test func observersOfCurrentCollectionAreTold() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: nil)
        await engine.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        let changed = Gate()
        withObservationTracking {
            _ = engine.currentCollection
        } onChange: {
            changed.open()
        }
        remote.simulateRemoteSave(TestUser(id: "3", name: "Ann", age: 41))
        try await changed.wait(timeout: defaultTestTimeout)
        try await waitUntil { await engine.currentCollection.count == 3 }
        engine.stopListening()
    }

    @Test func aViewModelComposingEnginesIsTold() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        let model = ContentViewModel(
            engine: CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: nil))
        let changed = Gate()
        withObservationTracking {
            _ = model.names
        } onChange: {
            changed.open()
        }
        await model.start()
        try await changed.wait(timeout: defaultTestTimeout)
        #expect(model.names == ["John", "Jane"])
        model.stop()
    }
}
