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
    /// The cache (observed), the listener and the rest of the plumbing.
    @ObservationIgnored private let collection: CollectionEngineCore<T, any RemoteCollectionService<T>>
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
        let persistence = EngineFilePersistence.ifEnabled(
            enableLocalPersistence, persistenceDirectory: persistenceDirectory, app: app
        ) { FileCollectionPersistence<T>(directory: $0, managerKey: managerKey) }
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
        collection = CollectionEngineCore(
            remote: remote, persistence: localPersistence, managerKey: managerKey, logger: logger, app: app,
            sleep: sleep, listenable: { $0 })
        writer = collection.core.makeWriter(
            writes: SyncRemoteWrites.init, loadPendingWrites: { try $0.loadPendingWrites() },
            savePendingWrites: { try $0.savePendingWrites($1) })
        collection.write(with: writer)
    }

    /// The documents, from the listener or the local cache.
    public var currentCollection: [T] { collection.state.models }

    // MARK: Listening

    /// Starts the hybrid sync of the documents `buildQuery` selects (default: all): sends the pending writes,
    /// bulk loads (`bulkLoad_*`), then attaches the listener for single changes. An equal query while listening
    /// is a no-op; another query restarts the listener.
    public func startListening(buildQuery: (SyncQuery) -> SyncQuery = { $0 }) async {
        await collection.startListening(buildQuery: buildQuery)
    }

    /// Stops listening. With `clearCaches` (the default) the documents and the pending writes are forgotten,
    /// in memory and on disk (`cachesCleared`); otherwise they are kept.
    public func stopListening(clearCaches: Bool = true) {
        collection.stopListening(clearCaches: clearCaches)
    }

    /// How many writes wait in the pending-writes queue.
    public var pendingWriteCount: Int { writer.pendingWriteCount }

    /// The last error of the local persistence (a damaged file, a failed write), if any.
    public var lastPersistenceError: SyncError? { collection.core.persistenceErrors.last }

    /// Whether the listener is attached or being retried.
    public var isListening: Bool { collection.core.listener.isRunning }
    /// Whether the listener is down, waiting to retry.
    public var isListenerDown: Bool { collection.core.listener.isWaitingToRetry }

    // MARK: Reading

    /// The cached documents (``currentCollection``).
    public func getCollection() -> [T] { collection.state.models }

    /// The cached document `id`.
    public func getDocument(id: String) -> T? { collection.state.model(id: id) }

    /// The cached documents passing `predicate`.
    public func getDocuments(where predicate: (T) -> Bool) -> [T] { collection.state.models.filter(predicate) }

    /// The documents: the cached ones when there are any (with `.cachedOrFetch`, the default), else the
    /// remote's (for the listening query, or all), which then replace the cache.
    public func getCollectionAsync(behavior: SyncFetchBehavior = .cachedOrFetch) async throws -> [T] {
        let core = collection.core
        let remote = try core.remote.require()
        core.listener.reconnectNow()
        if behavior == .cachedOrFetch && !collection.state.models.isEmpty { return collection.state.models }
        core.events.track("getCollection_start")
        do {
            let models = try await remote.getCollection(query: collection.activeQuery ?? SyncQuery())
            collection.replaceAll(models)
            core.events.track("getCollection_success", ["count": String(models.count)])
            return models
        } catch {
            core.events.track("getCollection_fail", ["error_description": SyncEventLog.describe(error)])
            throw error
        }
    }

    /// The document `id`: the cached one (with `.cachedOrFetch`) or the remote's.
    /// - Throws: ``SyncError/documentNotFound(id:)`` when the remote has no such document.
    public func getDocumentAsync(id: String, behavior: SyncFetchBehavior = .cachedOrFetch) async throws -> T {
        let remote = try collection.core.remote.require()
        collection.core.listener.reconnectNow()
        if behavior == .cachedOrFetch, let model = collection.state.model(id: id) { return model }
        return try await fetchDocument(id: id, events: collection.core.events) { try await remote.getDocument(id: $0) }
    }

    /// ``getCollectionAsync(behavior:)``, filtered by `predicate`. (The seed's API has both this and
    /// ``getDocumentsAsync(buildQuery:)``; call them with their labels.)
    public func getDocumentsAsync(where predicate: (T) -> Bool) async throws -> [T] {
        try await getCollectionAsync().filter(predicate)
    }

    /// The documents `buildQuery` selects, always from the remote (the cache is not changed).
    public func getDocumentsAsync(buildQuery: (SyncQuery) -> SyncQuery) async throws -> [T] {
        try await collection.getDocuments(buildQuery: buildQuery)
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
        collection.streamCollection(buildQuery: buildQuery)
    }

    /// Single changes to the documents `buildQuery` selects: `updates` yields added or modified documents
    /// (first every current one), `deletions` the IDs of removed ones. Each has its own remote listener.
    public func streamCollectionUpdates(buildQuery: (SyncQuery) -> SyncQuery = { $0 })
        -> (updates: AsyncThrowingStream<T, any Error>, deletions: AsyncThrowingStream<String, any Error>)
    {
        collection.streamCollectionUpdates(buildQuery: buildQuery)
    }

    /// The document `id` now and after every change, straight from the remote.
    public func streamDocument(id: String) -> AsyncThrowingStream<T?, any Error> {
        collection.core.remote.relay { $0.streamDocument(id: id) }
    }
}
