// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Reads a `text/event-stream` body as the HTML standard defines it, as far as the Realtime Database uses
/// it: `event:` and `data:` fields (several `data:` lines joined with `\n`), a blank line ending an event,
/// comment lines (`:`) and other fields ignored, `\n` or `\r\n` line ends.
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

    private var buffer = Data()
    private var type: String?
    private var data: [String] = []

    /// The events completed by `chunk`, in order.
    /// - Throws: ``DatabaseErrorCode/unknown`` when a line exceeds ``maximumLineLength``.
    mutating func append(_ chunk: Data) throws(DatabaseError) -> [Event] {
        buffer.append(chunk)
        var events: [Event] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[buffer.startIndex..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let text = String(decoding: line, as: UTF8.self)
            buffer = Data(buffer[buffer.index(after: newline)...])
            if let event = process(text) { events.append(event) }
        }
        if buffer.count > Self.maximumLineLength {
            throw DatabaseError(.unknown, "The server sent an event line longer than \(Self.maximumLineLength) bytes.")
        }
        return events
    }

    /// Handles one line; returns the event a blank line completes.
    private mutating func process(_ line: String) -> Event? {
        if line.isEmpty {
            defer {
                type = nil
                data = []
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
        case "data": data.append(String(value))
        default: break
        }
        return nil
    }
}
