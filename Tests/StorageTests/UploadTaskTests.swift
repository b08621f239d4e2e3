// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Upload tasks")
struct UploadTaskTests {
    private let chunk = Storage.chunkGranularity

    @Test func progressComesChunkByChunkThenSuccess() async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(Int(4 * chunk + 1)))
        let log = EventLog(task)
        backend.gate.open()
        try await waitUntil { log.isOver }
        #expect(log.statuses == [.resume, .progress, .progress, .progress, .progress, .progress, .success])
        #expect(log.progress == [chunk, 2 * chunk, 3 * chunk, 4 * chunk, 4 * chunk + 1])
        let success = try #require(log.snapshots.last)
        #expect(success.metadata?.size == 4 * chunk + 1)
        #expect(success.metadata?.generation ?? 0 > 0)
        #expect(success.totalUnitCount == 4 * chunk + 1)
        #expect(success.fractionCompleted == 1)
    }

    @Test func anEmptyUploadHasAFinalProgressThenSuccess() async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(Data())
        let log = EventLog(task)
        backend.gate.open()
        try await waitUntil { log.isOver }
        #expect(log.statuses == [.resume, .progress, .success])
    }

    @Test(arguments: [(Int64(1), Int64(262_144)), (262_144, 262_144), (262_145, 524_288), (786_427, 786_432)])
    func theChunkSizeRoundsUpToMultiplesOf256KiB(asked: Int64, used: Int64) throws {
        let (_, storage) = try makeStorage()
        storage.uploadChunkSizeBytes = asked
        #expect(storage.effectiveChunkSize == used)
    }

    @Test func observingTheCurrentStatusFiresAtOnce() async throws {
        let (_, storage) = try makeStorage()
        let task = storage.reference(withPath: "a").putData(Data("a".utf8))
        try await waitUntil { task.snapshot.status == .success }
        let fired = Locked<[StorageTaskStatus]>([])
        task.observe(.success) { snapshot in fired.withLock { $0.append(snapshot.status) } }
        try await waitUntil { fired.withLock { !$0.isEmpty } }
        #expect(fired.withLock { $0 } == [.success])
        #expect(task.core.observerCount == 0)
    }

    @Test func pauseWaitsBetweenChunksAndResumeFinishes() async throws {
        let backend = GatedBackend(heldChunk: 2)
        let (_, storage) = try makeStorage(backend: backend)
        let data = testBytes(Int(4 * chunk))
        let task = storage.reference(withPath: "a").putData(data)
        let log = EventLog(task)
        try await waitUntil { backend.chunkCallCount == 2 }
        task.pause()
        backend.gate.open()
        try await waitUntil { task.snapshot.completedUnitCount == 2 * chunk }
        #expect(task.snapshot.status == .pause)
        #expect(backend.chunkCallCount == 2)
        task.resume()
        try await waitUntil { log.isOver }
        #expect(log.statuses == [.resume, .progress, .pause, .resume, .progress, .progress, .success])
        #expect(backend.local.storedData(bucket: storage.bucket, path: "a") == data)
    }

    @Test func cancelFailsWithCancelledAndRemovesObservers() async throws {
        let backend = GatedBackend(heldChunk: 2)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(Int(4 * chunk)))
        let log = EventLog(task)
        try await waitUntil { backend.chunkCallCount == 2 }
        task.cancel()
        #expect(task.core.observerCount == 0)
        backend.gate.open()
        try await waitUntil { backend.local.openUploadCount == 0 }
        try await waitUntil { log.isOver }
        #expect(log.statuses == [.resume, .progress, .failure])
        #expect(log.snapshots.last?.error?.code == .cancelled)
        #expect(task.snapshot.error?.code == .cancelled)
        #expect(backend.local.storedData(bucket: storage.bucket, path: "a") == nil)
        #expect(backend.chunkCallCount == 2)
    }

    @Test func nothingHappensAfterSuccess() async throws {
        let (_, storage) = try makeStorage()
        let task = storage.reference(withPath: "a").putData(Data("a".utf8))
        try await waitUntil { task.snapshot.status == .success }
        task.cancel()
        task.pause()
        task.resume()
        #expect(task.snapshot.status == .success)
        #expect(task.snapshot.error == nil)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheUpload() async throws {
        let backend = GatedBackend(heldChunk: 1)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "a")
        let upload = Task { await storageErrorCode { try await ref.putDataAsync(testBytes(10)) } }
        try await waitUntil { backend.chunkCallCount == 1 }
        upload.cancel()
        #expect(await upload.value == .cancelled)
        backend.gate.open()
    }

    @Test func deletingTheAppCancelsRunningUploads() async throws {
        let backend = GatedBackend(heldChunk: 1)
        let (app, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(10))
        try await waitUntil { backend.chunkCallCount == 1 }
        await app.delete()
        #expect(task.snapshot.error?.code == .cancelled)
        #expect(storage.runningTaskCount == 0)
        backend.gate.open()
        let late = storage.reference(withPath: "b").putData(testBytes(10))
        #expect(late.snapshot.error?.code == .cancelled)
    }
}
