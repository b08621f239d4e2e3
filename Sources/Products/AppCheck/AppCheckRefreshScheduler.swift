// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Runs App Check's automatic token refreshes at their time (Firebase's `FIRTimerProvider`); part of
/// ``AppCheckSettings``.
///
/// The default, ``AppCheckTaskRefreshScheduler``, sleeps in a task until the date. Tests give a scheduler that
/// records the dates and fires them by hand, so that no test waits for real time.
public protocol AppCheckRefreshScheduler: Sendable {
    /// Runs `refresh` once at `date` (a date in the future), unless the returned registration's `remove()` is
    /// called first. `refresh` returns once the token request and the next scheduling are done.
    func schedule(at date: Date, _ refresh: @escaping @Sendable () async -> Void) -> any ListenerRegistration
}
