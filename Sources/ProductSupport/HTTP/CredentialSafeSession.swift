// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
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
/// ``URLSessionCalls/data(for:in:deadline:maximumSize:)`` runs each request on such a session as a
/// `StreamingDataTask` that the session's delegate hands the task's events to (so its body is read against its
/// limit as it arrives, and the session's connections are reused).
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
/// delivered as is), and hands the events of each task routed to a receiver (a `StreamingDataTask`) to it.
public final class RedirectRefusal: NSObject, URLSessionDataDelegate, Sendable {
    /// The receivers of routed tasks, by task identifier, until the task completes.
    private let receivers = Locked<[Int: StreamingDataTask]>([:])

    /// A delegate with no routed task.
    public override init() {}

    /// Hands `task`'s events to `receiver` until it completes. Call it before resuming the task.
    package func route(_ task: URLSessionTask, to receiver: StreamingDataTask) {
        receivers.withLock { $0[task.taskIdentifier] = receiver }
    }

    private func receiver(of task: URLSessionTask) -> StreamingDataTask? {
        receivers.withLock { $0[task.taskIdentifier] }
    }

    /// Refuses the redirect: the task completes with the 3xx response (a routed task's receiver answers it).
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let receiver = receiver(of: task) else { return completionHandler(nil) }
        receiver.urlSession(
            session, task: task, willPerformHTTPRedirection: response, newRequest: request,
            completionHandler: completionHandler)
    }

    /// Hands a routed task's response to its receiver; lets any other task go on.
    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let receiver = receiver(of: dataTask) else { return completionHandler(.allow) }
        receiver.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    /// Hands a routed task's bytes to its receiver.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        receiver(of: dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    /// Hands a routed task's end to its receiver, and forgets the task.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let receiver = receivers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        receiver?.urlSession(session, task: task, didCompleteWithError: error)
    }
}
