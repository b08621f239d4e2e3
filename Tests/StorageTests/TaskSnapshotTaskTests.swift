// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// `StorageTaskSnapshot.task` and `enqueue()`, as the SDK's.
@Suite("Storage task snapshots and enqueue")
struct TaskSnapshotTaskTests {
    @Test func aSnapshotNamesItsUploadTask() async throws {
        let (_, storage) = try makeStorage()
        let task = storage.reference(withPath: "a").putData(Data("x".utf8))
        let seen = Locked<(any StorageTask)?>(nil)
        task.observe(.success) { snapshot in seen.withLock { $0 = snapshot.task } }
        try await waitUntil { seen.withLock { $0 } != nil }
        #expect(seen.withLock { $0 } === task)
        #expect(task.snapshot.task === task)
    }

    @Test func aSnapshotNamesItsDownloadTask() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "a")
        _ = try await ref.putDataAsync(Data("x".utf8))
        let task = ref.getData(maxSize: 10) { _, _ in }
        try await waitUntil { task.snapshot.status == .success }
        #expect(task.snapshot.task === task)
    }

    @Test func aDroppedRunningTaskStillFinishesAndItsSnapshotNamesIt() async throws {
        let (_, storage) = try makeStorage()
        let done = Locked<ObjectIdentifier?>(nil)
        do {
            let task = storage.reference(withPath: "a").putData(Data("x".utf8))
            task.observe(.success) { snapshot in done.withLock { $0 = ObjectIdentifier(snapshot.task) } }
        }
        try await waitUntil { done.withLock { $0 } != nil }
    }

    @Test func enqueueAfterTheFactoryStartedTheTaskDoesNothing() async throws {
        let backend = GatedBackend()
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "object").putData(Data("upload".utf8))
        task.enqueue()
        task.enqueue()
        try await waitUntil { task.snapshot.status == .success }
        #expect(backend.uploadCallers.count == 1)
        let ref = storage.reference(withPath: "object")
        let download = ref.getData(maxSize: 1024) { _, _ in }
        download.enqueue()
        try await waitUntil { download.snapshot.status == .success }
        #expect(backend.readCallCount == 1)
    }
}
