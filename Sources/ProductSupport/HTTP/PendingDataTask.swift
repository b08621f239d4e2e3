// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSession` task that may be cancelled before it starts: the bridge between a Swift task's cancellation
/// handler (which may run first) and the data task the operation creates. Creating, resuming and cancelling
/// all happen on the ``URLSessionCalls`` queue, in the order they were asked for, so the calling thread never
/// waits for `URLSession`.
///
/// ```swift
/// let pending = PendingDataTask()
/// try await withTaskCancellationHandler {
///     try await withCheckedThrowingContinuation { continuation in
///         pending.start {
///             session.dataTask(with: request) { data, response, error in … }
///         } orIfCancelled: {
///             continuation.resume(throwing: CancellationError())
///         }
///     }
/// } onCancel: {
///     pending.cancel()
/// }
/// ```
///
/// ``URLSessionCalls/data(for:in:deadline:maximumSize:)`` is this pattern, ready-made (with a deadline and a limit
/// on the body).
public final class PendingDataTask: Sendable {
    private enum State {
        case idle
        case running(URLSessionTask)
        case cancelled
    }

    /// Changed only on the ``URLSessionCalls`` queue; the lock makes that visible to the compiler.
    private let state = Locked<State>(.idle)

    /// A pending task with nothing started yet.
    public init() {}

    /// Creates the task with `make` and resumes it; when ``cancel()`` was asked for first, runs
    /// `orIfCancelled` instead and never calls `make`. Returns at once: both happen on the
    /// ``URLSessionCalls`` queue.
    public func start(
        _ make: @escaping @Sendable () -> URLSessionTask,
        orIfCancelled: @escaping @Sendable () -> Void
    ) {
        URLSessionCalls.run { [self] in
            let cancelled = state.withLock { state -> Bool in
                if case .cancelled = state { return true }
                return false
            }
            if cancelled {
                orIfCancelled()
                return
            }
            let task = make()
            state.withLock { $0 = .running(task) }
            task.resume()
        }
    }

    /// Cancels the running task, or the task about to start. Returns at once (the cancellation happens on the
    /// ``URLSessionCalls`` queue).
    public func cancel() {
        URLSessionCalls.run { [self] in
            let running = state.withLock { state -> URLSessionTask? in
                defer { state = .cancelled }
                if case .running(let task) = state { return task }
                return nil
            }
            running?.cancel()
        }
    }
}
