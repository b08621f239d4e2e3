// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A gate that opens once and that any number of tasks can await, without polling or sleeping: hold a
/// fake backend's request until the test has set the scene, then ``open()``.
///
/// ```swift
/// let gate = Gate()
/// backend.onRefresh = { await gate.wait() }   // every refresh parks here
/// async let a = user.getIDToken(forcingRefresh: true)
/// gate.open()
/// ```
///
/// In a test body, await the gate with ``wait(timeout:)``: if the event that opens it never comes, the test
/// fails with ``TestTimeoutError/gateNotOpened(timeout:)`` instead of hanging.
///
/// ```swift
/// let started = Gate()
/// let consumer = Task { for await _ in auth.authStateChanges { started.open() } }
/// try await started.wait(timeout: defaultTestTimeout)   // fails, instead of hanging, if no value ever comes
/// ```
///
/// Waiting is cancellable: a cancelled waiter returns at once (the caller checks what happened).
public final class Gate: Sendable {
    /// Why a waiter was woken.
    private enum Wake: Sendable {
        case opened
        case cancelled
        case timedOut
    }

    /// Where one waiter stands; a waiter leaves the table once it is woken.
    private enum Waiter {
        /// It has an id but has not parked its continuation yet.
        case registered
        /// It is parked, to be resumed exactly once by whoever removes it from the table.
        case parked(CheckedContinuation<Wake, Never>)
        /// It was cancelled or timed out before it could park; it resumes itself when it tries to.
        case wokenEarly(Wake)
    }

    private struct State {
        var isFired = false
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]

        /// Waiters that have not been woken yet.
        var waitingCount: Int {
            waiters.values.count { if case .wokenEarly = $0 { false } else { true } }
        }
    }

    private let state = Locked(State())

    /// Creates a closed gate.
    public init() {}

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLock { $0.isFired } }

    /// How many tasks are waiting on the gate right now, through ``wait()`` or ``wait(timeout:)``.
    ///
    /// A waiter counts from the moment it starts waiting until it is let through, cancelled or timed out, so
    /// a test can check that every caller reached the gate before it opens it:
    /// ```swift
    /// try await waitUntil { gate.waiterCount == 4 }
    /// gate.open()
    /// ```
    public var waiterCount: Int { state.withLock { $0.waitingCount } }

    /// Opens the gate: every waiter, present and future, goes through; later calls do nothing.
    public func open() {
        let parked: [CheckedContinuation<Wake, Never>] = state.withLock { state in
            guard !state.isFired else { return [] }
            state.isFired = true
            let parked = state.waiters.values.compactMap { waiter -> CheckedContinuation<Wake, Never>? in
                if case .parked(let continuation) = waiter { return continuation }
                return nil
            }
            // Waiters that have not parked yet see `isFired` when they try to.
            state.waiters = [:]
            return parked
        }
        for continuation in parked {
            continuation.resume(returning: .opened)
        }
    }

    /// Returns once the gate is open, or as soon as the calling task is cancelled. There is no deadline.
    ///
    /// Use it where the wait is already bounded by something else: inside a fake backend's request or a task
    /// that the test awaits through ``value(of:timeout:)-(Task<Success,Never>,_)`` or ``result(of:timeout:)``. In a test body, prefer
    /// ``wait(timeout:)``, which fails instead of hanging when the gate is never opened.
    public func wait() async {
        _ = await wake(timeout: nil)
    }

    /// Returns once the gate is open (at once if it already is), waiting at most `timeout`.
    ///
    /// The bounded form of ``wait()``, for test bodies: when the event that opens the gate never comes, the
    /// test fails with ``TestTimeoutError/gateNotOpened(timeout:)`` instead of hanging. At the deadline the
    /// waiter is taken off the gate before the error is thrown, so a later ``open()`` does not resume it
    /// again. The sleep is a deadline, never a means of synchronization.
    ///
    /// A cancelled waiter returns at once without throwing, as with ``wait()``; check ``isOpen`` when it
    /// matters.
    ///
    /// - Parameter timeout: how long to wait at most. It has no default, so that `wait()` always means the
    ///   unbounded form; FlintTesting's other helpers use ``defaultTestTimeout``.
    /// - Throws: ``TestTimeoutError/gateNotOpened(timeout:)`` when the gate was not opened within `timeout`.
    public func wait(timeout: Duration) async throws(TestTimeoutError) {
        if await wake(timeout: timeout) == .timedOut {
            throw .gateNotOpened(timeout: timeout)
        }
    }

    /// Parks the calling task until the gate opens, the task is cancelled or `timeout` (if any) passes.
    private func wake(timeout: Duration?) async -> Wake {
        let id: UInt64? = state.withLock { state in
            guard !state.isFired else { return nil }
            state.nextWaiterID += 1
            state.waiters[state.nextWaiterID] = .registered
            return state.nextWaiterID
        }
        guard let id else { return .opened }
        let timer = timeout.map { timeout in
            startDeadline(timeout) { self.wakeEarly(id, because: .timedOut) }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
                let resumeNow: Wake? = state.withLock { state in
                    if state.isFired {
                        state.waiters[id] = nil
                        return .opened
                    }
                    switch state.waiters[id] {
                    case .registered:
                        state.waiters[id] = .parked(continuation)
                        return nil
                    case .wokenEarly(let reason):
                        state.waiters[id] = nil
                        return reason
                    case .parked, nil:
                        // Unreachable: only this function parks `id`, and only `open()` (which sets
                        // `isFired`) removes a waiter that has not parked.
                        state.waiters[id] = nil
                        return .opened
                    }
                }
                if let resumeNow {
                    continuation.resume(returning: resumeNow)
                }
            }
        } onCancel: {
            wakeEarly(id, because: .cancelled)
        }
    }

    /// Wakes waiter `id` for `reason` unless something else already did: a parked waiter is taken off the
    /// gate and resumed (outside the lock); one that has not parked yet resumes itself when it tries to.
    private func wakeEarly(_ id: UInt64, because reason: Wake) {
        let parked: CheckedContinuation<Wake, Never>? = state.withLock { state in
            switch state.waiters[id] {
            case .registered:
                state.waiters[id] = .wokenEarly(reason)
                return nil
            case .parked(let continuation):
                state.waiters[id] = nil
                return continuation
            case .wokenEarly, nil:
                return nil  // already woken (or let through by `open()`): the first wake wins
            }
        }
        parked?.resume(returning: reason)
    }
}
