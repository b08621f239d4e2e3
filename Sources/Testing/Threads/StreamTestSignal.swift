// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A one-shot event that plain threads can block on and tasks can await: the hand-off between code that must
/// block a thread (a factory that runs under a lock, work on a thread of its own) and the test that waits for it.
///
/// ```swift
/// let entered = StreamTestSignal()
/// let release = StreamTestSignal()
/// let done = startStreamTestThread {
///     entered.fire()
///     _ = release.waitBlocking()   // blocks this thread, never a task
/// }
/// #expect(await entered.wait())
/// release.fire()
/// #expect(await done.wait())
/// ```
///
/// Firing is one-way: later calls of ``fire()`` do nothing. Tasks wait through a ``Gate``; threads wait on a
/// condition variable. Both waits are bounded, so a broken test fails instead of hanging.
public final class StreamTestSignal: @unchecked Sendable {
    /// Guards `fired`; blocked threads wait on it.
    private let condition = NSCondition()
    /// Whether ``fire()`` was called. Guarded by `condition`.
    private var fired = false
    /// Opened by ``fire()``: what waiting tasks await.
    private let gate = Gate()

    /// A signal that has not fired yet.
    public init() {}

    /// Whether ``fire()`` was called.
    public var isFired: Bool {
        condition.lock()
        defer { condition.unlock() }
        return fired
    }

    /// Fires the signal and wakes every waiting thread and task; later calls do nothing.
    public func fire() {
        condition.lock()
        fired = true
        condition.broadcast()
        condition.unlock()
        gate.open()
    }

    /// Blocks the calling thread until the signal fires or `timeout` seconds pass.
    ///
    /// For threads only (see ``startStreamTestThread(_:)``): blocking a task would hold one of the few threads
    /// of Swift concurrency's cooperative pool. A task awaits ``wait(timeout:)`` instead.
    ///
    /// - Parameter timeout: how long to block at most, in seconds (by default as long as ``defaultTestTimeout``:
    ///   a parallel suite on a 2-core machine can keep a thread from running for tens of seconds).
    /// - Returns: whether the signal fired.
    public func waitBlocking(timeout: TimeInterval = 120) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !fired {
            if !condition.wait(until: deadline) { return fired }
        }
        return true
    }

    /// Suspends until the signal fires (returns at once if it has), `timeout` passes or the calling task is
    /// cancelled. The sleep is a deadline, never a means of synchronization.
    ///
    /// - Parameter timeout: how long to wait at most (``defaultTestTimeout`` by default).
    /// - Returns: whether the signal fired: false when `timeout` passed or the task was cancelled first.
    public func wait(timeout: Duration = defaultTestTimeout) async -> Bool {
        do {
            try await gate.wait(timeout: timeout)
        } catch {
            return false
        }
        return gate.isOpen  // a cancelled waiter returns without the gate being open
    }
}
