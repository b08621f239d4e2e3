// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A `ListenerRegistration` that records `remove()` calls, for testing that a stream or client removes
/// its listener when iteration ends, throws or is cancelled.
///
/// ```swift
/// let spy = SpyListenerRegistration()
/// let task = Task { for await _ in client.stream(registration: spy) {} }
/// task.cancel()
/// try await spy.waitForRemoval()          // event-driven, bounded by a timeout
/// #expect(spy.removeCount == 1)
/// ```
///
/// Thread-safe; `onRemove` runs outside the lock.
public final class SpyListenerRegistration: ListenerRegistration, Sendable {
    private let count = Locked(0)
    private let removal = Gate()
    private let onRemove: (@Sendable () -> Void)?

    /// A spy that, on every `remove()`, records the call and then runs `onRemove` (if given).
    public init(onRemove: (@Sendable () -> Void)? = nil) {
        self.onRemove = onRemove
    }

    /// How many times ``remove()`` was called; a correct client calls it exactly once.
    public var removeCount: Int { count.withLock { $0 } }

    /// Whether ``remove()`` was called at least once.
    public var isRemoved: Bool { removeCount > 0 }

    /// Records the call, wakes ``waitForRemoval(timeout:)`` and runs `onRemove`.
    public func remove() {
        count.withLock { $0 += 1 }
        removal.open()
        onRemove?()
    }

    /// Returns as soon as ``remove()`` has been called (at once if it already was).
    ///
    /// - Throws: ``TestTimeoutError/listenerNotRemoved(timeout:)`` when it was not called within
    ///   `timeout`; `CancellationError` when the waiting task is cancelled.
    public func waitForRemoval(timeout: Duration = defaultTestTimeout) async throws {
        if removal.isOpen { return }
        let removal = self.removal
        try await withDeadline(timeout, onTimeout: { TestTimeoutError.listenerNotRemoved(timeout: timeout) }) {
            await removal.wait()
            try Task.checkCancellation()
        }
    }
}
