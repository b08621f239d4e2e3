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
    /// The cache (observed), the listener and the rest of the plumbing.
    @ObservationIgnored private let collection: CollectionEngineCore<T, any RemoteCollectionGroupService<T>>

    /// An engine whose files (when `enableLocalPersistence`) live under `persistenceDirectory` (default:
    /// ``SyncPersistenceDirectory/default(for:)``), in a folder named after `managerKey`.
    public convenience init(
        remote: any RemoteCollectionGroupService<T>, managerKey: String,
        enableLocalPersistence: Bool = true, persistenceDirectory: URL? = nil,
        logger: (any DataSyncLogger)? = nil, app: FlintApp? = nil,
        sleep: @escaping SyncSleep = realSyncSleep
    ) {
        let persistence = EngineFilePersistence.ifEnabled(
            enableLocalPersistence, persistenceDirectory: persistenceDirectory, app: app
        ) { FileCollectionPersistence<T>(directory: $0, managerKey: managerKey) }
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
        collection = CollectionEngineCore(
            remote: remote, persistence: localPersistence, managerKey: managerKey, logger: logger, app: app,
            sleep: sleep, listenable: { $0 })
    }

    /// The documents, from the listener or the local cache.
    public var currentCollection: [T] { collection.state.models }

    /// Starts the hybrid sync of the group's documents `buildQuery` selects (default: all). An equal query while
    /// listening is a no-op; another query restarts the listener.
    public func startListening(buildQuery: (SyncQuery) -> SyncQuery = { $0 }) async {
        await collection.startListening(buildQuery: buildQuery)
    }

    /// Stops listening; with `clearCaches` (the default) the documents are forgotten in memory and on disk.
    public func stopListening(clearCaches: Bool = true) {
        collection.stopListening(clearCaches: clearCaches)
    }

    /// The last error of the local persistence (a damaged file, a failed write), if any.
    public var lastPersistenceError: SyncError? { collection.core.persistenceErrors.last }

    /// Whether the listener is attached or being retried.
    public var isListening: Bool { collection.core.listener.isRunning }
    /// Whether the listener is down, waiting to retry.
    public var isListenerDown: Bool { collection.core.listener.isWaitingToRetry }

    /// The cached documents (``currentCollection``).
    public func getCollection() -> [T] { collection.state.models }

    /// The cached documents passing `predicate`.
    public func getDocuments(where predicate: (T) -> Bool) -> [T] { collection.state.models.filter(predicate) }

    /// The documents `buildQuery` selects, always from the remote.
    public func getDocumentsAsync(buildQuery: (SyncQuery) -> SyncQuery) async throws -> [T] {
        try await collection.getDocuments(buildQuery: buildQuery)
    }

    /// The documents `buildQuery` selects as a whole array after every change, straight from the remote.
    public func streamCollection(buildQuery: (SyncQuery) -> SyncQuery = { $0 }) -> AsyncThrowingStream<[T], any Error> {
        collection.streamCollection(buildQuery: buildQuery)
    }

    /// Single changes: `updates` yields added or modified documents, `deletions` the IDs of removed ones.
    public func streamCollectionUpdates(buildQuery: (SyncQuery) -> SyncQuery = { $0 })
        -> (updates: AsyncThrowingStream<T, any Error>, deletions: AsyncThrowingStream<String, any Error>)
    {
        collection.streamCollectionUpdates(buildQuery: buildQuery)
    }
}
