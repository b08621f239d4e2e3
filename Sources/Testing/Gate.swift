import FlintCore

/// A gate that opens once and that any number of tasks can await, without polling or sleeping: hold a
/// fake backend's request until the test has set the scene, then ``open()``.
///
/// ```swift
/// let gate = Gate()
/// backend.onRefresh = { await gate.wait() }   // every refresh parks here
/// async let a = auth.getIDToken(forcingRefresh: true)
/// gate.open()
/// ```
///
/// Waiting is cancellable: a cancelled waiter returns at once (the caller checks what happened).
public final class Gate: Sendable {
    private struct State {
        var isFired = false
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waiters cancelled before they could park their continuation.
        var cancelledWaiters: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// Creates a closed gate.
    public init() {}

    /// Whether ``open()`` was called.
    public var isOpen: Bool { state.withLock { $0.isFired } }

    /// Opens the gate: every waiter, present and future, goes through; later calls do nothing.
    public func open() {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            guard !state.isFired else { return [] }
            state.isFired = true
            let waiters = Array(state.waiters.values)
            state.waiters = [:]
            return waiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    /// Returns once the gate is open, or as soon as the calling task is cancelled.
    public func wait() async {
        let id = state.withLock {
            $0.nextWaiterID += 1
            return $0.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock {
                    if $0.isFired || $0.cancelledWaiters.remove(id) != nil { return true }
                    $0.waiters[id] = continuation
                    return false
                }
                if resumeNow {
                    continuation.resume()
                }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Void, Never>? = state.withLock {
                if let waiter = $0.waiters.removeValue(forKey: id) { return waiter }
                if !$0.isFired { $0.cancelledWaiters.insert(id) }
                return nil
            }
            waiter?.resume()
        }
    }
}
