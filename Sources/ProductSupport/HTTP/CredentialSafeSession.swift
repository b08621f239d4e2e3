// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession`s products send credentials with (ID tokens, App Check tokens, API keys): they never follow
/// an HTTP redirect, so a server (or anything between) cannot move a request, headers and all, to another host.
/// Firebase's endpoints do not redirect; a redirect answer reaches the product as its 3xx response, which it
/// reports as an error.
///
/// ```swift
/// let session = CredentialSafeSession.make()                   // ephemeral: no cookies, no cache
/// ```
///
/// A product that needs a session delegate of its own (a streaming data delegate) implements
/// `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)` in that delegate and refuses
/// there (a subclass of ``RedirectRefusal`` would not do: on platforms without the Objective-C runtime, a
/// delegate protocol's methods declared in a subclass are not the protocol's witnesses and are never called).
public enum CredentialSafeSession {
    /// A session with `configuration` (ephemeral by default) that refuses every redirect.
    public static func make(configuration: URLSessionConfiguration = .ephemeral) -> URLSession {
        URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }
}

/// The session delegate of ``CredentialSafeSession``: refuses every HTTP redirect (the redirect response is
/// delivered as is).
public final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    /// A delegate with no state.
    public override init() {}

    /// Refuses the redirect: the task completes with the 3xx response.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
