import Synchronization

/// A value behind a `Mutex`, in a class so that escaping `@Sendable` closures can share it.
final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// A box holding `value`.
    init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// The current value.
    var value: Value { mutex.withLock { $0 } }

    /// Runs `body` on the value under the lock; `body` must not call out to user code.
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R {
        mutex.withLock { body(&$0) }
    }
}
