// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A request a ``TestHTTPServer`` received and parsed completely (head and body), as its handler sees it
/// and as ``TestHTTPServer/requests`` records it.
public struct TestHTTPRequest: Sendable, Equatable {
    /// The method, e.g. `"POST"`.
    public var method: String
    /// The request target as sent, path and query: `"/p/r/echo?x=1"`.
    public var path: String
    /// The HTTP version from the request line, e.g. `"HTTP/1.1"`.
    public var version: String
    /// The header fields, in order, looked up case-insensitively.
    public var headers: TestHTTPHeaders
    /// The body: `Content-Length` bytes, or the decoded chunks of a `Transfer-Encoding: chunked` body.
    public var body: Data
    /// Whether the body arrived with `Transfer-Encoding: chunked`.
    public var wasChunked: Bool

    /// Creates a request (the server builds these; tests may build them to unit-test a handler).
    public init(
        method: String, path: String, version: String = "HTTP/1.1", headers: TestHTTPHeaders = [:],
        body: Data = Data(), wasChunked: Bool = false
    ) {
        self.method = method
        self.path = path
        self.version = version
        self.headers = headers
        self.body = body
        self.wasChunked = wasChunked
    }

    /// ``path`` without its query: `"/p/r/echo"`.
    public var pathWithoutQuery: String {
        String(path.prefix { $0 != "?" })
    }

    /// The query after `?` (not decoded), or `nil` when there is none.
    public var query: String? {
        path.firstIndex(of: "?").map { String(path[path.index(after: $0)...]) }
    }

    /// The last component of ``pathWithoutQuery`` (ignoring a trailing `/`): `"echo"` for `/p/r/echo`.
    public var lastPathComponent: String {
        var trimmed = Substring(pathWithoutQuery)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed.split(separator: "/").last ?? "")
    }

    /// The body decoded as UTF-8 (invalid bytes replaced).
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
