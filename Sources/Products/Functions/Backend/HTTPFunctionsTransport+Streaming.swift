import FlintCore
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
    /// Ending the body's iteration, or cancelling the calling task before the head, cancels the data task,
    /// which closes the connection.
    public func stream(_ request: CallableRequest) async throws -> CallableStreamingResponse {
        let urlRequest = Self.urlRequest(for: request)
        let delegate = StreamingTaskDelegate()
        let session = URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: urlRequest)
        return try await delegate.start(task)
    }
}

/// The delegate of one streaming data task: hands the head to the waiting caller, then the body chunks to
/// the body stream; invalidates its session when the task completes.
/// Like every session of the transport, it refuses redirects (as FlintProductSupport's `CredentialSafeSession`).
private final class StreamingTaskDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var head: CheckedContinuation<CallableStreamingResponse, any Error>?
        var task: URLSessionDataTask?
        var cancelled = false
        var headDelivered = false
    }

    private let state = Locked(State())
    private let body: AsyncThrowingStream<Data, any Error>
    private let bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation

    override init() {
        (body, bodyContinuation) = AsyncThrowingStream.makeStream(of: Data.self)
        super.init()
    }

    /// Starts `task` and waits for the response head.
    func start(_ task: URLSessionDataTask) async throws -> CallableStreamingResponse {
        bodyContinuation.onTermination = { [weak self] termination in
            if case .cancelled = termination { self?.cancel() }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let start = state.withLock { state -> Bool in
                    guard !state.cancelled else { return false }
                    state.head = continuation
                    state.task = task
                    return true
                }
                if start {
                    task.resume()
                } else {
                    continuation.resume(throwing: FunctionsError(.cancelled))
                    task.cancel()
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Cancels the task (before or after the head).
    private func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let head = state.withLock { state -> CheckedContinuation<CallableStreamingResponse, any Error>? in
            defer { state.head = nil }
            state.headDelivered = true
            return state.head
        }
        guard let http = response as? HTTPURLResponse else {
            head?.resume(throwing: FunctionsError(.unavailable, message: "Response was not an HTTP response."))
            completionHandler(.cancel)
            return
        }
        head?.resume(returning: CallableStreamingResponse(statusCode: http.statusCode, body: body))
        completionHandler(.allow)
    }

    /// A redirect is refused, so that the tokens never reach another host, and answered here with its own 3xx
    /// status, so the stream fails like a call does; the task is cancelled (FoundationNetworking does not always
    /// deliver a refused redirect's response to a data delegate).
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
        let head = state.withLock { state -> CheckedContinuation<CallableStreamingResponse, any Error>? in
            defer { state.head = nil }
            state.headDelivered = true
            return state.head
        }
        bodyContinuation.finish()
        head?.resume(returning: CallableStreamingResponse(statusCode: response.statusCode, body: body))
        task.cancel()
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
            head.resume(throwing: error.map(HTTPFunctionsTransport.mapped)
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
