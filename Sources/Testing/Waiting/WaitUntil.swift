// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Waits until `condition` returns true, checking it again after each `Task.yield()` (and, once the
/// first few checks failed, after short sleeps of at most 10 ms so as not to spin).
///
/// Use it for effects that happen on another task with no event to await, e.g. a fake recording a call:
/// ```swift
/// try await waitUntil { analytics.loggedEvents.count == 1 }
/// ```
/// Prefer awaiting the event itself (a stream value, ``SpyListenerRegistration/waitForRemoval(timeout:)``)
/// when there is one.
///
/// - Throws: ``TestTimeoutError/conditionNotMet(timeout:)`` when the condition is still false once the
///   deadline passed (it is checked once more at the deadline); `CancellationError` when the task is
///   cancelled.
public func waitUntil(timeout: Duration = defaultTestTimeout, _ condition: @Sendable () async -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var failedChecks = 0
    while !(await condition()) {
        if clock.now >= deadline {
            throw TestTimeoutError.conditionNotMet(timeout: timeout)
        }
        failedChecks += 1
        if failedChecks <= 16 {
            await Task.yield()
            try Task.checkCancellation()
        } else {
            let pause = Duration.microseconds(min(10_000, 100 << min(failedChecks - 16, 7)))
            let remaining = clock.now.duration(to: deadline)
            try await Task.sleep(for: max(.zero, min(pause, remaining)))
        }
    }
}
