// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The lifecycle of a long-lived listen over HTTP that reconnects (an event stream the client keeps open): the
/// task that runs it, the connection open now, and whether it was removed.
///
/// ``remove()`` cancels both; a connection opened after the removal is refused (``open(_:)`` answers false), so
/// nothing is delivered after it. The Realtime Database's event streams and Messaging's receive channel share it.
package final class StreamingListenTask: Sendable {
    private struct State {
        var started = false
        var removed = false
        var task: Task<Void, Never>?
        var connection: StreamingDataTask?
    }

    private let state = Locked(State())

    /// A listen not started yet.
    package init() {}

    /// Runs `body` in a task of its own: the first time only, and not after ``remove()``.
    package func start(_ body: @escaping @Sendable () async -> Void) {
        let go = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started && !state.removed
        }
        guard go else { return }
        let task = Task { await body() }
        let removed = state.withLock { state -> Bool in
            state.task = task
            return state.removed
        }
        if removed { task.cancel() }
    }

    /// Removes the listen: its task and its open connection are cancelled.
    package func remove() {
        let (task, connection) = state.withLock { state in
            state.removed = true
            return (state.task, state.connection)
        }
        task?.cancel()
        connection?.cancel()
    }

    /// Marks the listen ended by itself (nothing is cancelled); true the first time, false when it was removed or
    /// ended before (its end must then not be reported).
    package func end() -> Bool {
        state.withLock { state -> Bool in
            defer { state.removed = true }
            return !state.removed
        }
    }

    /// Whether the listen was removed or ended.
    package var isRemoved: Bool { state.withLock { $0.removed } }

    /// Makes `connection` the one open now (``remove()`` cancels it); false when the listen was removed, and the
    /// caller must then not use it.
    package func open(_ connection: StreamingDataTask) -> Bool {
        state.withLock { state -> Bool in
            state.connection = connection
            return !state.removed
        }
    }
}
