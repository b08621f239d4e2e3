// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// A reference to one callable function (Firebase's `HTTPSCallable`), made by
/// ``Functions/httpsCallable(_:options:)-(String,_)``.
///
/// ```swift
/// let addMessage = functions.httpsCallable("addMessage")
/// addMessage.timeoutInterval = 10
/// let result = try await addMessage.call(["text": "Hello"])
/// ```
///
/// The function's URL and transport are fixed when the reference is made: call
/// ``Functions/useEmulator(withHost:port:)`` before making references.
public final class HTTPSCallable: Sendable {
    private let functions: Functions
    private let name: String
    private let url: Result<URL, FunctionsError>
    private let transport: any FunctionsTransport
    /// The options the reference was made with.
    public let options: HTTPSCallableOptions
    private let timeout = Locked<TimeInterval>(HTTPSCallable.defaultTimeoutInterval)

    /// The default timeout: 70 seconds, as in Firebase.
    public static let defaultTimeoutInterval: TimeInterval = 70

    init(
        functions: Functions, name: String, url: Result<URL, FunctionsError>, transport: any FunctionsTransport,
        options: HTTPSCallableOptions
    ) {
        self.functions = functions
        self.name = name
        self.url = url
        self.transport = transport
        self.options = options
    }

    /// Seconds a call may take before it fails with `deadlineExceeded`; 70 unless set. Applies to calls
    /// started after the change.
    public var timeoutInterval: TimeInterval {
        get { timeout.withLock { $0 } }
        set { timeout.withLock { $0 = newValue } }
    }

    /// Calls the function with `data` (``CallableValue/null`` when omitted) and returns its result.
    ///
    /// - Throws: ``FunctionsError`` for an error answer, a malformed answer, a timeout, cancellation or an
    ///   unreachable server, and `invalidArgument` for data that cannot be sent (a non-finite double, or arrays
    ///   and objects nested deeper than 510 levels, a 64-bit integer counting as one); the Auth error when the
    ///   signed-in user's ID token cannot be obtained.
    public func call(_ data: CallableValue = .null) async throws -> HTTPSCallableResult {
        try await functions.call(
            name: name, url: url, data: data, options: options,
            timeout: timeoutInterval, transport: transport)
    }

    /// Calls the function as a stream (Firebase's `stream(_:)`): the messages it sends while running, in
    /// order, then its result.
    ///
    /// ```swift
    /// for try await response in functions.httpsCallable("generate").stream(["prompt": "Hi"]) {
    ///     if case .message(let chunk) = response { print(chunk) }
    /// }
    /// ```
    ///
    /// The request is the one ``call(_:)`` sends (same body and token headers) with
    /// `Accept: text/event-stream`. The whole stream must end within ``timeoutInterval``. Breaking out of the
    /// loop or cancelling the iterating task cancels the call and closes the connection. Deleting the app finishes
    /// the stream with `cancelled` and closes the connection; a stream started after that finishes at once.
    ///
    /// The stream throws ``FunctionsError``: the error event's code, message and details; the HTTP status's
    /// code for a status other than 200; `dataLoss` for a malformed event, a connection lost mid-stream or a
    /// stream that ends without a result; `deadlineExceeded`, `unavailable`, `invalidArgument` (a refused
    /// URL) as ``call(_:)`` does. The embedded ``LocalFunctionsBackend`` answers with streaming handlers
    /// (``LocalFunctionsBackend/register(name:streamHandler:)``); a custom transport without
    /// ``FunctionsTransport/stream(_:)`` fails with `unimplemented`.
    public func stream(_ data: CallableValue = .null) -> AsyncThrowingStream<JSONStreamResponse, any Error> {
        functions.stream(url: url, data: data, options: options, timeout: timeoutInterval, transport: transport)
    }

    /// Same as ``call(_:)``: `try await callable(["text": "Hello"])`.
    public func callAsFunction(_ data: CallableValue = .null) async throws -> HTTPSCallableResult {
        try await call(data)
    }
}
