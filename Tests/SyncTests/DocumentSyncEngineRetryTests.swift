// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Testing

@Suite("DocumentSyncEngine listener retry")
@MainActor
struct DocumentSyncEngineRetryTests {
    let john = TestUser(id: "u1", name: "John", age: 30)

    @Test func retriesWithBackoffCappedAtSixtySeconds() async throws {
        let remote = MockRemoteDocumentService(document: john)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil, sleep: sleeper.sleep)
        try await engine.startListening(documentId: "u1")
        for attempt in 1...7 {
            try await waitUntil { sleeper.waitingCount == 1 && sleeper.requested.count == attempt }
            #expect(engine.isListenerDown)
            sleeper.finishNext()
        }
        try await waitUntil { sleeper.requested.count == 8 }
        #expect(sleeper.requested == [2, 4, 8, 16, 32, 60, 60, 60])
        #expect(remote.calls.filter { $0 == .stream }.count == 8)
        engine.stopListening()
    }

    @Test func backoffResetsAfterAValue() async throws {
        let remote = MockRemoteDocumentService(document: john)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil, sleep: sleeper.sleep)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { sleeper.waitingCount == 1 }
        sleeper.finishNext()
        try await waitUntil { sleeper.waitingCount == 1 && sleeper.requested.count == 2 }
        remote.setError(nil, for: .stream)
        sleeper.finishNext()
        try await waitUntil { await engine.currentDocument == self.john }
        remote.failListeners(with: RemoteDown())
        try await waitUntil { sleeper.requested.count == 3 }
        #expect(sleeper.requested == [2, 4, 2])
        engine.stopListening()
    }

    @Test func aReadWhileTheListenerIsDownReconnectsAtOnce() async throws {
        let remote = MockRemoteDocumentService(document: john)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil, sleep: sleeper.sleep)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { sleeper.waitingCount == 1 }
        remote.setError(nil, for: .stream)
        _ = try await engine.getDocumentAsync(id: "u1")
        try await waitUntil { await engine.currentDocument == self.john }
        #expect(sleeper.requested == [2])
        #expect(sleeper.waitingCount == 0)
        engine.stopListening()
    }

    @Test func aWriteWhileTheListenerIsDownReconnectsAtOnce() async throws {
        let remote = MockRemoteDocumentService(document: john)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = DocumentSyncEngine(remote: remote, managerKey: "user", localPersistence: nil, sleep: sleeper.sleep)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { sleeper.waitingCount == 1 }
        remote.setError(nil, for: .stream)
        try await engine.updateDocument(data: ["name": "Jon"])
        try await waitUntil { await engine.currentDocument?.name == "Jon" }
        #expect(sleeper.requested == [2])
        engine.stopListening()
    }

    @Test func retryEventsCarryTheCountAndDelay() async throws {
        let remote = MockRemoteDocumentService(document: john)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let analytics = FakeAnalytics()
        let engine = DocumentSyncEngine(
            remote: remote, managerKey: "user", localPersistence: nil,
            logger: AnalyticsSyncLogger(analytics: analytics), sleep: sleeper.sleep)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { sleeper.waitingCount == 1 }
        sleeper.finishNext()
        try await waitUntil { sleeper.requested.count == 2 }
        engine.stopListening()
        #expect(
            analytics.events(named: "user_listener_retrying") == [
                LoggedAnalyticsEvent(
                    name: "user_listener_retrying",
                    parameters: ["document_id": "u1", "retry_count": "1", "delay_seconds": "2.0"]),
                LoggedAnalyticsEvent(
                    name: "user_listener_retrying",
                    parameters: ["document_id": "u1", "retry_count": "2", "delay_seconds": "4.0"]),
            ])
        #expect(analytics.events(named: "user_listener_fail").first?.parameters["error_description"] == "RemoteDown()")
        #expect(analytics.events(named: "user_listener_stopped").count == 1)
    }
}
