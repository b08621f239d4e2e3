// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The default ``AppCheckRefreshScheduler``: a task that sleeps until the date on its clock, then refreshes;
/// removing the registration cancels the task.
public struct AppCheckTaskRefreshScheduler: AppCheckRefreshScheduler {
    /// The clock the delay is measured on.
    public var now: @Sendable () -> Date

    /// A scheduler measuring delays on `now` (the system clock by default).
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// Starts a task that sleeps until `date` and then calls `refresh`, unless cancelled.
    public func schedule(at date: Date, _ refresh: @escaping @Sendable () async -> Void) -> any ListenerRegistration {
        let delay = date.timeIntervalSince(now())
        let task = Task {
            if delay > 0 {
                try? await Task.sleep(for: .seconds(delay))
            }
            guard !Task.isCancelled else { return }
            await refresh()
        }
        return ClosureListenerRegistration { task.cancel() }
    }
}
