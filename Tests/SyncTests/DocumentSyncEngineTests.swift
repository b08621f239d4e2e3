// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import Foundation
import Testing

@Suite("DocumentSyncEngine")
@MainActor
struct DocumentSyncEngineTests {
    let john = TestUser(id: "u1", name: "John", age: 30)

    func makeEngine(
        _ remote: MockRemoteDocumentService<TestUser>,
        persistence: MockLocalDocumentPersistence<TestUser>? = MockLocalDocumentPersistence(),
        analytics: FakeAnalytics? = nil, sleep: SyncSleep? = nil
    ) -> DocumentSyncEngine<TestUser> {
        DocumentSyncEngine(
            remote: remote, managerKey: "user", localPersistence: persistence,
            logger: analytics.map { AnalyticsSyncLogger(analytics: $0) }, sleep: sleep ?? StepSleeper().sleep)
    }

    @Test func startListeningDeliversTheDocument() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = makeEngine(remote)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument == self.john }
        #expect(engine.getDocument() == john)
        #expect(try engine.getDocumentOrThrow() == john)
        #expect(try engine.getDocumentId() == "u1")
    }

    @Test func remoteChangesAndDeletionReachCurrentDocument() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = makeEngine(remote)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument != nil }
        remote.simulateRemoteSave(TestUser(id: "u1", name: "Johnny", age: 31))
        try await waitUntil { await engine.currentDocument?.name == "Johnny" }
        remote.simulateRemoteDelete(id: "u1")
        try await waitUntil { await engine.currentDocument == nil }
        #expect(throws: SyncError.documentNotFound(id: "u1")) { try engine.getDocumentOrThrow() }
    }

    @Test func startListeningWithTheSameIdIsANoOp() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = makeEngine(remote)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { remote.listenerCount == 1 }
        try await engine.startListening(documentId: "u1")
        #expect(remote.calls.filter { $0 == .stream }.count == 1)
        #expect(remote.listenerCount == 1)
    }

    @Test func anotherIdSwitchesDocuments() async throws {
        let remote = MockRemoteDocumentService(document: john)
        remote.simulateRemoteSave(TestUser(id: "u2", name: "Jane", age: 25))
        let engine = makeEngine(remote)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument?.id == "u1" }
        try await engine.startListening(documentId: "u2")
        try await waitUntil { await engine.currentDocument?.id == "u2" }
        try await waitUntil { remote.listenerCount == 1 }
        #expect(try engine.getDocumentId() == "u2")
    }

    @Test func emptyDocumentIdIsRejected() async throws {
        let engine = makeEngine(MockRemoteDocumentService())
        await #expect(throws: SyncError.invalidDocumentId("")) { try await engine.startListening(documentId: "") }
    }

    @Test func readsWithoutADocumentIdThrowNoDocumentId() async throws {
        let engine = makeEngine(MockRemoteDocumentService(document: john))
        #expect(throws: SyncError.noDocumentId) { try engine.getDocumentId() }
        #expect(throws: SyncError.noDocumentId) { try engine.getDocumentOrThrow() }
        await #expect(throws: SyncError.noDocumentId) { try await engine.getDocumentAsync() }
        await #expect(throws: SyncError.noDocumentId) { try await engine.updateDocument(data: ["name": "x"]) }
        await #expect(throws: SyncError.noDocumentId) { try await engine.deleteDocument() }
    }

    @Test func getDocumentAsyncAnswersFromTheCacheUnlessAlwaysFetch() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = makeEngine(remote)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument != nil }
        #expect(try await engine.getDocumentAsync() == john)
        #expect(!remote.calls.contains(.getDocument))
        remote.simulateRemoteSave(TestUser(id: "u1", name: "Fetched", age: 1))
        #expect(try await engine.getDocumentAsync(behavior: .alwaysFetch).name == "Fetched")
        #expect(remote.calls.filter { $0 == .getDocument }.count == 1)
    }

    @Test func getDocumentAsyncByIdFetchesWithoutTouchingTheCache() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let engine = makeEngine(remote)
        #expect(try await engine.getDocumentAsync(id: "u1") == john)
        #expect(engine.currentDocument == nil)
        await #expect(throws: SyncError.documentNotFound(id: "nobody")) {
            try await engine.getDocumentAsync(id: "nobody")
        }
    }

    @Test func writesReachTheRemote() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let engine = makeEngine(remote)
        try await engine.saveDocument(john)
        #expect(remote.documents == [john])
        try await engine.startListening(documentId: "u1")
        try await engine.updateDocument(data: ["name": "Jon"])
        #expect(remote.documents.first?.name == "Jon")
        try await engine.updateDocument(id: "u1", data: ["age": 40])
        #expect(remote.documents.first?.age == 40)
        try await engine.deleteDocument()
        #expect(remote.documents.isEmpty)
        try await engine.saveDocument(john)
        try await engine.deleteDocument(id: "u1")
        #expect(remote.documents.isEmpty)
    }

    @Test func failedWritesQueueAndMergeIntoOnePendingWrite() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let persistence = MockLocalDocumentPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        remote.setError(RemoteDown(), for: .save)
        remote.setError(RemoteDown(), for: .update)
        await #expect(throws: RemoteDown.self) { try await engine.saveDocument(john) }
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "u1", data: ["name": "Jon"]) }
        #expect(engine.pendingWriteCount == 1)
        #expect(
            persistence.pendingWrites.map(\.timeless) == [
                PendingWrite(documentId: "u1", kind: .save, fields: ["id": "u1", "name": "Jon", "age": 30]).timeless
            ])
    }

    @Test func pendingWritesReplayBeforeTheListenerAttaches() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let persistence = MockLocalDocumentPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        remote.setError(RemoteDown(), for: .save)
        await #expect(throws: RemoteDown.self) { try await engine.saveDocument(john) }
        remote.setError(nil, for: .save)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { remote.calls.contains(.stream) }
        #expect(remote.calls == [.save, .save, .stream])
        #expect(engine.pendingWriteCount == 0)
        #expect(persistence.pendingWrites.isEmpty)
        try await waitUntil { await engine.currentDocument == self.john }
    }

    @Test func pendingWritesThatFailAgainStayQueued() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let persistence = MockLocalDocumentPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        remote.setError(RemoteDown(), for: .save)
        await #expect(throws: RemoteDown.self) { try await engine.saveDocument(john) }
        try await engine.startListening(documentId: "u1")
        #expect(engine.pendingWriteCount == 1)
        #expect(persistence.pendingWrites.count == 1)
        #expect(remote.documents.isEmpty)
    }

    @Test func withoutPersistenceFailedWritesAreNotQueued() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let engine = makeEngine(remote, persistence: nil)
        remote.setError(RemoteDown(), for: .save)
        await #expect(throws: RemoteDown.self) { try await engine.saveDocument(john) }
        #expect(engine.pendingWriteCount == 0)
    }

    @Test func aQueueThatCannotBeStoredIsAClearError() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let persistence = MockLocalDocumentPersistence<TestUser>()
        persistence.setSaveError(RemoteDown())
        let engine = makeEngine(remote, persistence: persistence)
        remote.setError(RemoteDown(), for: .delete)
        await #expect(throws: SyncError.pendingWriteNotPersisted(remoteError: "RemoteDown()", reason: "RemoteDown()")) {
            try await engine.deleteDocument(id: "u1")
        }
        #expect(engine.pendingWriteCount == 1)
    }

    @Test func stopListeningClearsMemoryAndStorage() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let persistence = MockLocalDocumentPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { persistence.document == self.john }
        engine.stopListening()
        #expect(engine.currentDocument == nil)
        #expect(persistence.document == nil && persistence.documentId == nil)
        #expect(!engine.isListening)
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func stopListeningWithoutClearingKeepsTheCache() async throws {
        let remote = MockRemoteDocumentService(document: john)
        let persistence = MockLocalDocumentPersistence<TestUser>()
        let engine = makeEngine(remote, persistence: persistence)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { persistence.document == self.john }
        engine.stopListening(clearCaches: false)
        #expect(engine.currentDocument == john)
        #expect(persistence.documentId == "u1")
        try await waitUntil { remote.listenerCount == 0 }
    }

    @Test func theCacheIsLoadedOnCreation() async throws {
        let persistence = MockLocalDocumentPersistence<TestUser>(document: john)
        let engine = makeEngine(MockRemoteDocumentService(), persistence: persistence)
        #expect(engine.currentDocument == john)
        #expect(try engine.getDocumentId() == "u1")
    }

    @Test func aFailingLoadIsReportedAndTheEngineStillWorks() async throws {
        let persistence = MockLocalDocumentPersistence<TestUser>(document: john)
        persistence.setLoadError(SyncError.corruptFile(path: "x", reason: "bad", movedTo: nil))
        let analytics = FakeAnalytics()
        let remote = MockRemoteDocumentService(document: john)
        let engine = makeEngine(remote, persistence: persistence, analytics: analytics)
        #expect(engine.lastPersistenceError == .corruptFile(path: "x", reason: "bad", movedTo: nil))
        #expect(engine.currentDocument == nil)
        #expect(analytics.events(named: "user_persistence_fail").count == 3)
        try await engine.startListening(documentId: "u1")
        try await waitUntil { await engine.currentDocument == self.john }
    }
}
