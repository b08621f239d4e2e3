import FlintCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLSession` data task that may be cancelled before it starts: the bridge between a Swift task's
/// cancellation handler (which may run first) and the data task the operation creates. Products' HTTP clients use
/// it so that cancelling the awaiting task cancels the request, whenever it happens.
///
/// ```swift
/// let pending = PendingDataTask()
/// try await withTaskCancellationHandler {
///     try await withCheckedThrowingContinuation { continuation in
///         let task = session.dataTask(with: request) { data, response, error in … }
///         if !pending.start(task) { continuation.resume(throwing: CancellationError()) }
///     }
/// } onCancel: {
///     pending.cancel()
/// }
/// ```
public final class PendingDataTask: Sendable {
    private enum State {
        case idle
        case running(URLSessionDataTask)
        case cancelled
    }

    private let state = Locked<State>(.idle)

    /// A pending task with nothing started yet.
    public init() {}

    /// Resumes `task` and returns true; returns false (leaving `task` unstarted) when ``cancel()`` came first.
    public func start(_ task: URLSessionDataTask) -> Bool {
        let started = state.withLock { state -> Bool in
            if case .cancelled = state { return false }
            state = .running(task)
            return true
        }
        if started { task.resume() }
        return started
    }

    /// Cancels the running task, or the task about to start.
    public func cancel() {
        let running = state.withLock { state -> URLSessionDataTask? in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        running?.cancel()
    }
}
