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
/// - **Threads.** One lock guards the state; no listener, backend commit or security rule runs under it.
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
    private let state = Locked(SyncEngineState())
    /// The backend's watch and the user-change observation, removed at termination.
    private let registrations = Locked<[any ListenerRegistration]>([])

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
        let startCommitting = state.withLock { state -> Bool in
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
                    try? enqueueLocally(batch, in: &state)
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

    // MARK: - Writes

    /// Applies `mutations` locally as one atomic batch (listeners see them at once), queues the commit, and
    /// calls `completion` when the backend acknowledged or rejected it.
    func write(_ mutations: [Mutation], completion: @escaping SyncEngineState.Completion) {
        guard !mutations.isEmpty else {
            completion(.success(()))
            return
        }
        let outcome = state.withLock { state -> Result<Bool, FirestoreError> in
            guard !state.terminated else { return .failure(.terminated) }
            if let error = state.startupError { return .failure(error) }
            let paths = Self.distinctPaths(of: mutations)
            do throws(FirestoreError) {
                try track(paths, in: &state)
                let id = state.nextBatchID
                let now = Timestamp()
                // Persisted before it is applied: a write that cannot be persisted fails and changes nothing.
                try state.cacheFile?.recordEnqueue(id: id, user: state.user, localWriteTime: now, mutations: mutations)
                state.nextBatchID += 1
                add(
                    PendingBatch(
                        id: id, user: state.user, mutations: mutations, origin: "\(clientID)/\(id)",
                        localWriteTime: now, completion: completion), paths: paths, in: &state)
            } catch {
                state.dropSettledDocuments()
                return .failure(error)
            }
            let startCommitting = !state.committing && !state.isOffline
            if startCommitting { state.committing = true }
            return .success(startCommitting)
        }
        switch outcome {
        case .failure(let error):
            completion(.failure(error))
        case .success(let startCommitting):
            flush()
            if startCommitting {
                Task { await self.commitPendingBatches() }
            }
        }
    }

    /// Starts tracking the documents at `paths` (their remote state: the backend's, read on the engine's
    /// behalf; offline, the cache's).
    private func track(_ paths: [ResourcePath], in state: inout SyncEngineState) throws(FirestoreError) {
        for path in paths where state.tracked[path] == nil {
            if state.isOffline {
                // Offline, the client knows only what it received.
                let entry = state.cache.entry(at: path)
                state.tracked[path] = TrackedDocument(remote: entry?.document, sequence: entry?.sequence ?? 0)
                state.settled.insert(path)  // until a write is added
                continue
            }
            let read = try backend.document(at: path.description, database: database, caller: nil)
            state.tracked[path] = TrackedDocument(remote: read.value?.document, sequence: read.sequenceNumber)
            state.settled.insert(path)  // until a write is added
            state.highWater = max(state.highWater, read.sequenceNumber)
        }
    }

    /// Applies a batch whose documents are tracked locally, queues it, and updates the views.
    private func add(_ batch: PendingBatch, paths: [ResourcePath], in state: inout SyncEngineState) {
        for mutation in batch.mutations {
            state.tracked[mutation.path]!.mutations.append(
                TrackedDocument.PendingMutation(
                    batchID: batch.id, mutation: mutation, localWriteTime: batch.localWriteTime))
        }
        state.pending.append(batch)
        var updates: [Int: [DocumentUpdate]] = [:]
        for path in paths {
            let update = DocumentUpdate(path: path, document: state.localDocument(at: path), remoteSequence: nil)
            for viewID in state.viewIDs(for: path) { updates[viewID, default: []].append(update) }
        }
        apply(updates, to: &state)
    }

    /// Queues an already persisted batch (restored from the cache, or of a user signing in again).
    private func enqueueLocally(_ batch: PendingBatch, in state: inout SyncEngineState) throws(FirestoreError) {
        let paths = Self.distinctPaths(of: batch.mutations)
        do {
            try track(paths, in: &state)
        } catch {
            state.dropSettledDocuments()
            throw error
        }
        add(batch, paths: paths, in: &state)
    }

    /// Commits pending batches one at a time, in order, until none is left unsent.
    private func commitPendingBatches() async {
        while true {
            let next = state.withLock { state -> PendingBatch? in
                guard !state.terminated, !state.isOffline,
                    let index = state.pending.firstIndex(where: { !$0.sent })
                else {
                    state.committing = false
                    return nil
                }
                state.pending[index].sent = true
                return state.pending[index]
            }
            guard let batch = next else { return }
            do {
                let caller = try await credentials.caller()
                _ = try backend.commit(
                    batch.mutations.map(BackendWrite.init), database: database, caller: caller,
                    origin: batch.origin)
            } catch {
                reject(batchID: batch.id, error: FirestoreError.wrapping(error))
            }
        }
    }

    /// Rolls back a rejected batch and reports the error to its writer.
    private func reject(batchID: Int, error: FirestoreError) {
        let (completion, waiters) = state.withLock {
            state -> (SyncEngineState.Completion?, [SyncEngineState.Completion]) in
            guard let index = state.pending.firstIndex(where: { $0.id == batchID }) else { return (nil, []) }
            let batch = state.pending.remove(at: index)
            state.cacheFile?.recordRemoval(id: batchID)
            var updates: [Int: [DocumentUpdate]] = [:]
            for path in Self.distinctPaths(of: batch.mutations) {
                state.removeMutations(of: batchID, at: path)
                let update = DocumentUpdate(path: path, document: state.localDocument(at: path), remoteSequence: nil)
                for viewID in state.viewIDs(for: path) { updates[viewID, default: []].append(update) }
            }
            apply(updates, to: &state)
            state.dropSettledDocuments()
            return (batch.completion, state.takeSatisfiedWaiters())
        }
        flush()
        completion?(.failure(error))
        for waiter in waiters { waiter(.success(())) }
    }

    /// Returns once every write made before the call is acknowledged or rejected.
    func waitForPendingWrites() async throws(FirestoreError) {
        let result: Result<Void, FirestoreError> = await withCheckedContinuation { continuation in
            let immediate = state.withLock { state -> Result<Void, FirestoreError>? in
                if state.terminated { return .failure(.terminated) }
                if let error = state.startupError { return .failure(error) }
                guard let last = state.pending.last else { return .success(()) }
                state.waiters.append((upTo: last.id, completion: { continuation.resume(returning: $0) }))
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
        try result.get()
    }

    // MARK: - Backend batches

    /// A batch from the backend's watch.
    private func receive(_ batch: BackendChangeBatch) {
        let (completion, waiters) = state.withLock {
            state -> (SyncEngineState.Completion?, [SyncEngineState.Completion]) in
            guard !state.terminated, batch.sequenceNumber > state.lastSequence else { return (nil, []) }
            if state.isOffline {
                state.heldBatches.append(batch)
                return (nil, [])
            }
            let completion = process(batch, in: &state)
            return (completion, state.takeSatisfiedWaiters())
        }
        flush()
        completion?(.success(()))
        for waiter in waiters { waiter(.success(())) }
    }

    /// Applies a batch: tracked documents update their remote state, the acknowledged batch (if it is one
    /// of ours) leaves the queue, and affected views update. Returns the acknowledged write's completion.
    private func process(
        _ batch: BackendChangeBatch,
        in state: inout SyncEngineState
    ) -> SyncEngineState.Completion? {
        state.lastSequence = batch.sequenceNumber
        var acknowledged: PendingBatch?
        if let origin = batch.origin, let index = state.pendingIndex(origin: origin, clientID: clientID) {
            acknowledged = state.pending.remove(at: index)
            state.cacheFile?.recordRemoval(id: acknowledged!.id)
        } else if let origin = batch.origin, !state.otherUsersBatches.isEmpty,
            let id = SyncEngineState.batchID(origin: origin, clientID: clientID),
            let index = state.otherUsersBatches.firstIndex(where: { $0.id == id })
        {
            // Sent before its user signed out: done, it must not be sent again.
            state.otherUsersBatches.remove(at: index)
            state.cacheFile?.recordRemoval(id: id)
        }
        var localPaths: [ResourcePath] = []
        var updates: [Int: [DocumentUpdate]] = [:]
        for change in batch.changes {
            // The cache keeps what this client receives: its own documents and those of its listened targets.
            if state.tracked[change.path] != nil {
                state.cache.update(change.path, document: change.document, sequence: batch.sequenceNumber)
                if batch.sequenceNumber > state.tracked[change.path]!.sequence {
                    state.tracked[change.path]!.remote = change.document
                    state.tracked[change.path]!.sequence = batch.sequenceNumber
                }
                localPaths.append(change.path)
            } else {
                let viewIDs = state.viewIDs(for: change.path)
                guard !viewIDs.isEmpty else { continue }
                state.cache.update(change.path, document: change.document, sequence: batch.sequenceNumber)
                let update = DocumentUpdate(
                    path: change.path, document: change.document,
                    remoteSequence: batch.sequenceNumber)
                for viewID in viewIDs { updates[viewID, default: []].append(update) }
            }
        }
        if let acknowledged {
            for mutation in acknowledged.mutations {
                state.removeMutations(of: acknowledged.id, at: mutation.path)
                localPaths.append(mutation.path)
            }
        }
        for path in Set(localPaths) {
            let update = DocumentUpdate(path: path, document: state.localDocument(at: path), remoteSequence: nil)
            for viewID in state.viewIDs(for: path) { updates[viewID, default: []].append(update) }
        }
        apply(updates, to: &state)
        state.dropSettledDocuments()
        state.saveCache()
        return acknowledged?.completion
    }

    /// Applies document updates to views (in registration order) and queues their snapshots.
    private func apply(_ updates: [Int: [DocumentUpdate]], to state: inout SyncEngineState) {
        for viewID in updates.keys.sorted() {
            guard var view = state.views.removeValue(forKey: viewID) else { continue }
            let kind = view.kind
            let oldTree = view.tree
            let baseSequence = view.baseSequence
            var refillSequence: Int64 = 0
            let snapshot = view.apply(updates[viewID]!) {
                let (entries, sequence) =
                    (try? currentEntries(for: kind, in: &state))
                    ?? (Array(oldTree), baseSequence)
                refillSequence = sequence
                return (entries, sequence)
            }
            state.highWater = max(state.highWater, refillSequence)
            if let snapshot {
                state.outbox.append(Delivery(slot: view.slot, event: .snapshot(snapshot), isFinal: false))
            }
            state.views[viewID] = consume view
        }
    }

    /// The entries a view should show now, with local writes applied; matched, ordered and limited. Online:
    /// the backend's documents read on the engine's own behalf (and remembered in the cache); offline: the
    /// cache's, as of the last batch processed.
    private func currentEntries(
        for kind: ViewKind,
        in state: inout SyncEngineState
    ) throws(FirestoreError) -> ([ViewEntry], Int64) {
        if state.isOffline { return (cachedEntries(for: kind, in: state), state.lastSequence) }
        let tracked = state.tracked
        switch kind {
        case .document(let path):
            let read = try backend.document(at: path.description, database: database, caller: nil)
            remember(read, at: path, in: &state)
            let document = tracked[path].map(\.localDocument) ?? read.value?.document
            return (document.map { [ViewEntry(document: $0, sortKey: [])] } ?? [], read.sequenceNumber)
        case .query(let matcher):
            let target = matcher.query.target
            let read = try backend.documents(in: BackendTarget(.query(target)), database: database, caller: nil)
            remember(read, of: target, in: &state)
            return (
                matcher.run(over: Self.overlay(read.value.map(\.document), tracked: tracked, target: target)),
                read.sequenceNumber
            )
        }
    }

    /// The entries a view shows from the local state alone: the cache's documents (as of the last batch
    /// processed) with local writes applied; matched, ordered and limited.
    private func cachedEntries(for kind: ViewKind, in state: SyncEngineState) -> [ViewEntry] {
        let tracked = state.tracked
        switch kind {
        case .document(let path):
            let document = tracked[path].map(\.localDocument) ?? state.cache.entry(at: path)?.document
            return document.map { [ViewEntry(document: $0, sortKey: [])] } ?? []
        case .query(let matcher):
            let target = matcher.query.target
            return matcher.run(over: Self.overlay(state.cache.documents(in: target), tracked: tracked, target: target))
        }
    }

    /// Remembers a read document in the cache.
    private func remember(_ read: BackendRead<BackendDocument?>, at path: ResourcePath, in state: inout SyncEngineState)
    {
        state.cache.update(path, document: read.value?.document, sequence: read.sequenceNumber)
        state.collectGarbage(at: [path])  // a one-shot read's document leaves an eagerly collected cache at once
        state.saveCache()
    }

    /// Remembers a whole target's read in the cache.
    private func remember(
        _ read: BackendRead<[BackendDocument]>, of target: QueryTarget, in state: inout SyncEngineState
    ) {
        state.cache.replace(target, with: read.value.map(\.document), sequence: read.sequenceNumber)
        state.collectGarbage(in: target)
        state.saveCache()
    }

    /// Backend documents with the tracked documents' local states in place of theirs.
    private static func overlay(
        _ documents: [Document], tracked: [ResourcePath: TrackedDocument],
        target: QueryTarget
    ) -> [Document] {
        if tracked.isEmpty { return documents }
        var result: [Document] = []
        result.reserveCapacity(documents.count)
        for document in documents where tracked[document.path] == nil {
            result.append(document)
        }
        for (path, entry) in tracked where target.contains(path) {
            if let local = entry.localDocument { result.append(local) }
        }
        return result
    }

    // MARK: - Listeners

    /// Registers a listener on a query or document. The first snapshot (or the error, such as
    /// `permissionDenied`) arrives asynchronously, from a task that first checks the caller's access.
    func listen(
        _ kind: ViewKind, includeMetadataChanges: Bool,
        _ deliver: @escaping @Sendable (ViewEvent) -> Void
    ) -> any ListenerRegistration {
        let slot = ListenerSlot(deliver)
        let target: BackendTarget.Kind
        switch kind {
        case .document(let path): target = .document(path)
        case .query(let matcher): target = .query(matcher.query.target)
        }
        let id = state.withLock { state -> Int? in
            guard !state.terminated, state.startupError == nil else { return nil }
            let id = state.nextViewID
            state.nextViewID += 1
            state.register(
                QueryView(id: id, kind: kind, slot: slot, includeMetadataChanges: includeMetadataChanges),
                target: target)
            return id
        }
        guard let id else {
            let error = state.withLock { $0.startupError } ?? .terminated
            Task { if slot.deactivate() { slot.deliver(.failure(error)) } }
            return ClosureListenerRegistration {}
        }
        Task { await self.load(viewID: id, target: BackendTarget(target)) }
        return ClosureListenerRegistration { [weak self] in
            slot.deactivate()
            _ = self?.state.withLock { $0.unregister(id) }
        }
    }

    /// Registers a snapshots-in-sync listener: called once soon (asynchronously), then after every round of
    /// deliveries that raised a snapshot; `onTerminate` runs once if the engine terminates first (at once when
    /// it already has).
    func addSnapshotsInSyncListener(
        _ listener: @escaping @Sendable () -> Void,
        onTerminate: @escaping @Sendable () -> Void
    ) -> any ListenerRegistration {
        let entry = InSyncListener(listener, onTerminate: onTerminate)
        let id = state.withLock { state -> Int? in
            guard !state.terminated else { return nil }
            let id = state.nextViewID
            state.nextViewID += 1
            state.inSyncListeners[id] = entry
            state.newInSyncListeners.append(entry)
            return id
        }
        guard let id else {
            if entry.slot.deactivate() { onTerminate() }
            return ClosureListenerRegistration {}
        }
        Task { self.flush() }
        return ClosureListenerRegistration { [weak self] in
            entry.slot.deactivate()
            _ = self?.state.withLock { $0.inSyncListeners.removeValue(forKey: id) }
        }
    }

    /// Computes a view's first snapshot, as the SDK's `QueryListener` raises it: online, when the cache already
    /// holds documents of the view (received earlier, or written locally), they are raised at once from the
    /// cache (`isFromCache == true`); then, once the caller's access is checked, the view catches up with the
    /// backend, and the switch to `isFromCache == false` alone is raised only to listeners that include metadata
    /// changes. Offline, the first snapshot is the cache's, empty or not.
    private func load(viewID: Int, target: BackendTarget) async {
        raiseFromCache(viewID: viewID)
        do {
            let offline = state.withLock { $0.isOffline }
            if !offline {
                let caller = try await credentials.caller()
                try backend.authorizeListen(to: target, database: database, caller: caller)
            }
        } catch {
            fail(viewID: viewID, error: FirestoreError.wrapping(error))
            return
        }
        state.withLock { state in
            guard var view = state.views.removeValue(forKey: viewID) else { return }
            do {
                let (entries, sequence) = try currentEntries(for: view.kind, in: &state)
                state.highWater = max(state.highWater, sequence)
                let snapshot: ViewSnapshot?
                if view.isLoaded {  // raised from the cache first
                    if !state.isOffline { _ = view.setFromCache(false, emit: false) }
                    snapshot = view.reset(to: entries, sequence: sequence)
                } else {
                    snapshot = view.load(entries: entries, sequence: sequence, isFromCache: state.isOffline)
                }
                if let snapshot {
                    state.outbox.append(Delivery(slot: view.slot, event: .snapshot(snapshot), isFinal: false))
                }
                state.views[viewID] = view
            } catch {
                state.unregister(viewID)  // not in `views` any more; clean the indexes
                state.outbox.append(
                    Delivery(slot: view.slot, event: .failure(FirestoreError.wrapping(error)), isFinal: true))
            }
        }
        flush()
    }

    /// Online, raises a new view's documents from the cache when it holds any (the SDK's
    /// `ShouldRaiseInitialEvent`: a cached, non-empty view is raised before the backend answers).
    private func raiseFromCache(viewID: Int) {
        let raised = state.withLock { state -> Bool in
            guard !state.isOffline, var view = state.views.removeValue(forKey: viewID) else { return false }
            defer { state.views[viewID] = view }
            // Like a second listener of a query the SDK already listens to: it starts from the synced view.
            guard !state.hasSyncedView(like: view.kind) else { return false }
            let entries = cachedEntries(for: view.kind, in: state)
            guard !entries.isEmpty else { return false }
            // Batches up to the newest read the cache holds are skipped (the catch-up read covers them): a view
            // never shows a document older than the cache entry it started from.
            let snapshot = view.load(
                entries: entries, sequence: max(state.lastSequence, state.highWater),
                isFromCache: true)
            state.outbox.append(Delivery(slot: view.slot, event: .snapshot(snapshot), isFinal: false))
            return true
        }
        if raised { flush() }
    }

    /// Removes a view and delivers its final error.
    private func fail(viewID: Int, error: FirestoreError) {
        state.withLock { state in
            guard let view = state.unregister(viewID) else { return }
            state.outbox.append(
                Delivery(slot: view.slot, event: .failure(FirestoreError.wrapping(error)), isFinal: true))
        }
        flush()
    }

    /// Delivers the outbox in order, unless another thread is doing it (it will deliver these too). After a
    /// round that raised a snapshot, every snapshots-in-sync listener is called (as the SDK's
    /// `EventManager::RaiseSnapshotsInSyncEvent`); listeners registered since the last round are called once
    /// in any case.
    private func flush() {
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

    // MARK: - One-shot reads

    /// A document as the client sees it, with local writes applied: read as the caller from the backend
    /// (and remembered in the cache) online, for `.default` and `.server`; from the cache for `.cache`.
    /// - Throws: ``RPCStatusCode/unavailable``, as the SDK: for `.cache`, when the cache does not know
    ///   the document; offline, for `.default` when the cache does not have it (unknown or missing), and
    ///   for `.server` always.
    func getDocument(
        at path: ResourcePath,
        source: FirestoreSource
    ) async throws(FirestoreError) -> (Document?, isFromCache: Bool) {
        let offline = try ensureRunning()
        if source == .cache || offline {
            let known = state.withLock { state -> Document?? in
                if let tracked = state.tracked[path] { return .some(tracked.localDocument) }
                return state.cache.entry(at: path).map(\.document)
            }
            // `known`: nil when the cache does not know the document, `.some(nil)` when it is known missing.
            if source == .cache {
                guard let known else { throw .notInCache }
                return (known, true)
            }
            let document = known ?? nil
            if source == .server { throw document == nil ? .offline : .offlineButCached }
            guard let document else { throw .offline }
            return (document, true)
        }
        let caller = try await credentials.caller()
        let read = try backend.document(at: path.description, database: database, caller: caller)
        let local = state.withLock { state -> Document?? in
            remember(read, at: path, in: &state)
            return state.tracked[path].map(\.localDocument)
        }
        return (local ?? read.value?.document, false)
    }

    /// A query's documents as the client sees them, with local writes applied: read as the caller from the
    /// backend (and remembered in the cache) for `.default` online and `.server`; the cache's for `.cache`
    /// and `.default` offline.
    /// - Throws: ``RPCStatusCode/unavailable`` for `.server` offline.
    func getDocuments(
        _ matcher: QueryMatcher,
        source: FirestoreSource
    ) async throws(FirestoreError) -> ([ViewEntry], isFromCache: Bool) {
        let offline = try ensureRunning()
        let target = matcher.query.target
        if source == .cache || (source == .default && offline) {
            let (documents, tracked) = state.withLock { state in (state.cache.documents(in: target), state.tracked) }
            return (matcher.run(over: Self.overlay(documents, tracked: tracked, target: target)), true)
        }
        if offline { throw .offlineQuery }
        let caller = try await credentials.caller()
        let read = try backend.documents(in: BackendTarget(.query(target)), database: database, caller: caller)
        let tracked = state.withLock { state in
            remember(read, of: target, in: &state)
            return state.tracked
        }
        return (matcher.run(over: Self.overlay(read.value.map(\.document), tracked: tracked, target: target)), false)
    }

    /// The backend's documents of a target as the caller reads them, without local writes (counts,
    /// transactions).
    func readFromBackend(_ target: BackendTarget) async throws(FirestoreError) -> BackendRead<[BackendDocument]> {
        guard !(try ensureRunning()) else {
            throw FirestoreError(.unavailable, "The client is offline.")
        }
        let caller = try await credentials.caller()
        return try backend.documents(in: target, database: database, caller: caller)
    }

    /// Commits writes straight to the backend, as the caller (transactions: no latency compensation).
    func commitDirectly(_ mutations: [Mutation]) async throws(FirestoreError) {
        guard !(try ensureRunning()) else {
            throw FirestoreError(.unavailable, "Transactions need the network; the client is offline.")
        }
        guard !mutations.isEmpty else { return }
        let caller = try await credentials.caller()
        _ = try backend.commit(mutations.map(BackendWrite.init), database: database, caller: caller, origin: nil)
    }

    /// Throws when terminated; returns whether the network is disabled.
    private func ensureRunning() throws(FirestoreError) -> Bool {
        try state.withLock { state throws(FirestoreError) -> Bool in
            if state.terminated { throw .terminated }
            if let error = state.startupError { throw error }
            return state.isOffline
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
            for viewID in state.views.keys {
                _ = state.views[viewID]?.setFromCache(false, emit: false)
            }
            var completions: [SyncEngineState.Completion] = []
            let held = state.heldBatches
            state.heldBatches = []
            for batch in held where batch.sequenceNumber > state.lastSequence {
                if let completion = process(batch, in: &state) { completions.append(completion) }
            }
            for viewID in state.views.keys.sorted() {
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

    // MARK: - User changes

    /// Starts following the signed-in user through Auth (if the app has it). Called after ``start()`` with no
    /// lock held: Auth may run other listeners (user code) while registering this one. A change between
    /// `start()` and the registration is caught by comparing the user afterwards.
    func observeUserChanges() {
        guard let auth = credentials.auth else { return }
        let registration = auth.addUserChangeListener { [weak self] uid in self?.userChanged(to: uid) }
        let kept = registrations.withLock { registrations -> Bool in
            // After `terminate(reason:)` took the registrations, this one must not stay behind.
            guard !state.withLock({ $0.terminated }) else { return false }
            registrations.append(registration)
            return true
        }
        if !kept { registration.remove() }
        userChanged(to: auth.getUserID())
    }

    /// The signed-in user changed (as the SDK's `HandleCredentialChange`): the previous user's pending writes
    /// leave the views and the queue (they stay in that user's queue, persisted with a persistent cache, and
    /// come back when the user signs in again), their callers and `waitForPendingWrites` callers get
    /// ``RPCStatusCode/cancelled``, and the new user's queued writes are applied and sent.
    func userChanged(to user: String?) {
        typealias Cancelled = (writes: [SyncEngineState.Completion], waiters: [SyncEngineState.Completion])
        let (cancelled, startCommitting) = state.withLock { state -> (Cancelled, Bool) in
            guard !state.terminated, state.startupError == nil, state.user != user else { return (([], []), false) }
            state.user = user
            var cancelled: Cancelled = ([], state.waiters.map(\.completion))
            state.waiters = []
            var updates: [Int: [DocumentUpdate]] = [:]
            for var batch in state.pending {
                if let completion = batch.completion { cancelled.writes.append(completion) }
                for path in Self.distinctPaths(of: batch.mutations) {
                    state.removeMutations(of: batch.id, at: path)
                    let update = DocumentUpdate(
                        path: path, document: state.localDocument(at: path), remoteSequence: nil)
                    for viewID in state.viewIDs(for: path) { updates[viewID, default: []].append(update) }
                }
                batch.completion = nil
                batch.sent = false
                state.otherUsersBatches.append(batch)
            }
            state.pending = []
            apply(updates, to: &state)
            let returning = state.otherUsersBatches.filter { $0.user == user }
            state.otherUsersBatches.removeAll { $0.user == user }
            for batch in returning.sorted(by: { $0.id < $1.id }) {
                if (try? enqueueLocally(batch, in: &state)) == nil { state.otherUsersBatches.append(batch) }
            }
            state.dropSettledDocuments()
            let start = !state.committing && !state.isOffline && !state.pending.isEmpty
            if start { state.committing = true }
            return (cancelled, start)
        }
        flush()
        let error = FirestoreError(.cancelled, "The write was cancelled because the user has changed.")
        for completion in cancelled.writes { completion(.failure(error)) }
        let waiterError = FirestoreError(
            .cancelled, "'waitForPendingWrites' callback is cancelled due to a user change.")
        for completion in cancelled.waiters { completion(.failure(waiterError)) }
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

    // MARK: - Helpers

    private static func distinctPaths(of mutations: [Mutation]) -> [ResourcePath] {
        var seen = Set<ResourcePath>()
        return mutations.map(\.path).filter { seen.insert($0).inserted }
    }
}
