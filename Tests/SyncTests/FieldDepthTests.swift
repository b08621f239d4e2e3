// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync
import FlintTesting
import Foundation
import Testing

/// `levels` maps around `leaf`: `["k": ["k": … leaf]]`.
func nestedSyncValue(_ levels: Int, around leaf: SyncValue = "leaf") -> SyncValue {
    (0..<levels).reduce(leaf) { inner, _ in ["k": inner] }
}

/// A write whose fields nest deeper than the remote's store keeps (its `maximumFieldDepth`, 20 for the mocks as
/// for Firestore) is `SyncError.invalidArgument`, refused before it is sent or queued, so nothing that cannot be
/// read back is persisted. The deep case runs in a child process (an exit test), so a crash fails the test
/// instead of ending the run.
@Suite("Writes nested deeper than the store keeps", .timeLimit(.minutes(3)))
struct FieldDepthTests {
    /// Thrown by an exit test whose check failed (any throw exits the child with a failure).
    struct CheckFailed: Error {}

    @Test func anUpdateNested10000LevelsIsInvalidArgumentAndNeverQueued() async {
        await #expect(processExitsWith: .success) {
            let directory = makeTemporaryDirectory()
            let remote = MockRemoteCollectionService(collection: TestUser.mocks)
            remote.setError(RemoteDown(), for: .update)
            let engine = await CollectionSyncEngine<TestUser>(
                remote: remote, managerKey: "users", persistenceDirectory: directory, sleep: StepSleeper().sleep)
            do {
                try await engine.updateDocument(id: "1", data: ["name": nestedSyncValue(10_000)])
                throw CheckFailed()
            } catch let error as SyncError {
                guard case .invalidArgument = error else { throw CheckFailed() }
            }
            let restarted = await CollectionSyncEngine<TestUser>(
                remote: remote, managerKey: "users", persistenceDirectory: directory, sleep: StepSleeper().sleep)
            guard await engine.pendingWriteCount == 0, await restarted.pendingWriteCount == 0,
                remote.calls.isEmpty
            else { throw CheckFailed() }
        }
    }

    @Test @MainActor func twentyLevelsAreQueuedAndOneMoreIsRefused() async throws {
        let remote = MockRemoteDocumentService<TestUser>()
        let persistence = MockLocalDocumentPersistence<TestUser>()
        let engine = DocumentSyncEngine(
            remote: remote, managerKey: "user", localPersistence: persistence, sleep: StepSleeper().sleep)
        remote.setError(RemoteDown(), for: .update)
        let accepted: [String: SyncValue] = ["deep": nestedSyncValue(20), "a.b": nestedSyncValue(19)]
        await #expect(throws: RemoteDown.self) { try await engine.updateDocument(id: "u1", data: accepted) }
        #expect(
            persistence.pendingWrites.map(\.timeless) == [
                PendingWrite(documentId: "u1", kind: .update, fields: accepted).timeless
            ])
        for refused in [["deep": nestedSyncValue(21)], ["a.b": nestedSyncValue(20)], ["a.b": [nestedSyncValue(19)]]] {
            let error = await #expect(throws: SyncError.self) {
                try await engine.updateDocument(id: "u2", data: refused)
            }
            guard case .invalidArgument? = error else {
                Issue.record("expected invalidArgument, got \(String(describing: error))")
                continue
            }
        }
        #expect(remote.calls == [.update])
        #expect(persistence.pendingWrites.count == 1)
    }
}
