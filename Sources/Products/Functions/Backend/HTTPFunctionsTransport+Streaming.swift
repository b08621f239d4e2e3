// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPFunctionsTransport {
    /// Sends a streaming `request` over its own `URLSession` (same configuration as the transport's), and
    /// returns when the response head arrives; the body streams as the server writes it.
    ///
    /// Failures before the head are mapped as in ``send(_:)`` (`deadlineExceeded`, `cancelled`,
    /// `unavailable`); a failure mid-body ends the body with `dataLoss` (`deadlineExceeded` for a timeout).
    /// Ending the body's iteration (cancelling it, or dropping the body once done with it, for example after
    /// a malformed or error event while the server keeps writing), or cancelling the calling task before the
    /// head, cancels the data task, which closes the connection.
    public func stream(_ request: CallableRequest) async throws -> CallableStreamingResponse {
        let urlRequest = Self.urlRequest(for: request)
        let delegate = StreamingTaskDelegate()
        let session = session
        return try await delegate.start {
            URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: nil)
                .dataTask(with: urlRequest)
        }
    }
}

/// The delegate of one streaming data task: hands the head to the waiting caller, then the body chunks to
/// the body stream; invalidates its session when the task completes.
/// Like every session of the transport, it refuses redirects (as FlintProductSupport's `CredentialSafeSession`).
private final class StreamingTaskDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var head: CheckedContinuation<CallableStreamingResponse, any Error>?
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

    override init() {
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        bodyContinuation = continuation
        state = Locked(State(body: body))
        super.init()
    }

    /// The body, once: the delegate keeps no reference to it afterwards.
    private func takeBody() -> AsyncThrowingStream<Data, any Error> {
        state.withLock { state in
            defer { state.body = nil }
            return state.body
        } ?? AsyncThrowingStream { $0.finish() }
    }

    /// Creates the task with `make`, starts it and waits for the response head (creating and starting happen
    /// on the ``URLSessionCalls`` queue).
    func start(_ make: @escaping @Sendable () -> URLSessionDataTask) async throws -> CallableStreamingResponse {
        bodyContinuation.onTermination = { [pending] termination in
            if case .cancelled = termination { pending.cancel() }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { $0.head = continuation }
                pending.start(make) { [self] in
                    takeHead()?.resume(throwing: FunctionsError(.cancelled))
                }
            }
        } onCancel: {
            pending.cancel()
        }
    }

    /// The caller waiting for the head, if it still waits; from now on the head counts as delivered.
    private func takeHead() -> CheckedContinuation<CallableStreamingResponse, any Error>? {
        state.withLock { state in
            defer { state.head = nil }
            state.headDelivered = true
            return state.head
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let head = takeHead()
        guard let http = response as? HTTPURLResponse else {
            head?.resume(throwing: FunctionsError(.unavailable, message: "Response was not an HTTP response."))
            completionHandler(.cancel)
            return
        }
        head?.resume(returning: CallableStreamingResponse(statusCode: http.statusCode, body: takeBody()))
        completionHandler(.allow)
    }

    /// A redirect is refused, so that the tokens never reach another host, and answered here with its own 3xx
    /// status, so the stream fails like a call does; the task is cancelled (FoundationNetworking does not always
    /// deliver a refused redirect's response to a data delegate).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
        let head = takeHead()
        bodyContinuation.finish()
        head?.resume(returning: CallableStreamingResponse(statusCode: response.statusCode, body: takeBody()))
        pending.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bodyContinuation.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (head, delivered) = state.withLock { state in
            defer { state.head = nil }
            return (state.head, state.headDelivered)
        }
        if let head {
            head.resume(
                throwing: error.map(HTTPFunctionsTransport.mapped)
                    ?? FunctionsError(.unavailable, message: "No response."))
        }
        if let error, delivered {
            bodyContinuation.finish(throwing: Self.bodyError(error))
        } else {
            bodyContinuation.finish()
        }
        session.finishTasksAndInvalidate()
    }

    /// A failure after the head: `dataLoss`, or `deadlineExceeded` / `cancelled`.
    private static func bodyError(_ error: any Error) -> FunctionsError {
        switch (error as? URLError)?.code {
        case .timedOut?: FunctionsError(.deadlineExceeded)
        case .cancelled?: FunctionsError(.cancelled)
        default: FunctionsError(.dataLoss, message: "The stream was interrupted: \(error.localizedDescription)")
        }
    }
}
