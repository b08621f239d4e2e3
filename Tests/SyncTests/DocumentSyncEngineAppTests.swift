// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Observation
import Testing

@Suite("DocumentSyncEngine, app, analytics and observation")
@MainActor
struct DocumentSyncEngineAppTests {
    let john = TestUser(id: "u1", name: "John", age: 30)

    @Test func eventsGoToTheAppsAnalytics() async throws {
        let analytics = FakeAnalytics()
        let app = try TestApp.make(overrides: analytics.components)
        let remote = MockRemoteDocumentService(document: john)
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil, app: app)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument != nil }
        try await engine.saveDocument(john)
        #expect(
            analytics.events(named: "user_listener_start") == [
                LoggedAnalyticsEvent(name: "user_listener_start", parameters: ["document_id": "u1"])
            ])
        #expect(analytics.events(named: "user_listener_success").count == 1)
        #expect(
            analytics.events(named: "user_save_start") == [
                LoggedAnalyticsEvent(name: "user_save_start", parameters: ["document_id": "u1", "user_name": "John"])
            ])
        #expect(analytics.events(named: "user_save_success").count == 1)
        await app.delete()
    }

    @Test func aLoggerPassedInWinsOverTheAppsAnalytics() async throws {
        let appAnalytics = FakeAnalytics()
        let logger = FakeAnalytics()
        let app = try TestApp.make(overrides: appAnalytics.components)
        let engine = DocumentSyncEngine(
            remote: MockRemoteDocumentService<TestUser>(), managerKey: "user", localPersistence: nil,
            logger: AnalyticsSyncLogger(analytics: logger), app: app)
        engine.stopListening()
        #expect(logger.events(named: "user_cachesCleared").count == 1)
        #expect(appAnalytics.loggedEvents.isEmpty)
        await app.delete()
    }

    @Test func everyWriteAndReadEventIsLogged() async throws {
        let analytics = FakeAnalytics()
        let remote = MockRemoteDocumentService(document: john)
        let engine = DocumentSyncEngine(
            remote: remote, managerKey: "user", localPersistence: MockLocalDocumentPersistence(),
            logger: AnalyticsSyncLogger(analytics: analytics), sleep: StepSleeper().sleep)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument != nil }
        _ = try await engine.getDocumentAsync(behavior: .alwaysFetch)
        try await engine.updateDocument(data: ["age": 31])
        remote.setError(RemoteDown(), for: .delete)
        await #expect(throws: RemoteDown.self) { try await engine.deleteDocument() }
        remote.setError(nil, for: .delete)
        await engine.syncPendingWrites()
        try await waitUntil { await engine.currentDocument == nil }
        engine.stopListening()
        let names = analytics.loggedEvents.map(\.name)
        for name in [
            "listener_start", "listener_success", "documentUpdated", "getDocument_start", "getDocument_success",
            "update_start", "update_success", "delete_start", "delete_fail", "pendingWriteAdded",
            "syncPendingWrites_start", "syncPendingWrites_complete", "pendingWritesCleared", "documentDeleted",
            "listener_stopped", "cachesCleared",
        ] {
            #expect(names.contains("user_\(name)"), "missing user_\(name)")
        }
        #expect(
            analytics.events(named: "user_pendingWriteAdded").first?.parameters == [
                "document_id": "u1", "pending_write_count": "1",
            ])
        #expect(analytics.events(named: "user_delete_fail").first?.parameters["error_description"] == "RemoteDown()")
        #expect(
            analytics.events(named: "user_syncPendingWrites_complete").first?.parameters == [
                "synced_count": "1", "pending_write_count": "0",
            ])
    }

    @Test func deletingTheAppStopsTheEngine() async throws {
        let app = try TestApp.make()
        let remote = MockRemoteDocumentService(document: john)
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil, app: app)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { remote.listenerCount == 1 }
        await app.delete()
        try await waitUntil { await !engine.isListening }
        try await waitUntil { remote.listenerCount == 0 }
        await #expect(throws: SyncError.appDeleted(name: app.name)) { try await engine.saveDocument(self.john) }
        await #expect(throws: SyncError.appDeleted(name: app.name)) {
            try await engine.startListening(documentId: "u1")
        }
    }

    @Test func streamDocumentFinishesWhenTheAppIsDeleted() async throws {
        let app = try TestApp.make()
        let remote = MockRemoteDocumentService(document: john)
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil, app: app)
        let stream = engine.streamDocument(id: "u1")
        let first = Gate()
        let consumer = Task {
            for try await _ in stream { first.open() }
        }
        try await first.wait(timeout: defaultTestTimeout)
        await app.delete()
        let outcome = try await result(of: consumer)
        #expect(throws: SyncError.appDeleted(name: app.name)) { try outcome.get() }
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func streamDocumentRemovesItsListenerWhenCancelled() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil)
        let values = try await collect(1, from: engine.streamDocument(id: "u1"))
        #expect(values == [john])
        try await waitUntil { remote.listenerCount == 0 }
        let consumer = Task { for try await _ in engine.streamDocument(id: "u1") {} }
        try await waitUntil { remote.listenerCount == 1 }
        consumer.cancel()
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func observersOfCurrentDocumentAreTold() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil)
        let changed = Gate()
        withObservationTracking {
            _ = engine.currentDocument
        } onChange: {
            changed.open()
        }
        try await engine.startListening(documentId: "u1")
        try await changed.wait(timeout: defaultTestTimeout)
        try await waitUntil { await engine.currentDocument == self.john }
        engine.stopListening()
    }
}
