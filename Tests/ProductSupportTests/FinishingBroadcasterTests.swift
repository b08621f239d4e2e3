// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintProductSupport

@Suite("FinishingBroadcaster: listeners and streams that finish")
struct FinishingBroadcasterTests {
    @Test func listenersGetValuesInOrderUntilRemoved() {
        let broadcaster = FinishingBroadcaster<Int>()
        let received = Locked<[String]>([])
        let first = broadcaster.addListener { value in received.withLock { $0.append("a\(value)") } }
        _ = broadcaster.addListener { value in received.withLock { $0.append("b\(value)") } }
        broadcaster.send(1)
        first.remove()
        broadcaster.send(2)
        #expect(received.withLock { $0 } == ["a1", "b1", "b2"])
        #expect(broadcaster.listenerCount == 1)
    }

    @Test func aListenerRemovedDuringASendIsNotCalled() {
        let broadcaster = FinishingBroadcaster<Int>()
        let calls = Locked(0)
        let second = Locked<(any ListenerRegistration)?>(nil)
        _ = broadcaster.addListener { _ in second.withLock { $0 }?.remove() }
        second.withLock { $0 = broadcaster.addListener { _ in calls.withLock { $0 += 1 } } }
        broadcaster.send(1)
        #expect(calls.withLock { $0 } == 0)
    }

    @Test func finishTellsListenersOnceAndLaterOnesAtOnce() {
        let broadcaster = FinishingBroadcaster<Int>()
        let finished = Locked(0)
        _ = broadcaster.addListener(onFinish: { finished.withLock { $0 += 1 } }) { _ in }
        broadcaster.finish()
        broadcaster.finish()
        #expect(finished.withLock { $0 } == 1)
        _ = broadcaster.addListener(onFinish: { finished.withLock { $0 += 1 } }) { _ in }
        #expect(finished.withLock { $0 } == 2)
        #expect(broadcaster.listenerCount == 0)
        #expect(broadcaster.isFinished)
    }

    @Test func aStreamYieldsThenFinishesWithTheBroadcaster() async throws {
        let broadcaster = FinishingBroadcaster<Int>()
        let consumer = Task { () -> [Int] in
            var values: [Int] = []
            for await value in broadcaster.stream() { values.append(value) }
            return values
        }
        try await waitUntil { broadcaster.listenerCount == 1 }
        broadcaster.send(1)
        broadcaster.send(2)
        broadcaster.finish()
        #expect(try await value(of: consumer) == [1, 2])
    }

    @Test func cancellingAStreamRemovesItsListener() async throws {
        let broadcaster = FinishingBroadcaster<Int>()
        let consumer = Task { for await _ in broadcaster.stream() {} }
        try await waitUntil { broadcaster.listenerCount == 1 }
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { broadcaster.listenerCount == 0 }
    }

    @Test func aThrowingStreamThrowsAFailureAndRemovesItsListener() async throws {
        let broadcaster = FinishingBroadcaster<Result<Int, any Error>>()
        let consumer = Task { for try await _ in broadcaster.throwingStream() {} }
        try await waitUntil { broadcaster.listenerCount == 1 }
        broadcaster.send(.success(1))
        broadcaster.send(.failure(FakeError("broken")))
        await #expect(throws: FakeError("broken")) { try await value(of: consumer) }
        try await waitUntil { broadcaster.listenerCount == 0 }
    }
}
