// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Observation

/// How every engine meets the failures of its local persistence: loads and saves run through it, and a failure
/// becomes the engine's observable `lastPersistenceError` (a ``SyncError``) and a `persistence_fail` event; the
/// engine carries on.
@MainActor
@Observable
final class SyncPersistenceErrors {
    /// The last failure, if any.
    private(set) var last: SyncError?

    @ObservationIgnored private let events: SyncEventLog

    /// Failures are logged to `events`.
    init(events: SyncEventLog) {
        self.events = events
    }

    /// What `body` loads; nil (the failure reported) when it throws.
    func load<Value>(_ body: () throws -> Value) -> Value? {
        do {
            return try body()
        } catch {
            report(error)
            return nil
        }
    }

    /// Runs `body` with `persistence`, when there is one; a failure is reported.
    func save<Persistence>(_ persistence: Persistence?, _ body: (Persistence) throws -> Void) {
        guard let persistence else { return }
        do {
            try body(persistence)
        } catch {
            report(error)
        }
    }

    /// Records `error` and logs `persistence_fail`.
    func report(_ error: any Error) {
        let syncError = (error as? SyncError) ?? .persistenceFailed(path: "", reason: SyncEventLog.describe(error))
        last = syncError
        events.track("persistence_fail", ["error_description": SyncEventLog.describe(syncError)])
    }

    /// Records `error` without an event (the caller throws it).
    func record(_ error: SyncError) {
        last = error
    }
}
