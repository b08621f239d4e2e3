// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Synchronization
import Testing

// Small helpers for CoreTests (ListenerBroadcasterTests, StreamBridgeTests) and ProductSupportTests
// (KeyedInstanceCacheTests): a test-only module, shipped in no product.
// Every wait is bounded; nothing here sleeps to synchronize (the only sleep is a deadline's timer).

/// The timeout used by every bounded wait in the stream tests: generous, because it is only reached when
/// the behavior under test is broken.
public let streamTestTimeout: Duration = .seconds(120)

/// Thrown when a bounded wait reaches its deadline.
public struct StreamTestTimedOut: Error, Equatable {
    public init() {}
}

/// The error the stream tests send through failing listeners.
public enum StreamTestError: Error, Equatable {
    case boom
}

/// A value class whose identity the tests compare.
public final class StreamTestObject: Sendable {
    public let label: String
    public init(_ label: String = "") { self.label = label }
}

/// A thread-safe append-only log.
public final class StreamTestLog<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])
    public init() {}
    public func append(_ element: Element) { storage.withLock { $0.append(element) } }
    public var values: [Element] { storage.withLock { $0 } }
}

/// A one-shot event that threads can wait for (blocking, with a timeout) and tasks can await (with a deadline).
public final class StreamTestSignal: @unchecked Sendable {
    /// Guards every `var` below; blocked threads wait on it.
    private let condition = NSCondition()
    private var fired = false
    private var nextWaiterID = 0
    private var cancelledWaiters: Set<Int> = []
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]

    private func locked<R>(_ body: () -> R) -> R {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    public init() {}

    public var isFired: Bool { locked { fired } }

    /// Fires the signal (later calls do nothing) and wakes every waiter.
    public func fire() {
        let toResume = locked { () -> [CheckedContinuation<Bool, Never>] in
            guard !fired else { return [] }
            fired = true
            condition.broadcast()
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in toResume { waiter.resume(returning: true) }
    }

    /// Blocks the calling thread until fired or `timeout` seconds pass; true when fired. For threads only.
    public func waitBlocking(timeout: TimeInterval = 30) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return locked {
            while !fired {
                if !condition.wait(until: deadline) { return fired }
            }
            return true
        }
    }

    /// Suspends until fired or `timeout` passes; true when fired.
    public func wait(timeout: Duration = streamTestTimeout) async -> Bool {
        (try? await withStreamTestDeadline(timeout) { await self.waitUntilFiredOrCancelled() }) ?? false
    }

    private func waitUntilFiredOrCancelled() async -> Bool {
        let id = locked { () -> Int in
            nextWaiterID += 1
            return nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate = locked { () -> Bool? in
                    if fired { return true }
                    if cancelledWaiters.contains(id) { return false }
                    waiters[id] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = locked { () -> CheckedContinuation<Bool, Never>? in
                cancelledWaiters.insert(id)
                return waiters.removeValue(forKey: id)
            }
            waiter?.resume(returning: false)
        }
    }
}

/// Runs `operation`, throwing ``StreamTestTimedOut`` (and cancelling it) if it has not finished within
/// `timeout`. `operation` must end when cancelled.
public func withStreamTestDeadline<T: Sendable>(
    _ timeout: Duration = streamTestTimeout,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw StreamTestTimedOut()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw StreamTestTimedOut() }
        return first
    }
}

/// Runs `body` on a new thread (not a cooperative-pool thread, so it may block); the returned signal fires
/// when `body` has returned.
@discardableResult
public func startStreamTestThread(_ body: @escaping @Sendable () -> Void) -> StreamTestSignal {
    let done = StreamTestSignal()
    let thread = Thread {
        body()
        done.fire()
    }
    thread.start()
    return done
}

/// A registration that records every `remove()` call (not deduplicated, so double removal is visible),
/// forwards it to the registration it wraps, and fires ``removed``.
public final class StreamSpyRegistration: ListenerRegistration {
    private let inner = Locked<(any ListenerRegistration)?>(nil)
    private let removals = Atomic<Int>(0)
    /// Fires on the first `remove()`.
    public let removed = StreamTestSignal()
    /// Fires when ``wrapping(_:)`` is called, i.e. when the listener is in place.
    public let registered = StreamTestSignal()

    public init() {}

    /// How many times `remove()` was called.
    public var removeCount: Int { removals.load(ordering: .sequentiallyConsistent) }

    /// Wraps `registration` (usually `broadcaster.addListener(yield)`) and returns self.
    public func wrapping(_ registration: any ListenerRegistration) -> StreamSpyRegistration {
        inner.withLock { $0 = registration }
        registered.fire()
        return self
    }

    public func remove() {
        removals.add(1, ordering: .sequentiallyConsistent)
        inner.withLock { $0 }?.remove()
        removed.fire()
    }
}

/// A thread-safe counter (a class, so closures capture it like any other reference).
public final class StreamTestCounter: Sendable {
    private let storage = Atomic<Int>(0)
    public init() {}
    /// Adds one and returns the new value.
    @discardableResult
    public func increment() -> Int { storage.add(1, ordering: .sequentiallyConsistent).newValue }
    public var value: Int { storage.load(ordering: .sequentiallyConsistent) }
}
