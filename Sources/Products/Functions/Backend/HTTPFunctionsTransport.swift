// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real HTTP transport: sends each ``CallableRequest`` with `URLSession` (FoundationNetworking on
/// Linux) and returns the status and body.
///
/// Used automatically by an instance pointed at an emulator (``Functions/useEmulator(withHost:port:)``);
/// register it as the app's ``FunctionsTransport`` to reach Cloud Functions or a custom domain:
///
/// ```swift
/// try registry.configure(options: options,
///                        overrides: [.instance(HTTPFunctionsTransport(), as: FunctionsTransport.self)])
/// ```
///
/// Failures without an answer become ``FunctionsError``s: the request's ``CallableRequest/timeout`` passing
/// (or `URLError.timedOut`) is `deadlineExceeded`, a cancelled task `cancelled`, anything else (connection
/// refused, DNS failure, …) `unavailable` with the underlying description as message.
public final class HTTPFunctionsTransport: FunctionsTransport {
    let session: URLSession
    /// Whether the transport created `session` (and so invalidates it when released).
    private let ownsSession: Bool

    /// A transport with its own ephemeral `URLSession` (no cookies, no cache), invalidated (after its
    /// running tasks finish) when the transport is released.
    public init() {
        session = CredentialSafeSession.make()
        ownsSession = true
    }

    /// A transport sending through `session`, which stays the caller's (it is never invalidated here).
    public init(session: URLSession) {
        self.session = session
        ownsSession = false
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// Sends `request` and returns the answer, whatever its HTTP status.
    ///
    /// The request's ``CallableRequest/timeout`` bounds the whole exchange (it is also the `URLRequest`'s
    /// `timeoutInterval`, which some platforms apply to inactivity only).
    public func send(_ request: CallableRequest) async throws -> CallableResponse {
        let urlRequest = Self.urlRequest(for: request)
        let session = session
        return try await CallDeadline.run(seconds: request.timeout) {
            try await Self.perform(urlRequest, in: session)
        }
    }

    /// Runs one data task; cancelling the calling task cancels it.
    private static func perform(_ urlRequest: URLRequest, in session: URLSession) async throws -> CallableResponse {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSessionCalls.data(for: urlRequest, in: session)
        } catch {
            throw mapped(error)
        }
        return try outcome(data: data, response: response, error: nil).get()
    }

    /// The `URLRequest` for `request`: method, headers, body and timeout (a timeout that is not a positive,
    /// finite number of seconds becomes one year: the URL loading system needs a finite one).
    static func urlRequest(for request: CallableRequest) -> URLRequest {
        let timeout = request.timeout.isFinite && request.timeout > 0 ? request.timeout : 365 * 24 * 3600
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: timeout)
        urlRequest.httpMethod = request.httpMethod
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    /// What a finished data task means: the answer, or the ``FunctionsError`` for no answer.
    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<CallableResponse, any Error>
    {
        if let error {
            return .failure(mapped(error))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(FunctionsError(.unavailable, message: "Response was not an HTTP response."))
        }
        return .success(CallableResponse(statusCode: http.statusCode, body: data ?? Data()))
    }

    /// A `URLSession` error as a ``FunctionsError``.
    static func mapped(_ error: any Error) -> FunctionsError {
        switch (error as? URLError)?.code {
        case .timedOut?: FunctionsError(.deadlineExceeded)
        case .cancelled?: FunctionsError(.cancelled)
        default: FunctionsError(.unavailable, message: error.localizedDescription)
        }
    }
}
