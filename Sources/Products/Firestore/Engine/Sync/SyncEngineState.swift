// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Everything a ``SyncEngine`` keeps, behind its one lock.
struct SyncEngineState {
    /// An outcome callback of a write or of `waitForPendingWrites`.
    typealias Completion = @Sendable (Result<Void, FirestoreError>) -> Void

    /// The backend's state of documents about to be tracked, read with the lock released (a read's error, when
    /// it failed), by path.
    typealias TrackingReads = [ResourcePath: Result<TrackedDocument, FirestoreError>]

    /// The reads of one document out while the lock is released (see ``readsInFlight``).
    struct ReadInFlight {
        /// How many reads of the document are out.
        var count = 0
        /// The newest state of the document a batch brought while they were out.
        var newest: TrackedDocument?
    }

    var terminated = false
    /// The sequence number of the last backend batch processed.
    var lastSequence: Int64 = 0
    /// The highest sequence number any read of this engine reflected: tracked documents are kept until
    /// `lastSequence` reaches it, so no view can skip a batch a tracked document relied on.
    var highWater: Int64 = 0
    var nextViewID = 1
    var views: [Int: QueryView] = [:]
    var viewsByCollection: [ResourcePath: Set<Int>] = [:]
    var viewsByGroup: [String: Set<Int>] = [:]
    var viewsByDocument: [ResourcePath: Set<Int>] = [:]
    /// The views of ``ListenSource/cache`` listeners (also in the indexes above).
    var cacheViewIDs: Set<Int> = []
    /// Whether a read changed the cache since the cache views were last brought up to date with it.
    var cacheChanged = false
    /// Documents with local writes (or just acknowledged ones).
    var tracked: [ResourcePath: TrackedDocument] = [:]
    /// Tracked documents whose writes are all done: dropped once the engine has caught up.
    var settled: Set<ResourcePath> = []
    /// Documents being read from the backend, with the lock released, to be tracked: batches processed
    /// meanwhile may carry a newer state than the reads will bring.
    var readsInFlight: [ResourcePath: ReadInFlight] = [:]
    /// Local writes not yet acknowledged, oldest first.
    var pending: [PendingBatch] = []
    var nextBatchID = 1
    /// Whether the commit task is running.
    var committing = false
    /// Events waiting to be delivered, in order.
    var outbox: [Delivery] = []
    /// Snapshots-in-sync listeners, by registration ID.
    var inSyncListeners: [Int: InSyncListener] = [:]
    /// Snapshots-in-sync listeners registered since the last delivery: each is called once on its own.
    var newInSyncListeners: [InSyncListener] = []
    /// Whether some thread is delivering the outbox.
    var delivering = false
    /// `waitForPendingWrites` callers: resumed once every batch up to `upTo` is done.
    var waiters: [(upTo: Int, completion: Completion)] = []
    /// Whether the network is disabled: batches wait in `heldBatches`, commits wait.
    var isOffline = false
    var heldBatches: [BackendChangeBatch] = []
    /// What the client received from the backend: offline and cache reads are served from it.
    var cache = RemoteDocumentCache()
    /// How the cache drops documents.
    var collection = CacheCollection.persistent
    /// The cache's size after the last LRU collection: the next one runs when it has doubled.
    var collectedCount = 0
    /// The persistent cache, if the settings ask for one.
    var cacheFile: ClientCacheFile?
    /// Why the engine could not start (a damaged persistent cache): every operation fails with it.
    var startupError: FirestoreError?
    /// The signed-in user whose writes are in `pending`.
    var user: String?
    /// Pending writes of other users, kept (and persisted) until they sign in again; oldest first.
    var otherUsersBatches: [PendingBatch] = []

    // MARK: Views

    /// Adds a view to the indexes.
    mutating func register(_ view: QueryView, target: BackendTarget.Kind) {
        views[view.id] = view
        if !view.listensToRemote { cacheViewIDs.insert(view.id) }
        switch target {
        case .document(let path): viewsByDocument[path, default: []].insert(view.id)
        case .query(.collection(let path)): viewsByCollection[path, default: []].insert(view.id)
        case .query(.collectionGroup(let id)): viewsByGroup[id, default: []].insert(view.id)
        }
    }

    /// Removes a view from the indexes (with eager collection, the documents only it referenced leave the
    /// cache); returns it.
    @discardableResult
    mutating func unregister(_ id: Int) -> QueryView? {
        guard let view = views.removeValue(forKey: id) else { return nil }
        cacheViewIDs.remove(id)
        switch view.kind {
        case .document(let path):
            viewsByDocument[path]?.remove(id)
            if viewsByDocument[path]?.isEmpty == true { viewsByDocument[path] = nil }
            collectGarbage(at: [path])
        case .query(let matcher):
            switch matcher.query.target {
            case .collection(let path):
                viewsByCollection[path]?.remove(id)
                if viewsByCollection[path]?.isEmpty == true { viewsByCollection[path] = nil }
            case .collectionGroup(let groupID):
                viewsByGroup[groupID]?.remove(id)
                if viewsByGroup[groupID]?.isEmpty == true { viewsByGroup[groupID] = nil }
            }
            collectGarbage(in: matcher.query.target)
        }
        return view
    }

    /// Whether a loaded default-source view of the same document or query is in sync with the backend (not from
    /// the cache).
    func hasSyncedView(like kind: ViewKind) -> Bool {
        let candidates: Set<Int>?
        switch kind {
        case .document(let path): candidates = viewsByDocument[path]
        case .query(let matcher):
            switch matcher.query.target {
            case .collection(let path): candidates = viewsByCollection[path]
            case .collectionGroup(let groupID): candidates = viewsByGroup[groupID]
            }
        }
        return candidates?.contains { id in
            guard let view = views[id], view.listensToRemote, view.isLoaded, !view.isFromCache else { return false }
            switch (view.kind, kind) {
            case (.document, .document): return true
            case (.query(let existing), .query(let new)): return existing.query.isSame(as: new.query)
            default: return false
            }
        } ?? false
    }

    /// The views a backend batch's change of the document at `path` reaches: none unless some default-source
    /// view listens to it (a cache view sees only what the cache receives for others). Returns the default
    /// views (given the batch's state) and the cache views (given the cache's state, when it changed).
    func viewIDsReceiving(_ path: ResourcePath) -> (remote: [Int], cache: [Int]) {
        let ids = viewIDs(for: path)
        if cacheViewIDs.isEmpty { return (ids, []) }
        let remote = ids.filter { !cacheViewIDs.contains($0) }
        return remote.isEmpty ? ([], []) : (remote, ids.filter { cacheViewIDs.contains($0) })
    }

    /// Notes that a read changed the cache: cache views catch up at the end of the operation
    /// (`SyncEngine.refreshCacheViews(in:)`).
    mutating func noteCacheRead() {
        if !cacheViewIDs.isEmpty { cacheChanged = true }
    }

    // MARK: Cache collection

    /// Whether an active listener's target or a document with local writes references `path`.
    func isReferenced(_ path: ResourcePath) -> Bool {
        tracked[path] != nil || !viewIDs(for: path).isEmpty
    }

    /// Collects the cache after the documents at `paths` may have lost their last reference: with eager
    /// collection those unreferenced leave; with LRU collection the cache is trimmed when it has doubled since
    /// the last trim (amortized O(1) per document).
    mutating func collectGarbage(at paths: some Sequence<ResourcePath>) {
        switch collection {
        case .eager:
            for path in paths where !isReferenced(path) { cache.remove(path) }
        case .leastRecentlyUsed(let sizeBytes):
            guard cache.count >= max(64, 2 * collectedCount) else { return }
            let state = self
            cache.evict(sizeBytes: sizeBytes) { state.isReferenced($0) }
            collectedCount = cache.count
        case .persistent:
            break
        }
    }

    /// ``collectGarbage(at:)`` for every cached document of `target`.
    mutating func collectGarbage(in target: QueryTarget) {
        switch collection {
        case .eager: collectGarbage(at: cache.paths(in: target))
        case .leastRecentlyUsed: collectGarbage(at: EmptyCollection())
        case .persistent: break
        }
    }

    /// The views a change of the document at `path` may affect: those on its collection, its collection
    /// group and the document itself. O(1) in the number of documents.
    func viewIDs(for path: ResourcePath) -> [Int] {
        var ids: [Int] = []
        if let byDocument = viewsByDocument[path] { ids.append(contentsOf: byDocument) }
        if !viewsByCollection.isEmpty, let byCollection = viewsByCollection[path.parent] {
            ids.append(contentsOf: byCollection)
        }
        if !viewsByGroup.isEmpty, let byGroup = viewsByGroup[path.collectionID] { ids.append(contentsOf: byGroup) }
        return ids
    }

    // MARK: Tracked documents

    /// The local state of a tracked document.
    func localDocument(at path: ResourcePath) -> Document? {
        tracked[path]?.localDocument
    }

    /// Removes the writes of batch `batchID` from the tracked document at `path`.
    mutating func removeMutations(of batchID: Int, at path: ResourcePath) {
        tracked[path]?.mutations.removeAll { $0.batchID == batchID }
        if tracked[path]?.mutations.isEmpty == true { settled.insert(path) }
    }

    /// Notes that the documents at `paths` are about to be read with the lock released (see ``endReads(_:)``).
    mutating func beginReads(of paths: [ResourcePath]) {
        for path in paths { readsInFlight[path, default: ReadInFlight()].count += 1 }
    }

    /// Notes a document's state in a batch being processed, for the reads of it that are out.
    mutating func noteChange(at path: ResourcePath, document: Document?, sequence: Int64) {
        guard !readsInFlight.isEmpty, var read = readsInFlight[path] else { return }
        if sequence > read.newest?.sequence ?? .min {
            read.newest = TrackedDocument(remote: document, sequence: sequence)
        }
        readsInFlight[path] = read
    }

    /// Ends the reads of ``beginReads(of:)`` that `reads` answers; returns each answer, or the state a batch
    /// brought while the read was out when that is newer.
    mutating func endReads(_ reads: TrackingReads) -> TrackingReads {
        var current = reads
        for (path, read) in reads {
            guard var inFlight = readsInFlight[path] else { continue }
            if case .success(let answer) = read, let newest = inFlight.newest, newest.sequence > answer.sequence {
                current[path] = .success(newest)
            }
            inFlight.count -= 1
            readsInFlight[path] = inFlight.count > 0 ? inFlight : nil
        }
        return current
    }

    /// Forgets tracked documents without pending writes once every view has caught up with the backend.
    mutating func dropSettledDocuments() {
        guard lastSequence >= highWater, !settled.isEmpty else { return }
        for path in settled where tracked[path]?.mutations.isEmpty == true {
            tracked[path] = nil
        }
        let dropped = settled
        settled = []
        collectGarbage(at: dropped)
    }

    /// The index of the pending batch with `origin`, if it is one of this client's.
    func pendingIndex(origin: String, clientID: String) -> Int? {
        guard let id = Self.batchID(origin: origin, clientID: clientID) else { return nil }
        if pending.first?.id == id { return 0 }  // acknowledgements arrive in order
        return pending.firstIndex { $0.id == id }
    }

    /// The batch ID in `origin`, if it is one of this client's tags.
    static func batchID(origin: String, clientID: String) -> Int? {
        guard origin.hasPrefix(clientID) else { return nil }
        return Int(origin.dropFirst(clientID.count + 1))
    }

    /// Writes the cache's changes to the persistent cache, if there is one.
    mutating func saveCache() {
        guard let cacheFile, cache.hasUnsavedChanges else { return }
        cacheFile.recordDocuments(cache.takeUnsavedChanges())
    }

    /// The `waitForPendingWrites` callers whose writes are all done.
    mutating func takeSatisfiedWaiters() -> [Completion] {
        guard !waiters.isEmpty else { return [] }
        let oldestPending = pending.first?.id ?? .max
        let satisfied = waiters.filter { $0.upTo < oldestPending }
        waiters.removeAll { $0.upTo < oldestPending }
        return satisfied.map(\.completion)
    }
}
