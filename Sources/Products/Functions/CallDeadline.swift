// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Races an operation against a deadline without waiting for the loser: at the deadline the caller gets
/// `deadlineExceeded` at once and the operation is cancelled (a handler that ignores cancellation keeps
/// running in the background, but nobody waits for it). Cancelling the calling task answers `cancelled`
/// at once, the same way.
enum CallDeadline {
    /// The value of `operation`, or ``FunctionsError`` `deadlineExceeded` after `seconds` (no deadline when
    /// `seconds` is infinite or NaN), or `cancelled` when the calling task is cancelled first.
    static func run<T: Sendable>(
        seconds: Double,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let outcome = SingleOutcome<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard outcome.install(continuation) else { return }  // cancelled already
                let work = Task {
                    do {
                        outcome.resume(with: .success(try await operation()))
                    } catch {
                        outcome.resume(with: .failure(error))
                    }
                }
                let timer = Task {
                    guard seconds.isFinite else { return }
                    try? await Task.sleep(for: .seconds(max(seconds, 0)))
                    guard !Task.isCancelled else { return }
                    outcome.resume(with: .failure(FunctionsError(.deadlineExceeded)))
                }
                outcome.setTasks(work: work, timer: timer)
            }
        } onCancel: {
            outcome.resume(with: .failure(FunctionsError(.cancelled)))
        }
    }
}

/// Resumes one continuation with the first outcome, and cancels the work and the timer then.
private final class SingleOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var early: Result<T, any Error>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
    }

    private let state = Locked(State())

    /// Installs the continuation and returns true; when an outcome (cancellation) came first, resumes the
    /// continuation with it at once and returns false.
    func install(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let early = state.withLock { state -> Result<T, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Records the tasks to cancel; cancels them at once when the outcome is already known.
    func setTasks(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let finished = state.withLock { state -> Bool in
            state.tasks = [work, timer]
            return state.finished
        }
        if finished {
            work.cancel()
            timer.cancel()
        }
    }

    /// Delivers the first outcome; later ones are ignored.
    func resume(with result: Result<T, any Error>) {
        let (continuation, tasks) = state.withLock {
            state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
            guard !state.finished else { return (nil, []) }
            state.finished = true
            if state.continuation == nil { state.early = result }
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        continuation?.resume(with: result)
        for task in tasks { task.cancel() }
    }
}
