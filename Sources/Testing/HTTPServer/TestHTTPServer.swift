// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An in-process HTTP/1.1 server on `127.0.0.1`, for tests that exercise a product's wire protocol with a
/// real HTTP client (`URLSession`) and no external process.
///
/// Prefer ``withTestHTTPServer(limits:isolation:_:body:)``, which stops the server however the test ends:
/// ```swift
/// try await withTestHTTPServer { request in
///     request.lastPathComponent == "echo" ? .json(#"{"result":1}"#) : .text("not found", status: 404)
/// } body: { server in
///     let (data, _) = try await URLSession.shared.data(from: server.url(path: "/p/r/echo"))
///     #expect(server.requests.count == 1)
/// }
/// ```
///
/// - The server listens on `127.0.0.1` only, on a port the kernel picks (``port``), so parallel tests never
///   collide.
/// - The accept loop and every connection run on their own threads, never on the Swift concurrency pool.
///   Each connection serves one request (`Connection: close`); connections are served concurrently, at most
///   ``Limits/maxConnections`` at once (further clients wait until one closes).
/// - Every request read completely is recorded (``requests``) before the handler runs; requests rejected for
///   the ``Limits`` (`431`, `413`) or malformed (`400`) are not.
/// - ``stop()`` (also run by `deinit`; ``close()`` is its form for async code) closes the listening socket and every connection, and cuts short
///   every pause and stream; calling it again does nothing.
public final class TestHTTPServer: Sendable {
    /// Decides the answer to a request. It runs on the connection's thread, so it may block (though
    /// ``TestHTTPResponse/delayed(by:)`` is the way to answer late: ``stop()`` interrupts it).
    public typealias Handler = @Sendable (TestHTTPRequest) -> TestHTTPResponse

    private let core: TestHTTPServerCore

    /// The port the server listens on (on `127.0.0.1`).
    public let port: Int

    /// The bounds the server's connections run under.
    public var limits: Limits { core.limits }

    private init(core: TestHTTPServerCore) {
        self.core = core
        port = core.port
    }

    deinit {
        core.stop()
    }

    /// Starts a server on `127.0.0.1` and an ephemeral port; `handler` answers every request.
    ///
    /// - Throws: ``TestHTTPServerError`` when the socket cannot be created, bound or listened on.
    public static func start(limits: Limits = Limits(), _ handler: @escaping Handler) throws -> TestHTTPServer {
        let core = try TestHTTPServerCore(limits: limits, handler: handler)
        core.startAcceptLoop()
        return TestHTTPServer(core: core)
    }

    /// `"127.0.0.1"`, the only address the server listens on.
    public var host: String { "127.0.0.1" }

    /// `http://127.0.0.1:<port>`.
    public var origin: String { "http://\(host):\(port)" }

    /// The URL of `path` (with or without its leading `/`, may carry a query) on this server.
    public func url(path: String = "/") -> URL {
        URL(string: origin + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// Every request read completely, in arrival order (thread-safe; a snapshot).
    public var requests: [TestHTTPRequest] { core.requests }

    /// How many connections are open right now.
    public var openConnectionCount: Int { core.openConnectionCount }

    /// Whether ``stop()`` was called.
    public var isStopped: Bool { core.isStopped }

    /// The address and port the listening socket is bound to, as the kernel reports them (`getsockname`):
    /// lets a test check that the server listens on `127.0.0.1` only.
    ///
    /// - Throws: ``TestHTTPServerError`` once the server stopped (the socket is closed).
    public func boundAddress() throws -> (host: String, port: Int) {
        guard !isStopped else { throw TestHTTPServerError.socketCallFailed("getsockname", errno: EBADF) }
        return try TestHTTPSocket.localAddress(of: core.listenFD)
    }

    /// Stops the server: no new connections, every open one shut down (clients see the connection close),
    /// every pause and stream ended, the listening socket closed. Waits at most 5 s for the connections'
    /// threads to finish. Safe to call more than once.
    public func stop() {
        core.stop()
    }

    /// ``stop()`` for async code: the waiting for the connections' threads happens on a thread of its own, so
    /// the calling task does not hold one of the Swift concurrency pool's few threads meanwhile (other tests'
    /// tasks would starve). ``withTestHTTPServer(limits:isolation:_:body:)`` ends with it.
    public func close() async {
        let core = core
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                core.stop()
                continuation.resume()
            }
        }
    }
}
