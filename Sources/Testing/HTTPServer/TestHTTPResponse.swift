// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What a ``TestHTTPServer`` handler answers: a status, headers and a body that the server writes in one go,
/// in chunks, as server-sent events over time, dribbled slowly, step by step from the test, or not at all
/// (an abrupt close).
///
/// ```swift
/// TestHTTPResponse.json(#"{"result":1}"#)                                 // 200, Content-Length
/// TestHTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: "not found")
/// TestHTTPResponse.chunked([Data("a".utf8), Data("b".utf8)])              // Transfer-Encoding: chunked
/// TestHTTPResponse.eventStream([TestServerSentEvent(data: "1")], delayBetween: .milliseconds(50))
/// TestHTTPResponse.slowBody(Data("abc".utf8), pause: .milliseconds(100))   // one byte per 100 ms
/// TestHTTPResponse.json("{}").delayed(by: .seconds(10))                  // a server that takes its time
/// TestHTTPResponse.closeWithoutResponse                                    // the client sees a network error
/// TestHTTPResponse.json(#"{"result":1}"#).truncated(afterBodyBytes: 3)     // closed mid-body
/// ```
///
/// The server adds `Content-Length` (fixed and slow bodies, unless the headers set it) or
/// `Transfer-Encoding: chunked` (chunked, event-stream and writer bodies), and always `Connection: close`:
/// every connection serves one request. The pauses (``delayed(by:)``, `delayBetween`, `pause`) are the
/// server's behaviour under test, and ``TestHTTPServer/stop()`` cuts them short.
public struct TestHTTPResponse: Sendable {
    /// How a chunked or event-stream body ends.
    public enum Ending: Sendable, Equatable {
        /// With the terminating zero-length chunk: the client reads a complete body.
        case complete
        /// The connection closes after the last chunk, without the terminating chunk: the client's read fails.
        case abruptClose
    }

    /// How the body goes out.
    enum Body: Sendable {
        /// All at once, with `Content-Length`, optionally cut after `truncatedAfter` bytes.
        case fixed(Data, truncatedAfter: Int?)
        /// `bytesPerWrite` bytes at a time with `pause` in between, with `Content-Length`.
        case slow(Data, bytesPerWrite: Int, pause: Duration, truncatedAfter: Int?)
        /// One chunk per element, `delayBetween` apart.
        case chunked([Data], delayBetween: Duration, ending: Ending)
        /// Chunks as the test writes them.
        case stream(TestHTTPStreamWriter)
        /// No response at all: the connection closes once the request was read.
        case closeWithoutResponse
    }

    /// The status code.
    public var status: Int
    /// The header fields the handler chose (the server adds the framing headers described above).
    public var headers: TestHTTPHeaders
    /// How long the server waits before writing anything (see ``delayed(by:)``).
    public var delay: Duration = .zero
    var body: Body

    /// A response with a fixed body, sent with `Content-Length`.
    public init(status: Int = 200, headers: TestHTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = .fixed(body, truncatedAfter: nil)
    }

    /// A response with a fixed UTF-8 body, sent with `Content-Length`.
    public init(status: Int = 200, headers: TestHTTPHeaders = [:], body: String) {
        self.init(status: status, headers: headers, body: Data(body.utf8))
    }

    init(status: Int, headers: TestHTTPHeaders, body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A fixed `application/json` body.
    public static func json(_ body: String, status: Int = 200) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A fixed text body (`text/plain` unless `contentType` says otherwise).
    public static func text(
        _ body: String, status: Int = 200,
        contentType: String = "text/plain; charset=utf-8"
    ) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: ["Content-Type": contentType], body: body)
    }

    /// A `Transfer-Encoding: chunked` body: one chunk per element (empty elements are skipped), written
    /// `delayBetween` apart.
    public static func chunked(
        _ chunks: [Data], delayBetween: Duration = .zero, ending: Ending = .complete,
        status: Int = 200, headers: TestHTTPHeaders = [:]
    ) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: headers,
            body: .chunked(chunks.filter { !$0.isEmpty }, delayBetween: delayBetween, ending: ending))
    }

    /// A `text/event-stream` body (chunked, `Cache-Control: no-cache`): one event per chunk, `delayBetween`
    /// apart, so a streaming client sees them one by one.
    public static func eventStream(
        _ events: [TestServerSentEvent], delayBetween: Duration = .zero,
        ending: Ending = .complete, status: Int = 200,
        headers: TestHTTPHeaders = [:]
    ) -> TestHTTPResponse {
        chunked(
            events.map(\.encoded), delayBetween: delayBetween, ending: ending, status: status,
            headers: withEventStreamHeaders(headers))
    }

    /// A chunked body that the test writes step by step through `writer` (see ``TestHTTPStreamWriter``).
    /// For server-sent events, pass `eventStream: true` to get the `text/event-stream` headers.
    public static func stream(
        _ writer: TestHTTPStreamWriter, eventStream: Bool = false, status: Int = 200,
        headers: TestHTTPHeaders = [:]
    ) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: eventStream ? withEventStreamHeaders(headers) : headers,
            body: .stream(writer))
    }

    /// A fixed body (with `Content-Length`) dribbled `bytesPerWrite` bytes at a time, `pause` apart.
    public static func slowBody(
        _ body: Data, bytesPerWrite: Int = 1, pause: Duration, status: Int = 200,
        headers: TestHTTPHeaders = [:]
    ) -> TestHTTPResponse {
        TestHTTPResponse(
            status: status, headers: headers,
            body: .slow(body, bytesPerWrite: max(1, bytesPerWrite), pause: pause, truncatedAfter: nil))
    }

    /// No response: the server reads the request, records it, and closes the connection.
    public static let closeWithoutResponse = TestHTTPResponse(status: 0, headers: [:], body: .closeWithoutResponse)

    /// This response, written only after `delay` (e.g. a function that outlives the client's timeout).
    public func delayed(by delay: Duration) -> TestHTTPResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// This response with its full `Content-Length`, but the connection closes after `count` body bytes
    /// (fixed and slow bodies; other bodies are unchanged — use ``Ending/abruptClose`` or
    /// ``TestHTTPStreamWriter/abort()`` for those).
    public func truncated(afterBodyBytes count: Int) -> TestHTTPResponse {
        var copy = self
        switch body {
        case .fixed(let data, _):
            copy.body = .fixed(data, truncatedAfter: max(0, count))
        case .slow(let data, let bytesPerWrite, let pause, _):
            copy.body = .slow(data, bytesPerWrite: bytesPerWrite, pause: pause, truncatedAfter: max(0, count))
        case .chunked, .stream, .closeWithoutResponse:
            break
        }
        return copy
    }

    private static func withEventStreamHeaders(_ headers: TestHTTPHeaders) -> TestHTTPHeaders {
        var headers = headers
        if headers["Content-Type"] == nil { headers["Content-Type"] = "text/event-stream" }
        if headers["Cache-Control"] == nil { headers["Cache-Control"] = "no-cache" }
        return headers
    }
}
