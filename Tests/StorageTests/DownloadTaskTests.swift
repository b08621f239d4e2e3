// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Download tasks")
struct DownloadTaskTests {
    private let chunk = Storage.chunkGranularity

    @Test func progressComesChunkByChunkThenSuccessWithTheMetadata() async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "a")
        let data = testBytes(Int(2 * chunk + 10))
        let stored = try await ref.putDataAsync(data)
        let received = Locked<Data?>(nil)
        let task = ref.getData(maxSize: 1 << 30) { data, _ in received.withLock { $0 = data } }
        let log = EventLog(task)
        backend.gate.open()
        try await waitUntil { received.withLock { $0 != nil } }
        #expect(received.withLock { $0 } == data)
        try await waitUntil { log.isOver }
        #expect(log.progress == [chunk, 2 * chunk, 2 * chunk + 10])
        #expect(log.statuses.last == .success)
        #expect(log.snapshots.last?.metadata == stored)
    }

    @Test func overMaxSizeTheTaskFailsWithDownloadSizeExceeded() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "a")
        try await ref.putDataAsync(testBytes(100))
        let failed = Locked<StorageErrorCode?>(nil)
        let task = ref.getData(maxSize: 50) { _, error in failed.withLock { $0 = (error as? StorageError)?.code } }
        try await waitUntil { failed.withLock { $0 != nil } }
        #expect(failed.withLock { $0 } == .downloadSizeExceeded)
        #expect(task.snapshot.status == .failure)
    }
}

@Suite("Download task control")
struct DownloadTaskControlTests {
    private let chunk = Storage.chunkGranularity

    @Test func pauseAndResumeADownload() async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "a")
        let data = testBytes(Int(2 * chunk))
        try await ref.putDataAsync(data)
        let received = Locked<Data?>(nil)
        let task = ref.getData(maxSize: 1 << 30) { data, _ in received.withLock { $0 = data } }
        let log = EventLog(task)
        try await waitUntil { backend.readCallCount == 1 }
        task.pause()
        backend.gate.open()
        try await waitUntil { task.snapshot.completedUnitCount == chunk }
        #expect(task.snapshot.status == .pause)
        task.resume()
        try await waitUntil { received.withLock { $0 != nil } }
        #expect(received.withLock { $0 } == data)
        try await waitUntil { log.isOver }
        #expect(log.statuses == [.resume, .pause, .resume, .progress, .success])
    }

    @Test func cancellingADownloadFailsWithCancelled() async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "a")
        try await ref.putDataAsync(testBytes(10))
        let failed = Locked<StorageErrorCode?>(nil)
        let task = ref.getData(maxSize: 100) { _, error in failed.withLock { $0 = (error as? StorageError)?.code } }
        task.cancel()
        backend.gate.open()
        try await waitUntil { failed.withLock { $0 != nil } }
        #expect(failed.withLock { $0 } == .cancelled)
        #expect(task.snapshot.status == .failure)
    }

    @Test func anObjectReplacedDuringADownloadFailsIt() async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "a")
        try await ref.putDataAsync(testBytes(10))
        let failed = Locked<StorageErrorCode?>(nil)
        ref.getData(maxSize: 100) { _, error in failed.withLock { $0 = (error as? StorageError)?.code } }
        try await waitUntil { backend.readCallCount == 1 }
        try await ref.putDataAsync(testBytes(10))
        backend.gate.open()
        try await waitUntil { failed.withLock { $0 != nil } }
        #expect(failed.withLock { $0 } == .objectNotFound)
    }

    @Test func aDownloadStartedAfterTheAppWasDeletedFailsWithCancelled() async throws {
        let (app, storage) = try makeStorage()
        let ref = storage.reference(withPath: "a")
        try await ref.putDataAsync(testBytes(10))
        await app.delete()
        let task = ref.getData(maxSize: 100) { _, _ in }
        #expect(task.snapshot.status == .failure)
        #expect(task.snapshot.error?.code == .cancelled)
        #expect(storage.runningTaskCount == 0)
    }
}
