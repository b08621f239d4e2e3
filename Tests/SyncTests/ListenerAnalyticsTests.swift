// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Testing

@Suite("listener_start and listener_stopped as the seed logs them")
@MainActor
struct ListenerAnalyticsTests {
    @Test func aCollectionLogsListenerStartBeforeItsBulkLoad() async throws {
        let logger = RecordingSyncLogger()
        let engine = CollectionSyncEngine(
            remote: MockRemoteCollectionService(collection: TestUser.mocks), managerKey: "users",
            localPersistence: nil, logger: logger, sleep: StepSleeper().sleep)
        await engine.startListening()
        try await waitUntil { logger.count("users_listener_success") == 1 }
        let start = try #require(logger.names.firstIndex(of: "users_listener_start"))
        let bulkLoad = try #require(logger.names.firstIndex(of: "users_bulkLoad_start"))
        #expect(start < bulkLoad)
        #expect(logger.count("users_listener_start") == 1)
        engine.stopListening()
    }

    @Test func everyRetryAndReconnectLogsListenerStart() async throws {
        let logger = RecordingSyncLogger()
        let remote = MockRemoteCollectionService(collection: TestUser.mocks)
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = CollectionSyncEngine(
            remote: remote, managerKey: "users", localPersistence: nil, logger: logger, sleep: sleeper.sleep)
        await engine.startListening()
        try await waitUntil { sleeper.waitingCount == 1 }
        sleeper.finishNext()  // a retry
        try await waitUntil { sleeper.waitingCount == 1 && sleeper.requested.count == 2 }
        remote.setError(nil, for: .stream)
        _ = try await engine.getDocumentsAsync { $0 }  // a reconnection
        try await waitUntil { logger.count("users_listener_success") == 1 }
        #expect(logger.count("users_listener_start") == 3)
        #expect(remote.calls.filter { $0 == .stream }.count == 3)
        engine.stopListening()
    }

    @Test func aDocumentRetryLogsListenerStart() async throws {
        let logger = RecordingSyncLogger()
        let remote = MockRemoteDocumentService(document: TestUser(id: "u1", name: "John", age: 30))
        remote.setError(RemoteDown(), for: .stream)
        let sleeper = StepSleeper()
        let engine = DocumentSyncEngine(
            remote: remote, managerKey: "user", localPersistence: nil, logger: logger, sleep: sleeper.sleep)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { sleeper.waitingCount == 1 }
        remote.setError(nil, for: .stream)
        sleeper.finishNext()
        try await waitUntil { logger.count("user_listener_success") == 1 }
        #expect(logger.count("user_listener_start") == 2)
        engine.stopListening()
    }

    @Test func everyStopCallLogsListenerStopped() async throws {
        let logger = RecordingSyncLogger()
        let engine = CollectionSyncEngine(
            remote: MockRemoteCollectionService(collection: TestUser.mocks), managerKey: "users",
            localPersistence: nil, logger: logger, sleep: StepSleeper().sleep)
        engine.stopListening()
        await engine.startListening()
        engine.stopListening(clearCaches: false)
        engine.stopListening()
        #expect(logger.count("users_listener_stopped") == 3)
        let document = DocumentSyncEngine(
            remote: MockRemoteDocumentService<TestUser>(), managerKey: "user", localPersistence: nil, logger: logger,
            sleep: StepSleeper().sleep)
        document.stopListening()
        document.stopListening()
        #expect(logger.count("user_listener_stopped") == 2)
    }
}
