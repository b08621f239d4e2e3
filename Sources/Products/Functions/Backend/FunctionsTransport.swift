// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How a callable request reaches a function: the seam between ``Functions`` and a backend.
///
/// Flint ships two transports:
/// - ``LocalFunctionsBackend``, the embedded default: an in-process emulator where handlers are registered
///   by name; for development and tests.
/// - ``HTTPFunctionsTransport``: real HTTP with `URLSession`, speaking the callable protocol to Cloud
///   Functions, a custom domain or the Functions emulator.
///
/// ``FunctionsLibrary`` registers a `FunctionsTransport` component per app (a new ``LocalFunctionsBackend``);
/// an override replaces it:
///
/// ```swift
/// let backend = LocalFunctionsBackend()                     // shared by both apps below
/// let first = try registry.configure(name: "first", options: options,
///                                    overrides: [.instance(backend, as: FunctionsTransport.self)])
/// let production = try registry.configure(name: "prod", options: options,
///                                         overrides: [.instance(HTTPFunctionsTransport(), as: FunctionsTransport.self)])
/// ```
///
/// ``Functions/useEmulator(withHost:port:)`` bypasses this component: an instance pointed at an emulator
/// always uses HTTP.
///
/// A transport delivers the request as is and returns the server's raw answer: ``Functions`` builds the
/// headers and body and reads the answer (error bodies, HTTP statuses), so every transport is held to the
/// same protocol. It throws a ``FunctionsError`` only when no answer arrived (`deadlineExceeded`,
/// `cancelled`, `unavailable`).
public protocol FunctionsTransport: AnyObject, Sendable {
    /// Delivers `request` and returns the answer (any HTTP status).
    func send(_ request: CallableRequest) async throws -> CallableResponse

    /// Delivers a streaming `request` (``HTTPSCallable/stream(_:)``, `Accept: text/event-stream`) and returns
    /// once the answer's status is known, with its body still arriving. Ending the body's iteration early
    /// closes the connection. The default implementation throws ``FunctionsError`` `unimplemented`.
    func stream(_ request: CallableRequest) async throws -> CallableStreamingResponse
}

extension FunctionsTransport {
    /// Throws ``FunctionsError`` `unimplemented`: this transport does not stream.
    public func stream(_ request: CallableRequest) async throws -> CallableStreamingResponse {
        throw FunctionsError(.unimplemented, message: "This Functions transport does not support streaming calls.")
    }
}
