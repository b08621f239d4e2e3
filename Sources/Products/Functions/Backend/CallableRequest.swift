// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// One callable request, as it goes on the wire: always a `POST` of JSON.
///
/// Built by ``Functions``; handed to a ``FunctionsTransport``.
public struct CallableRequest: Sendable, Hashable {
    /// The function's URL, e.g. `https://us-central1-my-project.cloudfunctions.net/addMessage`.
    public var url: URL
    /// The request headers: `Content-Type: application/json` and, when available and allowed, the
    /// `Authorization`, `Firebase-Instance-ID-Token` and `X-Firebase-AppCheck` tokens.
    public var headers: [String: String]
    /// The JSON body, `{"data": <value>}` with Int64 values wrapped.
    public var body: Data
    /// Seconds after which the call fails with `deadlineExceeded`.
    public var timeout: TimeInterval

    /// A request with every part given.
    public init(url: URL, headers: [String: String], body: Data, timeout: TimeInterval) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The HTTP method: always `POST`.
    public var httpMethod: String { "POST" }

    /// The function's name: the last path component of ``url``.
    public var functionName: String { url.lastPathComponent }

    /// The value of the header `name`, compared case-insensitively as HTTP does; nil when absent.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
