// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Testing

@Suite("Engines over a slow remote")
@MainActor
struct DelayedRemoteTests {
    let john = TestUser(id: "u1", name: "John", age: 30)

    @Test func theListenerWaitsForASlowReplayOfPendingWrites() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let engine = DocumentSyncEngine(
            remote: remote, managerKey: "user", localPersistence: MockLocalDocumentPersistence())
        remote.setError(RemoteDown(), for: .save)
        await #expect(throws: RemoteDown.self) { try await engine.saveDocument(self.john) }
        remote.setError(nil, for: .save)
        let replayStarted = Gate()
        let release = Gate()
        remote.setBeforeCall { operation in
            guard operation == .save else { return }
            replayStarted.open()
            await release.wait()
        }
        let start = Task { try await engine.startListening(documentId: "u1") }
        try await replayStarted.wait(timeout: defaultTestTimeout)
        #expect(!remote.calls.contains(.stream))  // held: the replay has not finished
        #expect(engine.pendingWriteCount == 1)
        release.open()
        try await value(of: start)
        try await waitUntil { remote.calls.contains(.stream) }
        #expect(remote.calls == [.save, .save, .stream])
        #expect(engine.pendingWriteCount == 0)
        try await waitUntil { await engine.currentDocument == self.john }
        engine.stopListening()
    }

    @Test func aSlowBulkLoadIsSupersededByANewerQuery() async throws {
        let users = [TestUser(id: "1", name: "John", age: 30), TestUser(id: "2", name: "Jane", age: 25)]
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "users", localPersistence: nil)
        let firstLoad = Gate()
        let release = Gate()
        let held = Locked(true)
        remote.setBeforeCall { operation in
            guard operation == .getCollection,
                held.withLock({ first in
                    defer { first = false }
                    return first
                })
            else { return }
            firstLoad.open()
            await release.wait()
        }
        let slow = Task { await engine.startListening { $0.where("age", isGreaterThan: 26) } }
        try await firstLoad.wait(timeout: defaultTestTimeout)
        await engine.startListening { $0.where("age", isLessThan: 26) }
        #expect(engine.currentCollection.map(\.id) == ["2"])
        release.open()
        try await value(of: slow)
        #expect(engine.currentCollection.map(\.id) == ["2"])  // the late result of the old query was dropped
        try await waitUntil { remote.listenerCount == 1 }
        engine.stopListening()
    }
}
