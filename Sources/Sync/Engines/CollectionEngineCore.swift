// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Observation

/// What the collection engines (``CollectionSyncEngine``, ``CollectionGroupSyncEngine``) share beyond their
/// ``SyncEngineCore``: the observable cache of documents, the hybrid sync (a bulk load, then the listener's batches,
/// folded in by ``CollectionCacheUpdate``), the remote queries and the streams. With a ``writer`` (the writable
/// engine) its queued writes are sent before the bulk load and shown over the remote's documents
/// (``PendingWriteOverlay``); the writer shows a newly queued write here.
@MainActor
@Observable
final class CollectionEngineCore<T: DataSyncModelProtocol, Service: Sendable> {
    typealias Core = SyncEngineCore<Service, any LocalCollectionPersistence<T>, SyncCollectionChanges<T>>

    /// The documents (observed: the engines' `currentCollection`).
    private(set) var state = CollectionState<T>()

    @ObservationIgnored let core: Core
    /// The writable engine's writer; nil for a read-only engine.
    @ObservationIgnored private(set) var writer: SyncWriter<T>?
    /// The query listened to (nil when not listening).
    @ObservationIgnored private(set) var activeQuery: SyncQuery?
    @ObservationIgnored private var startGeneration = 0
    @ObservationIgnored private var changesSinceSnapshot = 0
    @ObservationIgnored private let listenable: (Service) -> any RemoteCollectionGroupService<T>

    /// The parts of an engine over `remote` (`listenable` gives its reading side), its cache loaded from
    /// `persistence`; it stops listening when `app` is deleted.
    init(
        remote: Service, persistence: (any LocalCollectionPersistence<T>)?, managerKey: String,
        logger: (any DataSyncLogger)?, app: FlintApp?, sleep: @escaping SyncSleep,
        listenable: @escaping (Service) -> any RemoteCollectionGroupService<T>
    ) {
        core = Core(
            remote: remote, persistence: persistence, managerKey: managerKey, logger: logger, app: app, sleep: sleep)
        self.listenable = listenable
        state = CollectionState(core.load { try $0.loadCollection() } ?? [])
        core.follow(app) { [weak self] in self?.startGeneration += 1 }
    }

    /// Makes this cache `writer`'s: its queued writes are sent before a bulk load and shown here.
    func write(with writer: SyncWriter<T>) {
        self.writer = writer
        writer.host = self
    }

    // MARK: Listening

    /// Starts the hybrid sync of the documents `buildQuery` selects: logs `listener_start`, sends the queued writes
    /// (with a writer), bulk loads (`bulkLoad_*`), then attaches the listener. An equal query while listening is a no-op; another query
    /// restarts the listener.
    func startListening(buildQuery: (SyncQuery) -> SyncQuery) async {
        guard let service = core.remote.service else { return }
        let remote = listenable(service)
        let query = buildQuery(SyncQuery())
        if core.listener.isRunning && activeQuery == query { return }
        core.listener.stop()
        activeQuery = query
        startGeneration += 1
        let generation = startGeneration
        core.events.track("listener_start")
        if let writer {
            await writer.sendPendingWrites()
            guard generation == startGeneration, core.remote.service != nil else { return }
        }
        core.events.track("bulkLoad_start", ["filter_count": String(query.filterCount)])
        do {
            let models = try await remote.getCollection(query: query)
            guard generation == startGeneration else { return }
            replaceAll(models)
            core.events.track("bulkLoad_success", ["count": String(models.count)])
        } catch {
            core.events.track("bulkLoad_fail", ["error_description": SyncEventLog.describe(error)])
        }
        guard generation == startGeneration, core.remote.service != nil else { return }
        core.listener.start(
            parameters: [:], announced: true,
            connect: { remote.streamCollectionUpdates(query: query) },
            onValue: { [weak self] changes in self?.apply(changes) })
    }

    /// Stops listening. With `clearCaches` the documents and the writer's queue are forgotten, in memory and on
    /// disk (`pendingWritesCleared` when there was a queue, `cachesCleared`).
    func stopListening(clearCaches: Bool) {
        core.listener.stop(logging: .always)
        startGeneration += 1
        activeQuery = nil
        guard clearCaches else { return }
        state = CollectionState()
        let hadPending = writer?.removeAll() ?? false
        let writable = writer != nil
        core.persist { persistence in
            try persistence.replaceCollection([])
            if writable { try persistence.savePendingWrites([]) }
        }
        if hadPending { core.events.track("pendingWritesCleared") }
        core.events.track("cachesCleared")
    }

    /// Replaces the cache with the remote's `models`, queued writes applied.
    func replaceAll(_ models: [T]) {
        let shown = PendingWriteOverlay.applying(
            queuedWrites, to: SyncCollectionChanges(updated: models, isInitial: true), query: activeQuery)
        CollectionCacheUpdate.replace(
            &state, changesSinceSnapshot: &changesSinceSnapshot, with: shown.updated, persist: core.persist)
    }

    /// Applies a listener batch, queued writes applied.
    private func apply(_ changes: SyncCollectionChanges<T>) {
        CollectionCacheUpdate.apply(
            PendingWriteOverlay.applying(queuedWrites, to: changes, query: activeQuery), to: &state,
            changesSinceSnapshot: &changesSinceSnapshot, events: core.events, persist: core.persist)
    }

    private var queuedWrites: [PendingWrite] { writer?.queuedWrites ?? [] }

    // MARK: Remote reads and streams

    /// The documents `buildQuery` selects, always from the remote (`getDocumentsQuery_*`; the cache is not changed).
    func getDocuments(buildQuery: (SyncQuery) -> SyncQuery) async throws -> [T] {
        let remote = listenable(try core.remote.require())
        core.listener.reconnectNow()
        return try await runQuery(buildQuery(SyncQuery()), events: core.events) {
            try await remote.getCollection(query: $0)
        }
    }

    /// The documents `buildQuery` selects as a whole array after every change (see ``CollectionStreams``).
    func streamCollection(buildQuery: (SyncQuery) -> SyncQuery) -> AsyncThrowingStream<[T], any Error> {
        guard let service = core.remote.service else { return core.remote.failedStream() }
        return CollectionStreams.collection(
            listenable(service), query: buildQuery(SyncQuery()), relays: core.remote.relays)
    }

    /// Single changes to the documents `buildQuery` selects (see ``CollectionStreams``).
    func streamCollectionUpdates(buildQuery: (SyncQuery) -> SyncQuery)
        -> (updates: AsyncThrowingStream<T, any Error>, deletions: AsyncThrowingStream<String, any Error>)
    {
        guard let service = core.remote.service else { return (core.remote.failedStream(), core.remote.failedStream()) }
        return CollectionStreams.updates(
            listenable(service), query: buildQuery(SyncQuery()), relays: core.remote.relays)
    }
}

extension CollectionEngineCore: SyncWriterHost {
    func showQueuedWrite(_ write: PendingWrite) {
        guard let id = write.documentId else { return }
        let shown = PendingWriteOverlay.applying(write, to: state.model(id: id), query: activeQuery)
        let batch = SyncCollectionChanges(updated: shown.map { [$0] } ?? [], deleted: shown == nil ? [id] : [])
        CollectionCacheUpdate.apply(
            batch, to: &state, changesSinceSnapshot: &changesSinceSnapshot, events: .silent, persist: core.persist)
    }
}
