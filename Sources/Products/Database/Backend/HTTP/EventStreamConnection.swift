// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streaming `GET` (an event stream): the response head is handed to the waiting caller, then the body
/// chunks to ``body`` as they arrive. Built like FlintFunctions' streaming calls: the task is created, started
/// and cancelled through FlintProductSupport's ``PendingDataTask`` (on the ``URLSessionCalls`` queue), so no
/// Swift concurrency thread waits for `URLSession`; redirects are refused (credentials never move to another
/// host). Ending the iteration of ``body`` (or cancelling the task waiting for the head) cancels the data
/// task, which closes the connection.
final class EventStreamConnection: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var head: CheckedContinuation<Int, any Error>?
        var headDelivered = false
    }

    private let state = Locked(State())
    private let pending = PendingDataTask()
    /// The body bytes, as they arrive; it throws when the connection fails mid-body.
    let body: AsyncThrowingStream<Data, any Error>
    private let bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation

    override init() {
        (body, bodyContinuation) = AsyncThrowingStream.makeStream(of: Data.self)
        super.init()
    }

    /// Sends `request` on a session of its own and returns the response's status once its head arrived.
    /// - Throws: the failure before the head (a `URLError`); `CancellationError` when cancelled first.
    func start(_ request: URLRequest) async throws -> Int {
        bodyContinuation.onTermination = { [pending] termination in
            if case .cancelled = termination { pending.cancel() }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { $0.head = continuation }
                pending.start { [self] in
                    URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil).dataTask(with: request)
                } orIfCancelled: { [self] in
                    takeHead()?.resume(throwing: CancellationError())
                    bodyContinuation.finish()
                }
            }
        } onCancel: {
            pending.cancel()
        }
    }

    /// Closes the connection (later calls do nothing).
    func cancel() {
        pending.cancel()
    }

    private func takeHead() -> CheckedContinuation<Int, any Error>? {
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
            head?.resume(throwing: URLError(.badServerResponse))
            completionHandler(.cancel)
            return
        }
        head?.resume(returning: http.statusCode)
        completionHandler(.allow)
    }

    /// A redirect is refused and answered with its own 3xx status (an error for the caller).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
        let head = takeHead()
        bodyContinuation.finish()
        head?.resume(returning: response.statusCode)
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
        head?.resume(throwing: error ?? URLError(.badServerResponse))
        if let error, delivered {
            bodyContinuation.finish(throwing: error)
        } else {
            bodyContinuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
