// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The plumbing the three engines share, wired once: the remote service for as long as the app lives
/// (``SyncEngineRemote``), the analytics events (``SyncEventLog``), the local persistence and its failures
/// (``SyncPersistenceErrors``), the listener (``ListenerSupervisor``), and for the writable engines their
/// ``SyncWriter``. An engine keeps only what it shows and how it listens. Not observable itself: what the UI reads
/// (``SyncPersistenceErrors/last``, ``SyncWriter/pendingWriteCount``) is observed in those objects.
@MainActor
final class SyncEngineCore<Service: Sendable, Persistence, ListenerValue: Sendable> {
    let remote: SyncEngineRemote<Service>
    let persistence: Persistence?
    let events: SyncEventLog
    let persistenceErrors: SyncPersistenceErrors
    let listener: ListenerSupervisor<ListenerValue>

    /// The parts of an engine with the initializer's arguments: its events are `{managerKey}_{event}`, sent to
    /// `logger` (nil: the app's `AnalyticsInterop`, if any); the listener waits with `sleep` before a retry.
    init(
        remote: Service, persistence: Persistence?, managerKey: String, logger: (any DataSyncLogger)?,
        app: FlintApp?, sleep: @escaping SyncSleep
    ) {
        self.remote = SyncEngineRemote(remote)
        self.persistence = persistence
        events = SyncEventLog(managerKey: managerKey, logger: SyncEngineLogger.resolve(logger, app: app))
        persistenceErrors = SyncPersistenceErrors(events: events)
        listener = ListenerSupervisor(events: events, sleep: sleep)
    }

    deinit {
        listener.cancelFromDeinit()
    }

    /// Follows `app` (nil: none): when it is deleted the listener stops, then `stopped` runs, then the remote
    /// service is released (see ``SyncEngineRemote/follow(_:stop:)``).
    func follow(_ app: FlintApp?, stopped: (@MainActor @Sendable () -> Void)? = nil) {
        remote.follow(app) { [weak self] in
            self?.listener.stop()
            stopped?()
        }
    }

    /// What `body` loads from the persistence; nil without one, or when it throws (the failure reported).
    func load<Value>(_ body: (Persistence) throws -> Value) -> Value? {
        guard let persistence else { return nil }
        return persistenceErrors.load { try body(persistence) }
    }

    /// Runs `body` with the persistence, when there is one; a failure is reported.
    func persist(_ body: (Persistence) throws -> Void) {
        persistenceErrors.save(persistence, body)
    }

    /// A writable engine's ``SyncWriter``: it writes through `writes` of the remote (``SyncError/appDeleted(name:)``
    /// once the app is gone), ends the listener's retry wait before every write, starts from the queue
    /// `loadPendingWrites` loads and saves the queue with `savePendingWrites` (no persistence: a failed write is not
    /// queued).
    func makeWriter<Model>(
        writes: @escaping (Service) -> SyncRemoteWrites<Model>,
        loadPendingWrites: (Persistence) throws -> [PendingWrite],
        savePendingWrites: @escaping (Persistence, [PendingWrite]) throws -> Void
    ) -> SyncWriter<Model> {
        let remote = self.remote
        let listener = self.listener
        let writer = SyncWriter(
            events: events, persistenceErrors: persistenceErrors,
            remoteWrites: { writes(try remote.require()) },
            writeWillStart: { listener.reconnectNow() },
            savePendingWrites: persistence.map { persistence in
                { try savePendingWrites(persistence, $0) }
            })
        writer.load(load(loadPendingWrites) ?? [])
        return writer
    }
}
