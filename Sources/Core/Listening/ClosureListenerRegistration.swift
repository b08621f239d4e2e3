// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A registration whose ``remove()`` runs a closure exactly once.
///
/// Use it when a listener lives somewhere other than a ``ListenerBroadcaster`` (a delegate slot, a timer, a
/// backend subscription): the closure undoes the registration. The closure runs on the thread of the first
/// `remove()` call, without any lock held, and is released afterwards so nothing it captures outlives removal.
public final class ClosureListenerRegistration: ListenerRegistration {
    /// The removal action; taken out (set to nil) by the first `remove()`.
    private let onRemove: Locked<(@Sendable () -> Void)?>

    /// Creates a registration that runs `onRemove` the first time ``remove()`` is called.
    public init(_ onRemove: @escaping @Sendable () -> Void) {
        self.onRemove = Locked(onRemove)
    }

    /// Runs the removal closure if this is the first call; later calls do nothing.
    public func remove() {
        let action = onRemove.withLock { slot in
            let action = slot
            slot = nil
            return action
        }
        action?()
    }

    /// Whether ``remove()`` has been called (true as soon as the first call has claimed the closure).
    public var isRemoved: Bool {
        onRemove.withLock { $0 == nil }
    }
}
