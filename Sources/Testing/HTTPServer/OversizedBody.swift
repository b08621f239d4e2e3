// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A response body larger than the client under test may read: `count` chunks of `chunk`, `pause` apart, written by
/// a ``TestHTTPServer`` as the client reads them (the test holds one chunk: the queued copies share its storage).
/// ``wasCutOff(on:timeout:)`` then tells whether the client closed the connection before the server finished
/// writing, that is whether it stopped reading at its limit instead of buffering the whole body.
///
/// ```swift
/// let body = OversizedBody()                                  // up to 1.5 GiB over about 2 minutes
/// try await withTestHTTPServer({ _ in body.response() }) { server in
///     await #expect(throws: URLError.self) { try await fetchWithALimitOf1MiB(server.url()) }
///     let cutOff = try await body.wasCutOff(on: server)
///     #expect(cutOff)
/// }
/// ```
///
/// The chunks are paced so that the whole body takes seconds: a client reading at loopback speed takes in tens of
/// MiB in the time a loaded machine takes to schedule its cancellation, and the socket buffers of both ends hold
/// tens of MiB more, so an unpaced body would often be written whole even to a client that stopped reading. And the
/// body lasts longer than any stall of a parallel suite on a loaded machine (by default about 2 minutes): a test
/// ends as soon as the client closes, so only a client that never stops reading makes it wait that long.
public final class OversizedBody: Sendable {
    private let writer: TestHTTPStreamWriter
    /// How many chunks the body has.
    public let chunkCount: Int

    /// A body of `count` chunks of `chunk` (64 KiB by default), `pause` apart (by default 24,576 chunks 5 ms apart:
    /// 1.5 GiB over about 2 minutes, of which a client that stops at its limit reads only the start). It serves one
    /// response.
    public init(
        chunk: Data = Data(repeating: UInt8(ascii: " "), count: 64 << 10), count: Int = 24_576,
        pause: Duration = .milliseconds(5)
    ) {
        writer = TestHTTPStreamWriter.repeating(chunk, count: count, pause: pause)
        chunkCount = count
    }

    /// The response carrying the body: `status`, `headers` (`Content-Type: application/json` by default), and the
    /// `text/event-stream` headers too with `eventStream`.
    public func response(
        status: Int = 200, headers: TestHTTPHeaders = ["Content-Type": "application/json"],
        eventStream: Bool = false
    ) -> TestHTTPResponse {
        .stream(writer, eventStream: eventStream, status: status, headers: headers)
    }

    /// Waits (at most `timeout`) until `server` has no connection open, then tells whether it wrote fewer chunks
    /// than the body has: whether the client closed the connection before the end.
    ///
    /// - Throws: ``TestTimeoutError/conditionNotMet(timeout:)`` when a connection is still open at the deadline.
    public func wasCutOff(on server: TestHTTPServer, timeout: Duration = defaultTestTimeout) async throws -> Bool {
        try await waitUntil(timeout: timeout) { server.openConnectionCount == 0 }
        return writer.writtenChunkCount < chunkCount
    }
}
