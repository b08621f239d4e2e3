// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Splits a streamed body (an event stream's chunks, as they arrive) into lines at `\n`, dropping a `\r` before
/// it, with a limit on a line's size so that a peer that never ends its line cannot make the reader buffer
/// without bound. Each byte is searched for a line end once, however the body is chunked (no quadratic
/// re-scanning of a long line arriving in many chunks).
///
/// Used by FlintFunctions' streaming callables and the Realtime Database's Server-Sent Events; each maps a
/// line over the limit to its own error.
package struct LineSplitter {
    private var buffer = Data()
    /// How many bytes at the start of `buffer` are known to hold no `\n` (so each byte is searched once).
    private var scanned = 0
    /// The longest line (without its line end) accepted.
    package let maximumLineSize: Int

    /// A splitter refusing lines longer than `maximumLineSize` bytes.
    package init(maximumLineSize: Int = .max) {
        self.maximumLineSize = maximumLineSize
    }

    /// The complete lines `chunk` ends, in order, without their line ends; nil as soon as a line (complete or
    /// not) is longer than ``maximumLineSize``.
    package mutating func append(_ chunk: Data) -> [Data]? {
        buffer.append(chunk)
        var lines: [Data] = []
        var start = buffer.startIndex
        var searchFrom = buffer.startIndex + scanned
        while let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[start..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard line.count <= maximumLineSize else { return nil }
            lines.append(Data(line))
            start = buffer.index(after: newline)
            searchFrom = start
        }
        if start != buffer.startIndex { buffer = Data(buffer[start...]) }
        scanned = buffer.count
        // A `\r` at the end may be the start of the line end.
        guard buffer.count - (buffer.last == UInt8(ascii: "\r") ? 1 : 0) <= maximumLineSize else { return nil }
        return lines
    }

    /// The unterminated last line, if any (the splitter is then empty).
    package mutating func finish() -> Data? {
        defer {
            buffer = Data()
            scanned = 0
        }
        return buffer.isEmpty ? nil : buffer
    }
}
