// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streaming HTTP request: the response head (status, headers and body) is handed to the caller waiting in
/// ``start(_:configuration:)`` or ``start(_:in:)``, then the body's chunks to that body as they arrive. Used by
/// FlintFunctions' streaming callables, the Realtime Database's event streams, and every other product request
/// (through ``URLSessionCalls/data(for:in:deadline:maximumSize:)``); each product says how its failures read
/// (``Failures``).
///
/// The task runs on a `URLSession` of its own, of which it is the delegate (``start(_:configuration:)``), or on a
/// session ``CredentialSafeSession`` made, whose delegate hands it this task's events (``start(_:in:)``: the
/// session's connections are reused). It is created, started and cancelled through ``PendingDataTask`` (on the
/// ``URLSessionCalls`` queue), so no Swift concurrency thread waits for `URLSession`. Redirects are refused
/// (credentials never move to another host) and answered with their own 3xx status and an empty body. Ending the
/// iteration of the body (cancelling it, or dropping it: once handed out with the head only its reader holds it),
/// cancelling the task waiting for the head, or ``cancel()`` cancels the data task, which closes the connection.
/// A body larger than the task's `maximumBodySize` is cut there: the connection is cancelled as soon as a chunk
/// goes past the limit (or at once, when `Content-Length` announces more), and the body ends with the
/// ``Failures/tooLarge`` error, so no more than the limit is ever buffered. A long-lived stream (no body limit)
/// may instead bound what waits for its reader (`maximumUnreadSize`): a server sending faster than the reader takes
/// it in cannot make the chunks pile up without bound. A session of its own is invalidated when the task
/// completes.
package final class StreamingDataTask: NSObject, URLSessionDataDelegate, Sendable {
    /// The response head: its status and headers, and the body as it arrives (it throws ``Failures/midBody``
    /// when the connection fails mid-body, ``Failures/tooLarge`` past the task's limit).
    package struct Head: Sendable {
        /// The response (a refused redirect's own 3xx response).
        package let response: HTTPURLResponse
        /// The body's bytes, chunk by chunk.
        package let body: AsyncThrowingStream<Data, any Error>

        /// The HTTP status code.
        package var statusCode: Int { response.statusCode }
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
        /// What ends the body when it is larger than the task's `maximumBodySize`, or more than its
        /// `maximumUnreadSize` waits for the reader (given the limit).
        package var tooLarge: @Sendable (Int) -> any Error

        /// Failures as these closures say; a body over the limit is `URLError(.dataLengthExceedsMaximum)` unless
        /// `tooLarge` says otherwise.
        package init(
            notHTTP: @escaping @Sendable () -> any Error, cancelled: @escaping @Sendable () -> any Error,
            beforeHead: @escaping @Sendable ((any Error)?) -> any Error,
            midBody: @escaping @Sendable (any Error) -> any Error,
            tooLarge: @escaping @Sendable (Int) -> any Error = { _ in URLError(.dataLengthExceedsMaximum) }
        ) {
            self.notHTTP = notHTTP
            self.cancelled = cancelled
            self.beforeHead = beforeHead
            self.midBody = midBody
            self.tooLarge = tooLarge
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
        /// How many body bytes arrived.
        var received = 0
        /// The bytes handed to the body and not read yet.
        var unread = UnreadBytes()
        /// Whether the body ended (too large): later chunks are dropped.
        var bodyEnded = false
        /// Whether the task runs on a session of its own (invalidated when it completes).
        var ownsSession = false
    }

    private let state: Locked<State>
    private let pending = PendingDataTask()
    private let bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let failures: Failures
    /// The largest body read: past it the connection is cancelled.
    private let maximumBodySize: Int
    /// The most bytes that may wait for the body's reader: past it the connection is cancelled.
    private let maximumUnreadSize: Int

    /// A task reporting its failures as `failures` say, reading at most `maximumBodySize` bytes of body, and
    /// closing the connection when more than `maximumUnreadSize` bytes arrived that the body's reader has not
    /// taken yet (a server sending faster than its reader can take in; no limits by default); nothing is sent
    /// before ``start(_:configuration:)`` or ``start(_:in:)``.
    package init(failures: Failures, maximumBodySize: Int = .max, maximumUnreadSize: Int = .max) {
        // Bounded by `Int.max` rather than unbounded, so that each yield tells how many chunks wait unread.
        let (body, continuation) = AsyncThrowingStream.makeStream(
            of: Data.self, bufferingPolicy: .bufferingOldest(.max))
        bodyContinuation = continuation
        state = Locked(State(body: body))
        self.failures = failures
        self.maximumBodySize = max(0, maximumBodySize)
        self.maximumUnreadSize = max(0, maximumUnreadSize)
        super.init()
    }

    /// Sends `request` on a session of its own, made with the configuration `configuration` returns (called,
    /// like every `URLSession` call, on the ``URLSessionCalls`` queue), and returns the response's head once it
    /// arrived.
    /// - Throws: the ``Failures`` of a failure before the head.
    package func start(
        _ request: URLRequest, configuration: @escaping @Sendable () -> URLSessionConfiguration
    ) async throws -> Head {
        try await start { [self] in
            state.withLock { $0.ownsSession = true }
            let session = URLSession(configuration: configuration(), delegate: self, delegateQueue: nil)
            return session.dataTask(with: request)
        }
    }

    /// Sends `request` on `session` when ``CredentialSafeSession`` made it (its delegate hands this task its
    /// events; the session's connections are reused), else on a session of its own with `session`'s
    /// configuration; returns the response's head once it arrived.
    /// - Throws: the ``Failures`` of a failure before the head.
    package func start(_ request: URLRequest, in session: URLSession) async throws -> Head {
        try await start { [self] in
            guard let router = session.delegate as? RedirectRefusal else {
                state.withLock { $0.ownsSession = true }
                let own = URLSession(configuration: session.configuration, delegate: self, delegateQueue: nil)
                return own.dataTask(with: request)
            }
            let task = session.dataTask(with: request)
            router.route(task, to: self)
            return task
        }
    }

    /// Starts the data task `make` creates (on the ``URLSessionCalls`` queue) and waits for its head.
    private func start(_ make: @escaping @Sendable () -> URLSessionTask) async throws -> Head {
        bodyContinuation.onTermination = { [pending] termination in
            if case .cancelled = termination { pending.cancel() }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { $0.head = continuation }
                pending.start(make) { [self] in
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

    /// The head with `response` and the body, once: the task keeps no reference to the body afterwards.
    private func head(_ response: HTTPURLResponse) -> Head {
        let body = state.withLock { state in
            defer { state.body = nil }
            return state.body
        }
        return Head(response: response, body: body ?? AsyncThrowingStream { $0.finish() })
    }

    /// Ends the body with ``Failures/tooLarge`` for `limit` and closes the connection (through ``PendingDataTask``:
    /// never from the delegate's thread, which would wait there, unable to drop the chunks that still arrive, until
    /// the session's work queue is free, which a fast transfer keeps busy); the chunks arriving meanwhile are
    /// dropped.
    private func refuseBody(_ limit: Int) {
        state.withLock { $0.bodyEnded = true }
        bodyContinuation.finish(throwing: failures.tooLarge(limit))
        pending.cancel()
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
        waiting?.resume(returning: head(http))
        if http.expectedContentLength > maximumBodySize {
            completionHandler(.cancel)
            refuseBody(maximumBodySize)
            return
        }
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
        waiting?.resume(returning: head(response))
        pending.cancel()
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let accepted = state.withLock { state -> Bool? in
            guard !state.bodyEnded else { return nil }
            state.received += data.count
            return state.received <= maximumBodySize
        }
        switch accepted {
        case true?:
            let result = bodyContinuation.yield(data)
            guard maximumUnreadSize < .max else { return }
            let unread = state.withLock { $0.unread.record(data.count, after: result) }
            if unread > maximumUnreadSize { refuseBody(maximumUnreadSize) }
        case false?: refuseBody(maximumBodySize)
        case nil: break
        }
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (waiting, delivered, ownsSession) = state.withLock { state in
            defer { state.head = nil }
            return (state.head, state.headDelivered, state.ownsSession)
        }
        waiting?.resume(throwing: failures.beforeHead(error))
        if let error, delivered {
            bodyContinuation.finish(throwing: failures.midBody(error))
        } else {
            bodyContinuation.finish()
        }
        if ownsSession { session.finishTasksAndInvalidate() }
    }
}
