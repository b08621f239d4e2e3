// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).

/// How many bytes handed to an `AsyncThrowingStream` its reader has not taken yet, so that a producer faster than
/// its reader can stop at a limit instead of buffering without bound. The stream must be made with
/// `.bufferingOldest(.max)`: each yield then tells how many elements wait (`Int.max` less what remains), and the
/// sizes of the newest of them add up to the bytes waiting.
///
/// ```swift
/// let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self, bufferingPolicy: .bufferingOldest(.max))
/// var unread = UnreadBytes()
/// if unread.record(chunk.count, after: continuation.yield(chunk)) > limit { continuation.finish(throwing: …) }
/// ```
///
/// `StreamingDataTask` bounds a response body's unread bytes with it, and Functions' streaming calls the events
/// their caller has not read.
package struct UnreadBytes: Sendable {
    /// The sizes of the elements yielded and not known to be read (from `start` on), and their total.
    private var sizes: [Int] = []
    private var start = 0
    private var total = 0

    /// Nothing unread.
    package init() {}

    /// Records an element of `size` bytes just yielded with `result`, and returns how many bytes wait for the reader
    /// now (this element's included); 0 when the stream no longer takes elements.
    package mutating func record<Element>(
        _ size: Int, after result: AsyncThrowingStream<Element, any Error>.Continuation.YieldResult
    ) -> Int {
        guard case .enqueued(let remaining) = result else { return 0 }
        return record(size, waiting: .max - remaining)
    }

    /// Records an element of `size` bytes of which `waiting` elements (it included) wait for the reader, and returns
    /// how many bytes wait.
    package mutating func record(_ size: Int, waiting: Int) -> Int {
        sizes.append(size)
        total += size
        while sizes.count - start > waiting {
            total -= sizes[start]
            start += 1
        }
        if start > 1024, start * 2 > sizes.count {
            sizes.removeFirst(start)
            start = 0
        }
        return total
    }
}
