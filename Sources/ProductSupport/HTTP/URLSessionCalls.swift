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

    /// The body and response of `request`, sent on `session` like `URLSession.data(for:)` but without waiting
    /// on the calling thread.
    ///
    /// Cancelling the calling task cancels the request, whenever it happens.
    ///
    /// - Throws: the task's error as `URLSession` reports it (a `URLError`); `URLError(.cancelled)` when the
    ///   calling task was cancelled, even before the request started.
    public static func data(for request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        let pending = PendingDataTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                pending.start {
                    session.dataTask(with: request) { data, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else if let response {
                            continuation.resume(returning: (data ?? Data(), response))
                        } else {
                            continuation.resume(throwing: URLError(.badServerResponse))
                        }
                    }
                } orIfCancelled: {
                    continuation.resume(throwing: URLError(.cancelled))
                }
            }
        } onCancel: {
            pending.cancel()
        }
    }
}
