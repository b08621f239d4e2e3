// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// Races an operation against a deadline without waiting for the loser (FlintProductSupport's `OperationRace`): at
/// the deadline the caller gets `deadlineExceeded` at once and the operation is cancelled (a handler that ignores
/// cancellation keeps running in the background, but nobody waits for it). Cancelling the calling task answers
/// `cancelled` at once, the same way, and so does deleting the app (the closing of `calls`).
enum CallDeadline {
    /// The value of `operation`, or ``FunctionsError`` `deadlineExceeded` after `seconds` (no deadline when
    /// `seconds` is infinite or NaN), or `cancelled` when the calling task is cancelled or `calls` closed first.
    static func run<T: Sendable>(
        seconds: Double, in calls: InFlightOperations? = nil,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await OperationRace.run(
            deadline: seconds, in: calls,
            endedBy: { ending in
                switch ending {
                case .deadline: FunctionsError(.deadlineExceeded)
                case .cancelled: FunctionsError(.cancelled)
                case .closed: FunctionsError(.cancelled, message: "The app was deleted.")
                }
            }, operation)
    }
}
