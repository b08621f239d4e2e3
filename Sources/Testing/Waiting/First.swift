// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The first value of `sequence`, waiting at most `timeout` for it; iteration stops right after it.
///
/// ```swift
/// let token = try await first(of: messaging.tokenUpdates)
/// ```
///
/// - Throws: ``TestTimeoutError/valuesNotReceived(expected:received:timeout:)`` (expected 1, received 0)
///   when nothing arrived in time; ``StreamFinishedEarlyError`` when the sequence finished empty; the
///   sequence's own error when it threw.
public func first<S: AsyncSequence & Sendable>(
    of sequence: S,
    timeout: Duration = defaultTestTimeout
) async throws -> S.Element
where S.Element: Sendable {
    try await collect(1, from: sequence, timeout: timeout)[0]
}
