// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Observation

/// Keeps a collection in sync (the seed's `CollectionSyncEngine`): a hybrid sync (a bulk load, then a listener
/// streaming single changes, retried with backoff), an observable ``currentCollection``, local persistence of
/// the documents (one small record per change) and of failed writes (one per document, merged), and analytics
/// events prefixed with the manager key.
///
/// ```swift
/// let engine = CollectionSyncEngine<Product>(
///     remote: FirestoreRemoteCollectionService(firestore: db, collectionPath: { "products" }),
///     managerKey: "products", app: app)
/// await engine.startListening()
/// let cheap = engine.getDocuments(where: { $0.price < 10 })
/// ```
///
/// Order of ``currentCollection``: the bulk load's (the query's) order; documents added later are appended,
/// and a removed document's place is taken by the last one. When its app is deleted the engine stops for good.
@MainActor
@Observable
public final class CollectionSyncEngine<T: DataSyncModelProtocol> {
    private var state = CollectionState<T>()

    @ObservationIgnored private let remote: SyncEngineRemote<any RemoteCollectionService<T>>
    @ObservationIgnored private let persistence: (any LocalCollectionPersistence<T>)?
    @ObservationIgnored private let events: SyncEventLog
    @ObservationIgnored private let persistenceErrors: SyncPersistenceErrors
    @ObservationIgnored private let listener: ListenerSupervisor<SyncCollectionChanges<T>>
    @ObservationIgnored private var activeQuery: SyncQuery?
    @ObservationIgnored private var startGeneration = 0
    @ObservationIgnored private var changesSinceSnapshot = 0
    @ObservationIgnored private let writer: SyncWriter<T>

    /// An engine whose files (when `enableLocalPersistence`) live under `persistenceDirectory` (default:
    /// ``SyncPersistenceDirectory/default(for:)``), in a folder named after `managerKey`.
    ///
    /// - Parameters:
    ///   - remote: the remote service of the collection.
    ///   - managerKey: names the engine's folder and prefixes its analytics events (`{managerKey}_{event}`).
    ///   - enableLocalPersistence: whether the documents and pending writes are kept in files
    ///     (`false`: nothing is kept, and a failed write is lost).
    ///   - persistenceDirectory: where the engine's folder goes; nil for the default.
    ///   - logger: where analytics events go; nil for the app's `AnalyticsInterop`, if any.
    ///   - app: the app the engine belongs to: it stops when the app is deleted, and logs to the app's
    ///     `AnalyticsInterop` when no `logger` is given.
    ///   - sleep: how the listener waits before a retry (tests pass one they control).
    public convenience init(
        remote: any RemoteCollectionService<T>, managerKey: String, enableLocalPersistence: Bool = true,
        persistenceDirectory: URL? = nil, logger: (any DataSyncLogger)? = nil, app: FlintApp? = nil,
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

    /// An engine with a persistence of your own (nil: nothing is kept locally, failed writes are not queued).
    public init(
        remote: any RemoteCollectionService<T>, managerKey: String,
        localPersistence: (any LocalCollectionPersistence<T>)?,
        logger: (any DataSyncLogger)? = nil, app: FlintApp? = nil, sleep: @escaping SyncSleep = realSyncSleep
    ) {
        self.remote = SyncEngineRemote(remote)
        self.persistence = localPersistence
        let events = SyncEventLog(managerKey: managerKey, logger: SyncEngineLogger.resolve(logger, app: app))
        self.events = events
        let persistenceErrors = SyncPersistenceErrors(events: events)
        self.persistenceErrors = persistenceErrors
        self.writer = SyncWriter(
            events: events, persistenceErrors: persistenceErrors,
            savePendingWrites: localPersistence.map { persistence in
                { try persistence.savePendingWrites($0) }
            })
        self.listener = ListenerSupervisor(events: events, sleep: sleep)
        if let persistence = localPersistence {
            state = CollectionState(persistenceErrors.load { try persistence.loadCollection() } ?? [])
            writer.load(persistenceErrors.load { try persistence.loadPendingWrites() } ?? [])
        }
        writer.host = self
        self.remote.follow(app) { [weak self] in
            self?.listener.stop()
            self?.startGeneration += 1
        }
    }

    /// The documents, from the listener or the local cache.
    public var currentCollection: [T] { state.models }

    deinit {
        listener.cancelFromDeinit()
    }

    // MARK: Listening

    /// Starts the hybrid sync of the documents `buildQuery` selects (default: all): sends the pending writes,
    /// bulk loads (`bulkLoad_*`), then attaches the listener for single changes. An equal query while listening
    /// is a no-op; another query restarts the listener.
    public func startListening(buildQuery: (SyncQuery) -> SyncQuery = { $0 }) async {
        guard let remote = self.remote.service else { return }
        let query = buildQuery(SyncQuery())
        if listener.isRunning && activeQuery == query { return }
        listener.stop()
        activeQuery = query
        startGeneration += 1
        let generation = startGeneration
        await syncPendingWrites()
        guard generation == startGeneration, self.remote.service != nil else { return }
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

    /// Stops listening. With `clearCaches` (the default) the documents and the pending writes are forgotten,
    /// in memory and on disk (`cachesCleared`); otherwise they are kept.
    public func stopListening(clearCaches: Bool = true) {
        listener.stop()
        startGeneration += 1
        activeQuery = nil
        guard clearCaches else { return }
        state = CollectionState()
        let hadPending = writer.removeAll()
        persist { persistence in
            try persistence.replaceCollection([])
            try persistence.savePendingWrites([])
        }
        if hadPending { events.track("pendingWritesCleared") }
        events.track("cachesCleared")
    }

    /// How many writes wait in the pending-writes queue.
    public var pendingWriteCount: Int { writer.pendingWriteCount }

    /// The last error of the local persistence (a damaged file, a failed write), if any.
    public var lastPersistenceError: SyncError? { persistenceErrors.last }

    /// Whether the listener is attached or being retried.
    public var isListening: Bool { listener.isRunning }
    /// Whether the listener is down, waiting to retry.
    public var isListenerDown: Bool { listener.isWaitingToRetry }

    /// Replaces the cache with the remote's `models`, queued writes applied.
    private func replaceAll(_ models: [T]) {
        let shown = PendingWriteOverlay.applying(
            writer.queuedWrites, to: SyncCollectionChanges(updated: models, isInitial: true), query: activeQuery)
        CollectionCacheUpdate.replace(
            &state, changesSinceSnapshot: &changesSinceSnapshot, with: shown.updated, persist: persist)
    }

    /// Applies a listener batch, queued writes applied.
    private func apply(_ changes: SyncCollectionChanges<T>) {
        CollectionCacheUpdate.apply(
            PendingWriteOverlay.applying(writer.queuedWrites, to: changes, query: activeQuery), to: &state,
            changesSinceSnapshot: &changesSinceSnapshot, events: events, persist: persist)
    }

    // MARK: Reading

    /// The cached documents (``currentCollection``).
    public func getCollection() -> [T] { state.models }

    /// The cached document `id`.
    public func getDocument(id: String) -> T? { state.model(id: id) }

    /// The cached documents passing `predicate`.
    public func getDocuments(where predicate: (T) -> Bool) -> [T] { state.models.filter(predicate) }

    /// The documents: the cached ones when there are any (with `.cachedOrFetch`, the default), else the
    /// remote's (for the listening query, or all), which then replace the cache.
    public func getCollectionAsync(behavior: SyncFetchBehavior = .cachedOrFetch) async throws -> [T] {
        let remote = try self.remote.require()
        listener.reconnectNow()
        if behavior == .cachedOrFetch && !state.models.isEmpty { return state.models }
        events.track("getCollection_start")
        do {
            let models = try await remote.getCollection(query: activeQuery ?? SyncQuery())
            replaceAll(models)
            events.track("getCollection_success", ["count": String(models.count)])
            return models
        } catch {
            events.track("getCollection_fail", ["error_description": SyncEventLog.describe(error)])
            throw error
        }
    }

    /// The document `id`: the cached one (with `.cachedOrFetch`) or the remote's.
    /// - Throws: ``SyncError/documentNotFound(id:)`` when the remote has no such document.
    public func getDocumentAsync(id: String, behavior: SyncFetchBehavior = .cachedOrFetch) async throws -> T {
        let remote = try self.remote.require()
        listener.reconnectNow()
        if behavior == .cachedOrFetch, let model = state.model(id: id) { return model }
        events.track("getDocument_start", ["document_id": id])
        do {
            guard let model = try await remote.getDocument(id: id) else { throw SyncError.documentNotFound(id: id) }
            events.track("getDocument_success", ["document_id": id])
            return model
        } catch {
            events.track("getDocument_fail", ["document_id": id, "error_description": SyncEventLog.describe(error)])
            throw error
        }
    }

    /// ``getCollectionAsync(behavior:)``, filtered by `predicate`. (The seed's API has both this and
    /// ``getDocumentsAsync(buildQuery:)``; call them with their labels.)
    public func getDocumentsAsync(where predicate: (T) -> Bool) async throws -> [T] {
        try await getCollectionAsync().filter(predicate)
    }

    /// The documents `buildQuery` selects, always from the remote (the cache is not changed).
    public func getDocumentsAsync(buildQuery: (SyncQuery) -> SyncQuery) async throws -> [T] {
        let remote = try self.remote.require()
        listener.reconnectNow()
        return try await runQuery(buildQuery(SyncQuery()), events: events) { try await remote.getCollection(query: $0) }
    }

    // MARK: Writing

    /// Saves the whole document. A remote failure throws, and (with persistence) queues the write.
    public func saveDocument(_ model: T) async throws {
        try await writer.save(model)
    }

    /// Updates fields (dot-separated paths) of the document `id`.
    public func updateDocument(id: String, data: [String: SyncValue]) async throws {
        try await writer.update(id: id, data: data)
    }

    /// Deletes the document `id`.
    public func deleteDocument(id: String) async throws {
        try await writer.delete(id: id)
    }

    /// Sends the queued writes (also done by `startListening`); those that fail again stay queued.
    /// Overlapping calls (a second `startListening` while the first one still sends) share one run, so a
    /// write is never sent twice.
    public func syncPendingWrites() async {
        await writer.sendPendingWrites()
    }

    // MARK: Streams

    /// The documents `buildQuery` selects, as a whole array after every change, straight from the remote.
    /// Ends when the consumer stops (removing the remote listener) or when the app is deleted.
    public func streamCollection(buildQuery: (SyncQuery) -> SyncQuery = { $0 }) -> AsyncThrowingStream<[T], any Error> {
        guard let remote = self.remote.service else { return self.remote.failedStream() }
        return CollectionStreams.collection(remote, query: buildQuery(SyncQuery()), relays: self.remote.relays)
    }

    /// Single changes to the documents `buildQuery` selects: `updates` yields added or modified documents
    /// (first every current one), `deletions` the IDs of removed ones. Each has its own remote listener.
    public func streamCollectionUpdates(buildQuery: (SyncQuery) -> SyncQuery = { $0 })
        -> (updates: AsyncThrowingStream<T, any Error>, deletions: AsyncThrowingStream<String, any Error>)
    {
        guard let remote = self.remote.service else { return (self.remote.failedStream(), self.remote.failedStream()) }
        return CollectionStreams.updates(remote, query: buildQuery(SyncQuery()), relays: self.remote.relays)
    }

    /// The document `id` now and after every change, straight from the remote.
    public func streamDocument(id: String) -> AsyncThrowingStream<T?, any Error> {
        remote.relay { $0.streamDocument(id: id) }
    }

    // MARK: Plumbing

    private func persist(_ body: (any LocalCollectionPersistence<T>) throws -> Void) {
        persistenceErrors.save(persistence, body)
    }
}

extension CollectionSyncEngine: SyncWriterHost {
    func remoteWrites() throws -> SyncRemoteWrites<T> { SyncRemoteWrites(try remote.require()) }

    func writeWillStart() { listener.reconnectNow() }

    func showQueuedWrite(_ write: PendingWrite) {
        let id = write.documentId
        let shown = PendingWriteOverlay.applying(write, to: state.model(id: id), query: activeQuery)
        let batch = SyncCollectionChanges(updated: shown.map { [$0] } ?? [], deleted: shown == nil ? [id] : [])
        CollectionCacheUpdate.apply(
            batch, to: &state, changesSinceSnapshot: &changesSinceSnapshot, events: .silent, persist: persist)
    }
}
