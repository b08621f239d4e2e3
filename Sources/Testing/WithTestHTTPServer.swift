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
        await stopOffThePool(server)
        return result
    } catch {
        await stopOffThePool(server)
        throw error
    }
}

/// Stops `server` on a thread of its own: `stop()` waits (boundedly) for the connection threads, and a test must
/// not hold one of the few cooperative threads meanwhile, or other tests' tasks starve.
private func stopOffThePool(_ server: TestHTTPServer) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
            server.stop()
            continuation.resume()
        }
    }
}
