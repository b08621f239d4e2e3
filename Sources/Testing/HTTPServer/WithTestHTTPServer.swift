// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Runs `body` with a new ``TestHTTPServer`` answering through `handler`, and stops the server when `body`
/// returns or throws, so a test never leaks it.
///
/// ```swift
/// try await withTestHTTPServer({ _ in .json(#"{"result":"ok"}"#) }) { server in
///     let (data, _) = try await URLSession.shared.data(from: server.url(path: "/f"))
///     #expect(server.requests.map(\.path) == ["/f"])
/// }
/// ```
///
/// - Throws: ``TestHTTPServerError`` when the server cannot start; otherwise what `body` throws.
@discardableResult
public func withTestHTTPServer<Result>(
    limits: TestHTTPServer.Limits = TestHTTPServer.Limits(),
    isolation: isolated (any Actor)? = #isolation,
    _ handler: @escaping TestHTTPServer.Handler,
    body: (TestHTTPServer) async throws -> Result
) async throws -> Result {
    let server = try TestHTTPServer.start(limits: limits, handler)
    do {
        let result = try await body(server)
        await server.close()
        return result
    } catch {
        await server.close()
        throw error
    }
}
