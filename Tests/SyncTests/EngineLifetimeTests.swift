// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Testing

@Suite("Engine lifetime and collection events")
@MainActor
struct EngineLifetimeTests {
    let users = [TestUser(id: "1", name: "John", age: 30), TestUser(id: "2", name: "Jane", age: 25)]

    @Test func releasingAnEngineRemovesItsListener() async throws {
        let remote = MockRemoteCollectionService(collection: users)
        var engine: CollectionSyncEngine<TestUser>? = CollectionSyncEngine(
            remote: remote, managerKey: "users",
            localPersistence: nil)
        await engine?.startListening()
        try await waitUntil { remote.listenerCount == 1 }
        engine = nil
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func releasingAnEngineWaitingToRetryEndsTheWait() async throws {
        let remote = MockRemoteDocumentService(document: users[0])
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        var engine: DocumentSyncEngine<TestUser>? = DocumentSyncEngine(
            remote: remote, managerKey: "user",
            localPersistence: nil, sleep: sleeper.sleep)
        try await engine?.startListening(documentId: "1")
        try await waitUntil { sleeper.waitingCount == 1 }
        engine = nil
        try await waitUntil { sleeper.waitingCount == 0 }
        #expect(remote.calls.filter { $0 == .stream }.count == 1)
    }

    @Test func groupStreamsFinishWhenTheAppIsDeleted() async throws {
        let app = try TestApp.make()
        let remote = MockRemoteCollectionGroupService(collection: users)
        let engine = CollectionGroupSyncEngine(remote: remote, managerKey: "group", localPersistence: nil, app: app)
        let consumer = Task { for try await _ in engine.streamCollectionUpdates().updates {} }
        try await waitUntil { remote.listenerCount == 1 }
        await app.delete()
        let outcome = try await result(of: consumer)
        #expect(throws: SyncError.appDeleted(name: app.name)) { try outcome.get() }
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func collectionReadAndWriteEventsCarryTheirParameters() async throws {
        let analytics = FakeAnalytics()
        let remote = MockRemoteCollectionService(collection: users)
        let engine = CollectionSyncEngine(
            remote: remote, managerKey: "users", localPersistence: MockLocalCollectionPersistence(),
            logger: AnalyticsSyncLogger(analytics: analytics))
        _ = try await engine.getCollectionAsync()
        try await engine.saveDocument(TestUser(id: "3", name: "Ann", age: 41))
        try await engine.updateDocument(id: "3", data: ["age": 42])
        try await engine.deleteDocument(id: "3")
        remote.setError(RemoteDown(), for: .getCollection)
        await #expect(throws: RemoteDown.self) { try await engine.getCollectionAsync(behavior: .alwaysFetch) }
        remote.setError(RemoteDown(), for: .getDocument)
        await #expect(throws: RemoteDown.self) { try await engine.getDocumentAsync(id: "9") }
        engine.stopListening()
        let events = analytics.loggedEvents
        #expect(events.contains(LoggedAnalyticsEvent(name: "users_getCollection_success", parameters: ["count": "2"])))
        #expect(
            events.contains(
                LoggedAnalyticsEvent(
                    name: "users_getCollection_fail", parameters: ["error_description": "RemoteDown()"])))
        #expect(
            events.contains(
                LoggedAnalyticsEvent(name: "users_save_success", parameters: ["document_id": "3", "user_name": "Ann"])))
        #expect(events.contains(LoggedAnalyticsEvent(name: "users_update_success", parameters: ["document_id": "3"])))
        #expect(events.contains(LoggedAnalyticsEvent(name: "users_delete_success", parameters: ["document_id": "3"])))
        #expect(
            events.contains(
                LoggedAnalyticsEvent(
                    name: "users_getDocument_fail",
                    parameters: ["document_id": "9", "error_description": "RemoteDown()"])))
        #expect(events.last == LoggedAnalyticsEvent(name: "users_cachesCleared", parameters: [:]))
    }
}
