import FlintCore

/// An event that happens at most once and that any number of tasks can await, without polling.
///
/// Waiting is cancellable: a cancelled waiter returns at once (the caller checks what happened).
final class OneShotSignal: Sendable {
    private struct State {
        var isFired = false
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Waiters cancelled before they could park their continuation.
        var cancelledWaiters: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// Whether ``fire()`` was called.
    var isFired: Bool { state.withLock { $0.isFired } }

    /// Marks the event as happened and resumes every waiter; later calls do nothing.
    func fire() {
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

    /// Returns once the event happened, or as soon as the calling task is cancelled.
    func wait() async {
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
