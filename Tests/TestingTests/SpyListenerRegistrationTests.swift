// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite struct SpyListenerRegistrationTests {
    @Test func countsEveryRemoveCall() {
        let spy = SpyListenerRegistration()
        #expect(spy.removeCount == 0)
        #expect(!spy.isRemoved)
        let registration: any ListenerRegistration = spy
        registration.remove()
        registration.remove()
        #expect(spy.removeCount == 2)
        #expect(spy.isRemoved)
    }

    @Test func runsOnRemoveOnEveryCall() {
        let calls = Locked(0)
        let spy = SpyListenerRegistration { calls.withLock { $0 += 1 } }
        spy.remove()
        spy.remove()
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func waitForRemovalReturnsAtOnceWhenAlreadyRemoved() async throws {
        let spy = SpyListenerRegistration()
        spy.remove()
        try await spy.waitForRemoval(timeout: .zero)
    }

    @Test func waitForRemovalReturnsWhenAnotherTaskRemoves() async throws {
        let spy = SpyListenerRegistration()
        let remover = Task.detached(priority: Task.currentPriority) {
            await Task.yield()
            spy.remove()
        }
        try await spy.waitForRemoval()
        #expect(spy.removeCount == 1)
        await remover.value
    }

    @Test func manyWaitersAreAllWoken() async throws {
        let spy = SpyListenerRegistration()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask { try await spy.waitForRemoval() }
            }
            spy.remove()
            try await group.waitForAll()
        }
        #expect(spy.removeCount == 1)
    }

    @Test func waitForRemovalTimesOut() async throws {
        let spy = SpyListenerRegistration()
        await #expect(throws: TestTimeoutError.listenerNotRemoved(timeout: .milliseconds(50))) {
            try await spy.waitForRemoval(timeout: .milliseconds(50))
        }
        #expect(spy.removeCount == 0)
    }

    @Test func cancellingTheWaiterEndsTheWait() async throws {
        let spy = SpyListenerRegistration()
        let waiter = Task { try await spy.waitForRemoval(timeout: .seconds(60)) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await value(of: waiter) }
    }

    @Test func seesAStreamRemoveItsListenerWhenTheConsumerIsCancelled() async throws {
        let spy = SpyListenerRegistration()
        let started = SpyListenerRegistration()  // used as a one-shot "consumer started" signal
        let stream = AsyncStream<Int>.listening { yield in
            yield(1)
            return spy
        }
        let consumer = Task {
            for await _ in stream {
                started.remove()
            }
        }
        try await started.waitForRemoval()
        #expect(spy.removeCount == 0)
        consumer.cancel()
        try await spy.waitForRemoval()
        #expect(spy.removeCount == 1)
        try await value(of: consumer)
    }
}
