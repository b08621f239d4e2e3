// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("progressUpdates streams")
struct ProgressUpdatesTests {
    private let chunk = Storage.chunkGranularity

    @Test func itYieldsProgressAndFinishesAfterSuccess() async throws {
        let backend = GatedBackend(heldChunk: 1)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(Int(3 * chunk)))
        let stream = task.progressUpdates
        backend.gate.open()
        // Three progress snapshots, then the stream finishes without an error.
        await #expect(throws: StreamFinishedEarlyError(expected: 4, received: 3)) {
            _ = try await collect(4, from: stream)
        }
        #expect(task.snapshot.status == .success)
        #expect(task.core.observerCount == 0)
    }

    @Test func itThrowsCancelledWhenTheTaskIsCancelled() async throws {
        let backend = GatedBackend(heldChunk: 1)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(10))
        let stream = task.progressUpdates
        task.cancel()
        #expect(await storageErrorCode { _ = try await collect(10, from: stream) } == .cancelled)
        backend.gate.open()
    }

    @Test func itRemovesItsObserversWhenTheConsumerStops() async throws {
        let backend = GatedBackend(heldChunk: 2)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(Int(3 * chunk)))
        let snapshot = try await first(of: task.progressUpdates)
        #expect(snapshot.completedUnitCount == chunk)
        try await waitUntil { task.core.observerCount == 0 }
        #expect(task.snapshot.status == .progress)
        task.cancel()
        backend.gate.open()
    }

    @Test func itFinishesWhenTheAppIsDeleted() async throws {
        let backend = GatedBackend(heldChunk: 1)
        let (app, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(10))
        let stream = task.progressUpdates
        #expect(task.core.observerCount == 3)
        await app.delete()
        #expect(await storageErrorCode { _ = try await collect(10, from: stream) } == .cancelled)
        #expect(task.core.observerCount == 0)
        backend.gate.open()
    }

    @Test func onAFinishedTaskItFinishesAtOnce() async throws {
        let (_, storage) = try makeStorage()
        let task = storage.reference(withPath: "a").putData(Data("a".utf8))
        try await waitUntil { task.snapshot.status == .success }
        await #expect(throws: StreamFinishedEarlyError(expected: 1, received: 0)) {
            _ = try await first(of: task.progressUpdates)
        }
    }
}
