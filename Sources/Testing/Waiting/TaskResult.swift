// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// How `task` ended, waiting at most `timeout` for it to finish.
///
/// ```swift
/// let consumer = Task { for try await _ in db.collection("items").snapshots {} }
/// await app.delete()
/// let outcome = try await result(of: consumer)   // .failure(FirestoreError(.cancelled, …))
/// ```
///
/// Use it instead of `await task.result` whenever the task ends only because something happens (a stream
/// finishes or throws, a gate opens, a request is answered): if that event never comes, the test fails
/// after `timeout` instead of hanging.
///
/// The wait is a one-shot continuation resumed by whichever comes first, the task's result or the
/// deadline; it does not rely on the task responding to cancellation. When the result wins, the deadline's
/// timer is cancelled at once. When the deadline wins, `task` is cancelled (before this function throws, so
/// `task.isCancelled` is true afterwards); a task that ignores cancellation is left to finish on its own.
/// Cancelling the calling task cancels `task` and keeps waiting, still bounded by `timeout`, for it to end.
/// The sleep is a deadline, never a means of synchronization.
///
/// - Parameters:
///   - task: the task to wait for.
///   - timeout: how long to wait at most (``defaultTestTimeout`` by default).
/// - Returns: the task's result: its value, or the error it threw.
/// - Throws: ``TestTimeoutError/taskNotFinished(timeout:)`` when `task` had not finished within `timeout`.
public func result<Success: Sendable, Failure: Error>(
    of task: Task<Success, Failure>,
    timeout: Duration = defaultTestTimeout
) async throws(TestTimeoutError) -> Result<Success, Failure> {
    let outcome: Result<Success, Failure>? = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Success, Failure>?, Never>) in
            // Whoever takes the continuation out first resumes it; the other finds nil and does nothing.
            let pending = Locked<CheckedContinuation<Result<Success, Failure>?, Never>?>(continuation)
            let claim: @Sendable () -> CheckedContinuation<Result<Success, Failure>?, Never>? = {
                pending.withLock { slot in
                    defer { slot = nil }
                    return slot
                }
            }
            let timer = startDeadline(timeout) {
                guard let continuation = claim() else { return }
                task.cancel()
                continuation.resume(returning: nil)
            }
            Task {
                let outcome = await task.result
                timer.cancel()
                claim()?.resume(returning: outcome)
            }
        }
    } onCancel: {
        task.cancel()
    }
    guard let outcome else {
        throw .taskNotFinished(timeout: timeout)
    }
    return outcome
}

/// The value of `task`, waiting at most `timeout` for it to finish; the task's error is rethrown.
///
/// ```swift
/// let write = Task { try await db.document("c/d").setData(["n": 1]) }
/// await db.enableNetwork()
/// try await value(of: write)
/// await #expect(throws: FunctionsError(.cancelled)) { _ = try await value(of: call) }
/// ```
///
/// The bounded form of `try await task.value`; see ``result(of:timeout:)`` for how the wait works and what
/// happens to `task` at the deadline.
///
/// - Parameters:
///   - task: the task to wait for.
///   - timeout: how long to wait at most (``defaultTestTimeout`` by default).
/// - Returns: the task's value.
/// - Throws: the task's own error when it threw; ``TestTimeoutError/taskNotFinished(timeout:)`` when it had
///   not finished within `timeout`.
public func value<Success: Sendable>(
    of task: Task<Success, any Error>,
    timeout: Duration = defaultTestTimeout
) async throws -> Success {
    try await result(of: task, timeout: timeout).get()
}

/// The value of a task that cannot fail, waiting at most `timeout` for it to finish.
///
/// ```swift
/// let consumer = Task { for await _ in auth.authStateChanges {} }
/// consumer.cancel()
/// try await value(of: consumer)   // the loop ended
/// ```
///
/// The bounded form of `await task.value`; see ``result(of:timeout:)`` for how the wait works and what
/// happens to `task` at the deadline.
///
/// - Parameters:
///   - task: the task to wait for.
///   - timeout: how long to wait at most (``defaultTestTimeout`` by default).
/// - Returns: the task's value.
/// - Throws: ``TestTimeoutError/taskNotFinished(timeout:)`` when `task` had not finished within `timeout`.
public func value<Success: Sendable>(
    of task: Task<Success, Never>,
    timeout: Duration = defaultTestTimeout
) async throws(TestTimeoutError) -> Success {
    try await result(of: task, timeout: timeout).get()
}
