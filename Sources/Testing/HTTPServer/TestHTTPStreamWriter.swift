// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The body of a ``TestHTTPResponse/stream(_:eventStream:status:headers:)`` response, written by the test step by step
/// while the client reads: each ``write(_:)-(Data)`` or ``send(_:)`` goes out as one chunk of a
/// `Transfer-Encoding: chunked` body as soon as the connection's thread picks it up.
///
/// ```swift
/// let writer = TestHTTPStreamWriter()
/// try await withTestHTTPServer({ _ in .stream(writer, eventStream: true) }) { server in
///     // … start the streaming call …
///     writer.send(TestServerSentEvent(data: #"{"message":1}"#))
///     // … expect exactly one message, then send the next …
///     writer.finish()
/// }
/// ```
///
/// Give the response a `Content-Type` (``TestHTTPResponse/stream(_:eventStream:status:headers:)`` with
/// `eventStream: true` sets `text/event-stream`): without one, Apple's URLSession holds back the first 512 bytes
/// of a body to sniff its type, and a test waiting for a small first chunk would wait in vain.
///
/// Writes made before a request arrives are queued. A writer serves one response; ``finish()`` ends it with
/// the last chunk, ``abort()`` closes the connection mid-stream (the client sees a network error). Stopping
/// the server ends a waiting stream too.
public final class TestHTTPStreamWriter: @unchecked Sendable {
    /// What the connection writes next.
    enum Item {
        case data(Data)
        case pause(Duration)
        case finish
        case abort
    }

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [Item] = []
    private var isInterrupted = false
    private var written = 0

    /// Creates a writer with nothing queued.
    public init() {}

    /// A writer with `chunk` queued `count` times, `pause` apart, then the end (the queued copies share the chunk's
    /// storage); ``OversizedBody`` is made of one.
    static func repeating(_ chunk: Data, count: Int, pause: Duration = .zero) -> TestHTTPStreamWriter {
        let writer = TestHTTPStreamWriter()
        for index in 0..<max(0, count) {
            if index > 0, pause > .zero { writer.pause(pause) }
            writer.write(chunk)
        }
        writer.finish()
        return writer
    }

    /// Queues a pause of `duration` before what is queued next (``TestHTTPServer/stop()`` cuts it short).
    public func pause(_ duration: Duration) {
        enqueue(.pause(duration))
    }

    /// Queues `data` as one chunk (empty data is skipped: an empty chunk would end the body).
    public func write(_ data: Data) {
        guard !data.isEmpty else { return }
        enqueue(.data(data))
    }

    /// Queues the UTF-8 bytes of `text` as one chunk.
    public func write(_ text: String) {
        write(Data(text.utf8))
    }

    /// Queues one server-sent event (its ``TestServerSentEvent/encoded`` bytes) as one chunk.
    public func send(_ event: TestServerSentEvent) {
        write(event.encoded)
    }

    /// Ends the body normally (the terminating zero-length chunk); later writes are ignored.
    public func finish() {
        enqueue(.finish)
    }

    /// Closes the connection without ending the body: the client's read fails mid-stream.
    public func abort() {
        enqueue(.abort)
    }

    /// How many chunks the server has written to the socket so far.
    public var writtenChunkCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return written
    }

    private func enqueue(_ item: Item) {
        condition.lock()
        queue.append(item)
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the connection's thread until an item is queued; `nil` once the server stops.
    func next() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !isInterrupted { condition.wait() }
        if isInterrupted { return nil }
        return queue.removeFirst()
    }

    /// Records that a chunk went out.
    func didWriteChunk() {
        condition.lock()
        written += 1
        condition.unlock()
    }

    /// Wakes the connection's thread for good (the server is stopping).
    func interrupt() {
        condition.lock()
        isInterrupted = true
        condition.broadcast()
        condition.unlock()
    }
}
