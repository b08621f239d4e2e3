// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The first `count` values of `sequence`, waiting at most `timeout` for them.
///
/// ```swift
/// let values = try await collect(2, from: auth.authStateChanges)   // [nil, "alice"]
/// ```
///
/// The sequence is iterated in a child task, racing a `timeout` deadline. The iteration ends as soon
/// as `count` values arrived (the iterator is dropped) or the deadline passed (the child is cancelled),
/// so a Flint stream removes its listener either way. The sequence must respond to task cancellation,
/// as `AsyncStream`, `AsyncThrowingStream` and Flint's streams do.
///
/// - Throws: ``TestTimeoutError/valuesNotReceived(expected:received:timeout:)`` naming how many values
///   arrived when the deadline passed; ``StreamFinishedEarlyError`` when the sequence finished with fewer
///   values; the sequence's own error when it threw. A `count` of zero or less returns `[]` at once.
public func collect<S: AsyncSequence & Sendable>(
    _ count: Int,
    from sequence: S,
    timeout: Duration = defaultTestTimeout
) async throws -> [S.Element]
where S.Element: Sendable {
    guard count > 0 else { return [] }
    let received = Locked<[S.Element]>([])
    return try await withDeadline(
        timeout,
        onTimeout: {
            .valuesNotReceived(expected: count, received: received.withLock { $0.count }, timeout: timeout)
                as TestTimeoutError
        }
    ) {
        for try await element in sequence {
            let total = received.withLock {
                $0.append(element)
                return $0.count
            }
            if total >= count { break }
        }
        // A cancelled iteration ends like a finished one; report the cancellation, not an early end.
        try Task.checkCancellation()
        let values = received.withLock { $0 }
        guard values.count >= count else {
            throw StreamFinishedEarlyError(expected: count, received: values.count)
        }
        return values
    }
}
