// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
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
    /// head, cancels the data task, which closes the connection. Like every session of the transport, it
    /// refuses redirects (as FlintProductSupport's `CredentialSafeSession`): a redirect is answered with its
    /// own 3xx status. More than 64 MiB of body arriving ahead of what its reader took ends the body with
    /// `resourceExhausted` and closes the connection.
    public func stream(_ request: CallableRequest) async throws -> CallableStreamingResponse {
        let task = StreamingDataTask(
            failures: Self.streamingFailures, maximumUnreadSize: CallableStreamParser.maximumUnreadSize)
        let session = session
        let head = try await task.start(Self.urlRequest(for: request)) { session.configuration }
        return CallableStreamingResponse(statusCode: head.statusCode, body: head.body)
    }

    /// A streaming call's failures as ``FunctionsError``s: before the head as ``mapped(_:)``; after it
    /// `dataLoss`, or `deadlineExceeded` / `cancelled`.
    private static let streamingFailures = StreamingDataTask.Failures(
        notHTTP: { FunctionsError(.unavailable, message: "Response was not an HTTP response.") },
        cancelled: { FunctionsError(.cancelled) },
        beforeHead: { error in error.map(mapped) ?? FunctionsError(.unavailable, message: "No response.") },
        midBody: { error in
            switch (error as? URLError)?.code {
            case .timedOut?: FunctionsError(.deadlineExceeded)
            case .cancelled?: FunctionsError(.cancelled)
            default: FunctionsError(.dataLoss, message: "The stream was interrupted: \(error.localizedDescription)")
            }
        },
        tooLarge: { limit in CallableStreamParser.unreadLimitError(limit) })
}
