// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Task observers")
struct ObserverTests {
    private let chunk = Storage.chunkGranularity

    @Test func aRemovedObserverIsNotCalled() async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(Int(2 * chunk)))
        let removed = Locked(0)
        let handle = task.observe(.progress) { _ in removed.withLock { $0 += 1 } }
        task.removeObserver(withHandle: handle)
        let log = EventLog(task)
        backend.gate.open()
        try await waitUntil { log.isOver }
        #expect(log.progress == [chunk, 2 * chunk])
        #expect(removed.withLock { $0 } == 0)
    }

    @Test func removeAllObserversForAStatusKeepsTheOthers() async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(Int(chunk)))
        let log = EventLog(task)
        task.removeAllObservers(for: .progress)
        backend.gate.open()
        try await waitUntil { log.isOver }
        #expect(log.statuses == [.resume, .success])
    }

    @Test func removeAllObserversRemovesEveryOne() async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "a").putData(testBytes(Int(chunk)))
        _ = EventLog(task)
        #expect(task.core.observerCount == 5)
        task.removeAllObservers()
        #expect(task.core.observerCount == 0)
        backend.gate.open()
        try await waitUntil { task.snapshot.status == .success }
    }

    @Test func observersRunOnTheCallbackQueue() async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let queue = DispatchQueue(label: "flint.storage.tests.callbacks")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 42)
        storage.callbackQueue = queue
        let task = storage.reference(withPath: "a").putData(testBytes(10))
        let seen = Locked<Int?>(nil)
        task.observe(.success) { _ in seen.withLock { $0 = DispatchQueue.getSpecific(key: key) } }
        backend.gate.open()
        try await waitUntil { seen.withLock { $0 != nil } }
        #expect(seen.withLock { $0 } == 42)
    }
}
