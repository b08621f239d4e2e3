// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streaming HTTP request on a `URLSession` of its own, of which it is the delegate: the response head
/// (status and body) is handed to the caller waiting in ``start(_:configuration:)``, then the body's chunks to
/// that body as they arrive. Used by FlintFunctions' streaming callables and the Realtime Database's event
/// streams; each product says how its failures read (``Failures``).
///
/// The task is created, started and cancelled through ``PendingDataTask`` (on the ``URLSessionCalls`` queue), so
/// no Swift concurrency thread waits for `URLSession`. Redirects are refused (credentials never move to another
/// host) and answered with their own 3xx status and an empty body. Ending the iteration of the body (cancelling
/// it, or dropping it: once handed out with the head only its reader holds it), cancelling the task waiting for
/// the head, or ``cancel()`` cancels the data task, which closes the connection. The session is invalidated
/// when the task completes.
package final class StreamingDataTask: NSObject, URLSessionDataDelegate, Sendable {
    /// The response head: its status, and the body as it arrives (it throws ``Failures/midBody`` when the
    /// connection fails mid-body).
    package struct Head: Sendable {
        /// The HTTP status code.
        package let statusCode: Int
        /// The body's bytes, chunk by chunk.
        package let body: AsyncThrowingStream<Data, any Error>
    }

    /// How the product reports the task's failures.
    package struct Failures: Sendable {
        /// What ``start(_:configuration:)`` throws when the response is not an HTTP response.
        package var notHTTP: @Sendable () -> any Error
        /// What ``start(_:configuration:)`` throws when the task was cancelled before it started.
        package var cancelled: @Sendable () -> any Error
        /// What ``start(_:configuration:)`` throws when the task ended before its head, with its error (nil
        /// when it ended without one).
        package var beforeHead: @Sendable ((any Error)?) -> any Error
        /// What ends the body when the connection fails after the head, from the task's error.
        package var midBody: @Sendable (any Error) -> any Error

        /// Failures as these closures say.
        package init(
            notHTTP: @escaping @Sendable () -> any Error, cancelled: @escaping @Sendable () -> any Error,
            beforeHead: @escaping @Sendable ((any Error)?) -> any Error,
            midBody: @escaping @Sendable (any Error) -> any Error
        ) {
            self.notHTTP = notHTTP
            self.cancelled = cancelled
            self.beforeHead = beforeHead
            self.midBody = midBody
        }
    }

    private struct State {
        var head: CheckedContinuation<Head, any Error>?
        var headDelivered = false
        /// The body until it is handed out with the head. From then on only its reader holds it, so that the
        /// reader dropping it ends the stream (`onTermination` with `.cancelled`), which cancels the task: a
        /// delegate holding it too would keep the connection open, and the chunks piling up, until the server
        /// closes it.
        var body: AsyncThrowingStream<Data, any Error>?
    }

    private let state: Locked<State>
    private let pending = PendingDataTask()
    private let bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let failures: Failures

    /// A task reporting its failures as `failures` say; nothing is sent before ``start(_:configuration:)``.
    package init(failures: Failures) {
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        bodyContinuation = continuation
        state = Locked(State(body: body))
        self.failures = failures
        super.init()
    }

    /// Sends `request` on a session of its own, made with the configuration `configuration` returns (called,
    /// like every `URLSession` call, on the ``URLSessionCalls`` queue), and returns the response's head once it
    /// arrived.
    /// - Throws: the ``Failures`` of a failure before the head.
    package func start(
        _ request: URLRequest, configuration: @escaping @Sendable () -> URLSessionConfiguration
    ) async throws -> Head {
        bodyContinuation.onTermination = { [pending] termination in
            if case .cancelled = termination { pending.cancel() }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { $0.head = continuation }
                pending.start { [self] in
                    let session = URLSession(configuration: configuration(), delegate: self, delegateQueue: nil)
                    return session.dataTask(with: request)
                } orIfCancelled: { [self] in
                    takeHead()?.resume(throwing: failures.cancelled())
                    bodyContinuation.finish()
                }
            }
        } onCancel: {
            pending.cancel()
        }
    }

    /// Closes the connection (later calls do nothing).
    package func cancel() {
        pending.cancel()
    }

    /// The caller waiting for the head, if it still waits; from now on the head counts as delivered.
    private func takeHead() -> CheckedContinuation<Head, any Error>? {
        state.withLock { state in
            defer { state.head = nil }
            state.headDelivered = true
            return state.head
        }
    }

    /// The head with `statusCode` and the body, once: the task keeps no reference to the body afterwards.
    private func head(statusCode: Int) -> Head {
        let body = state.withLock { state in
            defer { state.body = nil }
            return state.body
        }
        return Head(statusCode: statusCode, body: body ?? AsyncThrowingStream { $0.finish() })
    }

    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let waiting = takeHead()
        guard let http = response as? HTTPURLResponse else {
            waiting?.resume(throwing: failures.notHTTP())
            completionHandler(.cancel)
            return
        }
        waiting?.resume(returning: head(statusCode: http.statusCode))
        completionHandler(.allow)
    }

    /// A redirect is refused, so that credentials never reach another host, and answered here with its own 3xx
    /// status; the task is cancelled (FoundationNetworking does not always deliver a refused redirect's
    /// response to a data delegate).
    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
        let waiting = takeHead()
        bodyContinuation.finish()
        waiting?.resume(returning: head(statusCode: response.statusCode))
        pending.cancel()
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bodyContinuation.yield(data)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (waiting, delivered) = state.withLock { state in
            defer { state.head = nil }
            return (state.head, state.headDelivered)
        }
        waiting?.resume(throwing: failures.beforeHead(error))
        if let error, delivered {
            bodyContinuation.finish(throwing: failures.midBody(error))
        } else {
            bodyContinuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
