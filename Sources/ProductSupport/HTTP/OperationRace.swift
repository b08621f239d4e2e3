// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Races an operation against what may end it early, without waiting for the loser: a deadline, the calling
/// task's cancellation, and the closing of the ``InFlightOperations`` it runs in (its app being deleted). Whichever
/// comes first decides the caller's answer at once; the operation is then cancelled (an operation that ignores
/// cancellation keeps running in the background, but nobody waits for it).
///
/// ```swift
/// let value = try await OperationRace.run(deadline: 30, in: operations, endedBy: { ending in
///     ending == .deadline ? MyError.timedOut : MyError.cancelled
/// }) {
///     try await backend.fetch()
/// }
/// ```
///
/// ``URLSessionCalls/data(for:in:deadline:maximumSize:)`` bounds every product request this way; products run
/// their backend calls in their instance's ``InFlightOperations`` so that deleting the app ends them.
package enum OperationRace {
    /// What ended an operation before it finished.
    package enum Ending: Sendable, Equatable {
        /// Its deadline passed.
        case deadline
        /// The calling task was cancelled.
        case cancelled
        /// The ``InFlightOperations`` it ran in was closed (its app was deleted).
        case closed
    }

    /// The value of `operation`; or, whichever comes first, the error `endedBy` gives for `deadline` seconds
    /// passing (no deadline when `deadline` is infinite or NaN; one that is not positive passes at once), for the
    /// calling task's cancellation, or for `operations` being closed (before or during the call).
    ///
    /// - Throws: what `operation` throws, or what `endedBy` gives (both `E`: a product's typed error, or
    ///   `any Error`).
    package static func run<T: Sendable, E: Error>(
        deadline: Double = .infinity, in operations: InFlightOperations? = nil,
        endedBy: @escaping @Sendable (Ending) -> E,
        _ operation: @escaping @Sendable () async throws(E) -> T
    ) async throws(E) -> T {
        do {
            return try await race(deadline: deadline, in: operations, endedBy: endedBy, operation)
        } catch let error as E {
            throw error
        } catch {
            preconditionFailure("Only the operation's and endedBy's errors end a race: \(error)")
        }
    }

    private static func race<T: Sendable, E: Error>(
        deadline: Double, in operations: InFlightOperations?, endedBy: @escaping @Sendable (Ending) -> E,
        _ operation: @escaping @Sendable () async throws(E) -> T
    ) async throws -> T {
        let outcome = FirstOutcome<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard outcome.install(continuation) else { return }  // cancelled already
                let key = operations?.add { outcome.resume(with: .failure(endedBy(.closed))) }
                if operations != nil, key == nil {
                    outcome.resume(with: .failure(endedBy(.closed)))
                    return
                }
                let work = Task {
                    do {
                        outcome.resume(with: .success(try await operation()))
                    } catch {
                        outcome.resume(with: .failure(error))
                    }
                }
                var tasks = [work]
                if deadline.isFinite {
                    tasks.append(
                        Task {
                            try? await Task.sleep(for: .seconds(max(deadline, 0)))
                            guard !Task.isCancelled else { return }
                            outcome.resume(with: .failure(endedBy(.deadline)))
                        })
                }
                outcome.setTasks(tasks) {
                    if let key { operations?.remove(key) }
                }
            }
        } onCancel: {
            outcome.resume(with: .failure(endedBy(.cancelled)))
        }
    }
}

/// Resumes one continuation with the first outcome, then cancels the work and the timer and runs the cleanup.
private final class FirstOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var early: Result<T, any Error>?
        var tasks: [Task<Void, Never>] = []
        var cleanup: (@Sendable () -> Void)?
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

    /// Records the tasks to cancel and the cleanup to run once the outcome is known; cancels and cleans up at
    /// once when it is already known.
    func setTasks(_ tasks: [Task<Void, Never>], cleanup: @escaping @Sendable () -> Void) {
        let finished = state.withLock { state -> Bool in
            state.tasks = tasks
            state.cleanup = cleanup
            return state.finished
        }
        if finished {
            for task in tasks { task.cancel() }
            cleanup()
        }
    }

    /// Delivers the first outcome; later ones are ignored.
    func resume(with result: Result<T, any Error>) {
        let (continuation, tasks, cleanup) = state.withLock {
            state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>], (@Sendable () -> Void)?) in
            guard !state.finished else { return (nil, [], nil) }
            state.finished = true
            if state.continuation == nil { state.early = result }
            defer { state.continuation = nil }
            return (state.continuation, state.tasks, state.cleanup)
        }
        continuation?.resume(with: result)
        for task in tasks { task.cancel() }
        cleanup?()
    }
}
