// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Runs callbacks in the order they were enqueued, never under a lock and never two at a time: whoever
/// enqueues while nobody is delivering delivers (at once, on its own thread), everybody else only enqueues.
///
/// Callers enqueue while holding their own lock (so the order of the queue is the order of their state
/// changes) and call ``drain()`` after releasing it. A callback that causes more callbacks (a listener that
/// writes) has them delivered after it returns, by the same loop.
final class DeliveryQueue: Sendable {
    private struct State {
        var items: [@Sendable () -> Void] = []
        var head = 0
        var draining = false
    }

    private let state = Locked(State())

    /// Whether nothing is queued and nobody is delivering.
    var isIdle: Bool { state.withLock { !$0.draining && $0.head == $0.items.count } }

    /// Adds callbacks to the end of the queue.
    func enqueue(_ items: [@Sendable () -> Void]) {
        guard !items.isEmpty else { return }
        state.withLock { $0.items.append(contentsOf: items) }
    }

    /// Delivers everything queued, unless another thread is already doing so.
    func drain() {
        let start = state.withLock { state -> Bool in
            if state.draining || state.head == state.items.count { return false }
            state.draining = true
            return true
        }
        guard start else { return }
        while let item = next() {
            item()
        }
    }

    private func next() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard state.head < state.items.count else {
                state.items.removeAll(keepingCapacity: true)
                state.head = 0
                state.draining = false
                return nil
            }
            let item = state.items[state.head]
            state.head += 1
            return item
        }
    }
}
