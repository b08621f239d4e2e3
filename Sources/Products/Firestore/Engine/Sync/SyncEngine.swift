// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The client side of one ``Firestore`` instance: latency-compensated local writes, the commit queue,
/// listeners with their incremental views, and the watch on the backend.
///
/// - **Writes** are applied locally at once (listeners see them with `hasPendingWrites`), then committed by
///   one task, in order. The backend's batch carrying the write's origin tag acknowledges it: the pending
///   write is dropped and listeners see the backend's version (a metadata-only change unless server
///   values, such as timestamps, changed the data). A rejected write is rolled back.
/// - **Batches** from the backend (this client's and others') reach only the views on the changed
///   documents' collections, collection groups and paths, and each view updates in O(log n).
/// - **Consistency.** Reads of the backend may reflect commits whose batches have not arrived yet; every
///   view remembers the sequence number it reflects and skips older batches, and documents with local
///   writes are tracked separately until the engine has caught up.
/// - **Cache.** What the client receives (reads, listens, batches of listened targets, acknowledged writes)
///   goes into a ``RemoteDocumentCache`` (persisted by a ``ClientCacheFile`` with a persistent cache);
///   offline and `.cache` reads and offline listeners are served from it. Pending writes are queued per user.
/// - **Threads.** One lock guards the state; no listener, backend commit or security rule runs under it, and the
///   documents a write starts tracking are read from the backend with it released.
///   Events go through an outbox delivered in order by one thread at a time.
final class SyncEngine: Sendable {
    let database: DatabaseID
    let backend: any FirestoreBackend
    let credentials: CredentialsProvider
    /// Prefix of this client's origin tags.
    let clientID: String
    /// The persistent cache's file and how to write it; nil for a memory cache.
    let cacheURL: URL?
    let cacheIO: PersistenceIO
    let cacheSizeBytes: Int64
    /// How the cache drops documents.
    let cacheCollection: CacheCollection
    let state = Locked(SyncEngineState())
    /// The backend's watch and the user-change observation, removed at termination.
    let registrations = Locked<[any ListenerRegistration]>([])

    init(
        database: DatabaseID, backend: any FirestoreBackend, credentials: CredentialsProvider,
        cacheURL: URL? = nil, cacheIO: PersistenceIO = .standard,
        cacheSizeBytes: Int64 = PersistentCacheSettings.unlimitedSizeBytes,
        cacheCollection: CacheCollection = .eager
    ) {
        self.database = database
        self.backend = backend
        self.credentials = credentials
        self.cacheURL = cacheURL
        self.cacheIO = cacheIO
        self.cacheSizeBytes = cacheSizeBytes
        self.cacheCollection = cacheURL == nil ? cacheCollection : .persistent
        clientID = AutoID.make()
    }

    /// Opens the persistent cache (if any) and restores its pending writes of the signed-in user, and starts
    /// watching the backend (then call ``observeUserChanges()``, with no lock held). A damaged cache makes every operation fail with its
    /// ``RPCStatusCode/dataLoss`` error. With `offline`, the engine starts with the network disabled.
    func start(offline: Bool = false) {
        var opened: (ClientCacheFile, [ResourcePath: RemoteDocumentCache.Entry], [ClientCacheFile.LoadedBatch])?
        if let cacheURL {
            do {
                opened = try ClientCacheFile.open(url: cacheURL, io: cacheIO, sizeBytes: cacheSizeBytes)
            } catch {
                state.withLock { $0.startupError = error }
                return
            }
        }
        let user = credentials.auth?.getUserID()
        let watch = backend.watch(database: database) { [weak self] batch in
            self?.receive(batch)
        }
        // Online, the documents of the user's restored writes are read with the lock released.
        let restored = (opened?.2 ?? []).filter { $0.user == user }
        let restoring = offline ? [] : Self.distinctPaths(of: restored.flatMap(\.mutations))
        let startCommitting = withTrackingReads(needs: { _ in restoring }) { state, reads -> Bool in
            state.lastSequence = max(state.lastSequence, watch.sequenceNumber)
            state.highWater = max(state.highWater, watch.sequenceNumber)
            state.user = user
            state.isOffline = offline
            state.collection = cacheCollection
            guard let (file, entries, batches) = opened else { return false }
            state.cacheFile = file
            state.cache.load(entries)
            state.nextBatchID = (batches.last?.id ?? 0) + 1
            for loaded in batches {
                let batch = PendingBatch(
                    id: loaded.id, user: loaded.user, mutations: loaded.mutations,
                    origin: "\(clientID)/\(loaded.id)", localWriteTime: loaded.localWriteTime)
                if loaded.user == user {
                    // A backend read failing here leaves the write in the file for a later instance.
                    try? enqueueLocally(batch, reads: reads, in: &state)
                } else {
                    state.otherUsersBatches.append(batch)
                }
            }
            let start = !state.committing && !state.isOffline && !state.pending.isEmpty
            if start { state.committing = true }
            return start
        }
        registrations.withLock { $0.append(watch.registration) }
        flush()
        if startCommitting {
            Task { await self.commitPendingBatches() }
        }
    }

    /// The number of registered listeners.
    var listenerCount: Int { state.withLock { $0.views.count } }

    /// The number of registered snapshots-in-sync listeners.
    var inSyncListenerCount: Int { state.withLock { $0.inSyncListeners.count } }

    /// The number of local writes not yet acknowledged.
    var pendingWriteCount: Int { state.withLock { $0.pending.count } }

    /// Whether ``terminate(reason:)`` ran.
    var isTerminated: Bool { state.withLock { $0.terminated } }

    /// The number of `waitForPendingWrites` callers waiting.
    var waiterCount: Int { state.withLock { $0.waiters.count } }

    /// The number of documents tracked because of local writes.
    var trackedDocumentCount: Int { state.withLock { $0.tracked.count } }

    // MARK: - Delivery

    /// Delivers the outbox in order, unless another thread is doing it (it will deliver these too). After a
    /// round that raised a snapshot, every snapshots-in-sync listener is called (as the SDK's
    /// `EventManager::RaiseSnapshotsInSyncEvent`); listeners registered since the last round are called once
    /// in any case.
    func flush() {
        while true {
            let work = state.withLock { state -> (deliveries: [Delivery], newInSync: [InSyncListener])? in
                guard !state.delivering, !state.outbox.isEmpty || !state.newInSyncListeners.isEmpty else { return nil }
                state.delivering = true
                defer {
                    state.outbox = []
                    state.newInSyncListeners = []
                }
                return (state.outbox, state.newInSyncListeners)
            }
            guard let work else { return }
            var raisedSnapshot = false
            for delivery in work.deliveries {
                if delivery.isFinal {
                    if delivery.slot.deactivate() { delivery.slot.deliver(delivery.event) }
                } else if delivery.slot.isActive {
                    delivery.slot.deliver(delivery.event)
                    if case .snapshot = delivery.event { raisedSnapshot = true }
                }
            }
            var inSync = work.newInSync
            if raisedSnapshot {
                let all = state.withLock { state in
                    state.inSyncListeners.keys.sorted().compactMap { state.inSyncListeners[$0] }
                }
                inSync = all + inSync.filter { entry in !all.contains { $0 === entry } }
            }
            for entry in inSync { entry.fire() }
            state.withLock { $0.delivering = false }
        }
    }

    // MARK: - Network

    /// Disables the network: writes stay pending, the backend's batches are held back, and listeners are
    /// told their snapshots now come from the cache.
    func disableNetwork() {
        state.withLock { state in
            guard !state.terminated, !state.isOffline else { return }
            state.isOffline = true
            for viewID in state.views.keys.sorted() {
                guard var view = state.views.removeValue(forKey: viewID) else { continue }
                if let snapshot = view.setFromCache(true, emit: true) {
                    state.outbox.append(Delivery(slot: view.slot, event: .snapshot(snapshot), isFinal: false))
                }
                state.views[viewID] = view
            }
        }
        flush()
    }

    /// Re-enables the network: held batches are applied, pending writes are committed, and listeners are
    /// told their snapshots are current again.
    func enableNetwork() {
        let (startCommitting, completions, waiters) = state.withLock {
            state -> (Bool, [SyncEngineState.Completion], [SyncEngineState.Completion]) in
            guard !state.terminated, state.isOffline else { return (false, [], []) }
            state.isOffline = false
            for viewID in state.views.keys where !state.cacheViewIDs.contains(viewID) {
                _ = state.views[viewID]?.setFromCache(false, emit: false)
            }
            var completions: [SyncEngineState.Completion] = []
            let held = state.heldBatches
            state.heldBatches = []
            for batch in held where batch.sequenceNumber > state.lastSequence {
                if let completion = process(batch, in: &state) { completions.append(completion) }
            }
            for viewID in state.views.keys.sorted() where !state.cacheViewIDs.contains(viewID) {
                guard var view = state.views.removeValue(forKey: viewID) else { continue }
                // Catch up with the backend (the cache may have been stale), then report `isFromCache == false`.
                let snapshot: ViewSnapshot?
                if let (entries, sequence) = try? currentEntries(for: view.kind, in: &state) {
                    state.highWater = max(state.highWater, sequence)
                    snapshot = view.reset(to: entries, sequence: sequence)
                } else {
                    snapshot = view.setFromCache(false, emit: true)
                }
                if let snapshot {
                    state.outbox.append(Delivery(slot: view.slot, event: .snapshot(snapshot), isFinal: false))
                }
                state.views[viewID] = view
            }
            refreshCacheViews(in: &state)  // cache views see what the catch-up reads brought
            let start = !state.committing && state.pending.contains { !$0.sent }
            if start { state.committing = true }
            return (start, completions, state.takeSatisfiedWaiters())
        }
        flush()
        for completion in completions { completion(.success(())) }
        for waiter in waiters { waiter(.success(())) }
        if startCommitting {
            Task { await self.commitPendingBatches() }
        }
    }

    // MARK: - Termination

    /// Why an engine stops; listeners are told in their `cancelled` error.
    enum TerminationReason: Sendable {
        /// `Firestore.terminate()`.
        case terminated
        /// The app was deleted.
        case appDeleted

        /// The error listeners end with.
        var listenerError: FirestoreError {
            switch self {
            case .terminated: FirestoreError(.cancelled, "The Firestore instance was terminated.")
            case .appDeleted: FirestoreError(.cancelled, "The Firestore instance was terminated (its app was deleted).")
            }
        }
    }

    /// Stops the engine: the watch is removed, listeners receive `cancelled`, pending writes and waiters fail
    /// with `failedPrecondition`. Later calls do nothing.
    func terminate(reason: TerminationReason) {
        let (slots, inSync, completions) = state.withLock {
            state -> ([ListenerSlot], [InSyncListener], [SyncEngineState.Completion]) in
            guard !state.terminated else { return ([], [], []) }
            state.terminated = true
            let slots = state.views.keys.sorted().compactMap { state.views[$0]?.slot }
            let inSync = state.inSyncListeners.keys.sorted().compactMap { state.inSyncListeners[$0] }
            state.inSyncListeners = [:]
            state.newInSyncListeners = []
            let completions = state.pending.compactMap(\.completion) + state.waiters.map(\.completion)
            state.views = [:]
            state.viewsByCollection = [:]
            state.viewsByGroup = [:]
            state.viewsByDocument = [:]
            state.cacheViewIDs = []
            state.tracked = [:]
            state.pending = []
            state.waiters = []
            state.heldBatches = []
            state.otherUsersBatches = []
            state.cacheFile = nil  // closes the file
            return (slots, inSync, completions)
        }
        let registrations = registrations.withLock { registrations in
            defer { registrations = [] }
            return registrations
        }
        for registration in registrations { registration.remove() }
        let cancelled = reason.listenerError
        for slot in slots where slot.deactivate() {
            slot.deliver(.failure(cancelled))
        }
        for entry in inSync where entry.slot.deactivate() { entry.onTerminate() }
        for completion in completions { completion(.failure(.terminated)) }
    }
}
