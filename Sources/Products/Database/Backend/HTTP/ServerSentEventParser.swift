// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// Reads a `text/event-stream` body as the HTML standard defines it, as far as the Realtime Database uses
/// it: `event:` and `data:` fields (several `data:` lines joined with `\n`), a blank line ending an event,
/// comment lines (`:`) and other fields ignored, `\n` or `\r\n` line ends.
///
/// Both what it buffers are bounded: a line by ``maximumLineLength``, an event's `data:` lines together (what a
/// blank line would complete) by the `maximumEventSize` it was made with, so a server that never ends its line or
/// its event cannot make the reader buffer without bound.
struct ServerSentEventParser {
    /// One event: its type (`message` when not given) and data.
    struct Event: Equatable {
        /// The `event:` field.
        var type: String
        /// The `data:` lines, joined with `\n`.
        var data: String
    }

    /// The most bytes one line may hold: a longer one is a ``DatabaseErrorCode/unknown`` error rather than an
    /// unbounded buffer.
    static let maximumLineLength = 16 * 1024 * 1024

    private var lines = LineSplitter(maximumLineSize: maximumLineLength)
    private var type: String?
    private var data: [String] = []
    /// The size of the event's data so far: its `data:` values and the `\n`s joining them.
    private var dataSize = 0
    /// The largest event's data accepted.
    let maximumEventSize: Int

    /// A parser refusing events whose data (the `data:` lines joined) is larger than `maximumEventSize` bytes.
    init(maximumEventSize: Int = HTTPDatabaseBackend.maximumEventSize) {
        self.maximumEventSize = maximumEventSize
    }

    /// The events completed by `chunk`, in order.
    /// - Throws: ``DatabaseErrorCode/unknown`` when a line exceeds ``maximumLineLength`` or an event's data
    ///   exceeds ``maximumEventSize``.
    mutating func append(_ chunk: Data) throws(DatabaseError) -> [Event] {
        guard let completed = lines.append(chunk) else {
            throw DatabaseError(.unknown, "The server sent an event line longer than \(Self.maximumLineLength) bytes.")
        }
        var events: [Event] = []
        for line in completed {
            if let event = try process(String(decoding: line, as: UTF8.self)) { events.append(event) }
        }
        return events
    }

    /// Handles one line; returns the event a blank line completes.
    private mutating func process(_ line: String) throws(DatabaseError) -> Event? {
        if line.isEmpty {
            defer {
                type = nil
                data = []
                dataSize = 0
            }
            guard type != nil || !data.isEmpty else { return nil }
            return Event(type: type ?? "message", data: data.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }
        let (field, value): (Substring, Substring)
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            var rest = line[line.index(after: colon)...]
            if rest.first == " " { rest = rest.dropFirst() }
            value = rest
        } else {
            (field, value) = (Substring(line), "")
        }
        switch field {
        case "event": type = String(value)
        case "data":
            dataSize += (data.isEmpty ? 0 : 1) + value.utf8.count
            guard dataSize <= maximumEventSize else {
                throw DatabaseError(.unknown, "The server sent an event larger than \(maximumEventSize) bytes.")
            }
            data.append(String(value))
        default: break
        }
        return nil
    }
}
