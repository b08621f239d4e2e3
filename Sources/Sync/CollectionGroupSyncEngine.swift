// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Observation

/// Keeps the documents of every collection with one ID in sync (the seed's `CollectionGroupSyncEngine`):
/// the same hybrid sync, cache and persistence as ``CollectionSyncEngine``, **read-only** (no writes, so no
/// pending writes).
///
/// ```swift
/// let engine = CollectionGroupSyncEngine<Review>(
///     remote: FirestoreRemoteCollectionGroupService(firestore: db, groupName: "reviews"),
///     managerKey: "reviews", app: app)
/// await engine.startListening { $0.where("rating", isGreaterThan: 3) }
/// ```
@MainActor
@Observable
public final class CollectionGroupSyncEngine<T: DataSyncModelProtocol> {
    private var state = CollectionState<T>()

    @ObservationIgnored private let remote: SyncEngineRemote<any RemoteCollectionGroupService<T>>
    @ObservationIgnored private let persistence: (any LocalCollectionPersistence<T>)?
    @ObservationIgnored private let events: SyncEventLog
    @ObservationIgnored private let persistenceErrors: SyncPersistenceErrors
    @ObservationIgnored private let listener: ListenerSupervisor<SyncCollectionChanges<T>>
    @ObservationIgnored private var activeQuery: SyncQuery?
    @ObservationIgnored private var startGeneration = 0
    @ObservationIgnored private var changesSinceSnapshot = 0

    /// An engine whose files (when `enableLocalPersistence`) live under `persistenceDirectory` (default:
    /// ``SyncPersistenceDirectory/default(for:)``), in a folder named after `managerKey`.
    public convenience init(
        remote: any RemoteCollectionGroupService<T>, managerKey: String,
        enableLocalPersistence: Bool = true, persistenceDirectory: URL? = nil,
        logger: (any DataSyncLogger)? = nil, app: FlintApp? = nil,
        sleep: @escaping SyncSleep = realSyncSleep
    ) {
        let persistence: (any LocalCollectionPersistence<T>)? =
            enableLocalPersistence
            ? FileCollectionPersistence<T>(
                directory: persistenceDirectory ?? SyncPersistenceDirectory.default(for: app),
                managerKey: managerKey)
            : nil
        self.init(
            remote: remote, managerKey: managerKey, localPersistence: persistence, logger: logger, app: app,
            sleep: sleep)
    }

    /// An engine with a persistence of your own (nil: nothing is kept locally).
    public init(
        remote: any RemoteCollectionGroupService<T>, managerKey: String,
        localPersistence: (any LocalCollectionPersistence<T>)?,
        logger: (any DataSyncLogger)? = nil, app: FlintApp? = nil, sleep: @escaping SyncSleep = realSyncSleep
    ) {
        self.remote = SyncEngineRemote(remote)
        self.persistence = localPersistence
        let events = SyncEventLog(managerKey: managerKey, logger: SyncEngineLogger.resolve(logger, app: app))
        self.events = events
        self.persistenceErrors = SyncPersistenceErrors(events: events)
        self.listener = ListenerSupervisor(events: events, sleep: sleep)
        if let persistence = localPersistence {
            state = CollectionState(persistenceErrors.load { try persistence.loadCollection() } ?? [])
        }
        self.remote.follow(app) { [weak self] in
            self?.listener.stop()
            self?.startGeneration += 1
        }
    }

    deinit {
        listener.cancelFromDeinit()
    }

    /// The documents, from the listener or the local cache.
    public var currentCollection: [T] { state.models }

    /// Starts the hybrid sync of the group's documents `buildQuery` selects (default: all). An equal query while
    /// listening is a no-op; another query restarts the listener.
    public func startListening(buildQuery: (SyncQuery) -> SyncQuery = { $0 }) async {
        guard let remote = self.remote.service else { return }
        let query = buildQuery(SyncQuery())
        if listener.isRunning && activeQuery == query { return }
        listener.stop()
        activeQuery = query
        startGeneration += 1
        let generation = startGeneration
        events.track("bulkLoad_start", ["filter_count": String(query.filterCount)])
        do {
            let models = try await remote.getCollection(query: query)
            guard generation == startGeneration else { return }
            replaceAll(models)
            events.track("bulkLoad_success", ["count": String(models.count)])
        } catch {
            events.track("bulkLoad_fail", ["error_description": SyncEventLog.describe(error)])
        }
        guard generation == startGeneration, self.remote.service != nil else { return }
        listener.start(
            parameters: [:],
            connect: { remote.streamCollectionUpdates(query: query) },
            onValue: { [weak self] changes in self?.apply(changes) })
    }

    /// Stops listening; with `clearCaches` (the default) the documents are forgotten in memory and on disk.
    public func stopListening(clearCaches: Bool = true) {
        listener.stop()
        startGeneration += 1
        activeQuery = nil
        guard clearCaches else { return }
        state = CollectionState()
        persist { try $0.replaceCollection([]) }
        events.track("cachesCleared")
    }

    /// The last error of the local persistence (a damaged file, a failed write), if any.
    public var lastPersistenceError: SyncError? { persistenceErrors.last }

    /// Whether the listener is attached or being retried.
    public var isListening: Bool { listener.isRunning }
    /// Whether the listener is down, waiting to retry.
    public var isListenerDown: Bool { listener.isWaitingToRetry }

    /// The cached documents (``currentCollection``).
    public func getCollection() -> [T] { state.models }

    /// The cached documents passing `predicate`.
    public func getDocuments(where predicate: (T) -> Bool) -> [T] { state.models.filter(predicate) }

    /// The documents `buildQuery` selects, always from the remote.
    public func getDocumentsAsync(buildQuery: (SyncQuery) -> SyncQuery) async throws -> [T] {
        let remote = try self.remote.require()
        listener.reconnectNow()
        return try await runQuery(buildQuery(SyncQuery()), events: events) { try await remote.getCollection(query: $0) }
    }

    /// The documents `buildQuery` selects as a whole array after every change, straight from the remote.
    public func streamCollection(buildQuery: (SyncQuery) -> SyncQuery = { $0 }) -> AsyncThrowingStream<[T], any Error> {
        guard let remote = self.remote.service else { return self.remote.failedStream() }
        return CollectionStreams.collection(remote, query: buildQuery(SyncQuery()), relays: self.remote.relays)
    }

    /// Single changes: `updates` yields added or modified documents, `deletions` the IDs of removed ones.
    public func streamCollectionUpdates(buildQuery: (SyncQuery) -> SyncQuery = { $0 })
        -> (updates: AsyncThrowingStream<T, any Error>, deletions: AsyncThrowingStream<String, any Error>)
    {
        guard let remote = self.remote.service else { return (self.remote.failedStream(), self.remote.failedStream()) }
        return CollectionStreams.updates(remote, query: buildQuery(SyncQuery()), relays: self.remote.relays)
    }

    private func replaceAll(_ models: [T]) {
        CollectionCacheUpdate.replace(
            &state, changesSinceSnapshot: &changesSinceSnapshot, with: models, persist: persist)
    }

    private func apply(_ changes: SyncCollectionChanges<T>) {
        CollectionCacheUpdate.apply(
            changes, to: &state, changesSinceSnapshot: &changesSinceSnapshot, events: events, persist: persist)
    }

    private func persist(_ body: (any LocalCollectionPersistence<T>) throws -> Void) {
        persistenceErrors.save(persistence, body)
    }
}
