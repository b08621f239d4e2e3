// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every call products make into `URLSession` that may wait: creating, resuming and cancelling tasks, making
/// sessions. They run on one serial queue of their own, never on the caller's thread.
///
/// On Linux, FoundationNetworking's `dataTask(with:)`, `resume()`, `cancel()` and `invalidateAndCancel()` wait
/// (`DispatchQueue.sync`) for the session's work queue, and Swift concurrency runs its tasks on Dispatch's
/// threads. A few tasks making such calls at once can hold every thread of the cooperative pool (two, on a
/// two-core machine) while the work they wait for needs one of them: everything else in the process stalls
/// for seconds. Calls made here only ever wait on this queue's own thread.
///
/// ```swift
/// let (data, response) = try await URLSessionCalls.data(for: request, in: session)
/// URLSessionCalls.run { task.cancel() }
/// ```
public enum URLSessionCalls {
    private static let queue = DispatchQueue(label: "Flint.URLSessionCalls")

    /// Runs `work` on the URLSession call queue, after the work handed over before it; returns at once.
    public static func run(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// The largest body ``data(for:in:deadline:maximumSize:)`` reads unless told otherwise: 16 MiB.
    public static let defaultMaximumSize = 16 << 20

    /// The body and response of `request`, sent on `session` like `URLSession.data(for:)` but without waiting
    /// on the calling thread, within a deadline for the whole exchange and a limit on the body's size.
    ///
    /// - `deadline` (seconds; the request's `timeoutInterval` when nil; none when infinite, NaN or not positive) bounds
    ///   the whole request, from its start to the body's last byte, unlike `URLSession`'s timeout, which only
    ///   bounds the time between two packets: a server dribbling its answer a byte at a time cannot stretch it. At
    ///   the deadline the caller gets `URLError(.timedOut)` at once and the request is cancelled.
    /// - The body is read as it arrives: once it grows past `maximumSize` bytes (or `Content-Length` announces
    ///   more) the connection is cancelled, and the call fails with `URLError(.dataLengthExceedsMaximum)`, having
    ///   buffered no more than the limit.
    /// - Cancelling the calling task cancels the request, whenever it happens.
    ///
    /// On a session ``CredentialSafeSession`` made, the request runs on that session (its connections reused);
    /// on another session, on a session of its own with that session's configuration, refusing redirects.
    ///
    /// - Throws: the task's error as `URLSession` reports it (a `URLError`); `URLError(.timedOut)` at the deadline;
    ///   `URLError(.dataLengthExceedsMaximum)` for a body over the limit; `URLError(.cancelled)` when the calling
    ///   task was cancelled, even before the request started.
    public static func data(
        for request: URLRequest, in session: URLSession, deadline: TimeInterval? = nil,
        maximumSize: Int = defaultMaximumSize
    ) async throws -> (Data, URLResponse) {
        let seconds = deadline ?? request.timeoutInterval
        return try await OperationRace.run(
            deadline: seconds > 0 ? seconds : .infinity,
            endedBy: { ending in URLError(ending == .deadline ? .timedOut : .cancelled) }
        ) {
            let task = StreamingDataTask(failures: failures, maximumBodySize: maximumSize)
            let head = try await task.start(request, in: session)
            var data = Data()
            for try await chunk in head.body { data.append(chunk) }
            return (data, head.response)
        }
    }

    /// The failures of a request: the session's own errors (`URLError(.badServerResponse)` for an answer that is
    /// not HTTP or a task that ended without one).
    private static let failures = StreamingDataTask.Failures(
        notHTTP: { URLError(.badServerResponse) }, cancelled: { URLError(.cancelled) },
        beforeHead: { error in error ?? URLError(.badServerResponse) }, midBody: { error in error })
}
