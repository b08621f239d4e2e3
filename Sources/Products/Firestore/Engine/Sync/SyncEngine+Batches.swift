// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The backend's batches and how views follow them: tracked documents and views update, acknowledged
/// writes leave the queue, and what the client receives goes into the cache.
extension SyncEngine {
    /// A batch from the backend's watch.
    func receive(_ batch: BackendChangeBatch) {
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
    func process(
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
            state.noteChange(at: change.path, document: change.document, sequence: batch.sequenceNumber)
            // The cache keeps what this client receives: its own documents and those of its listened targets.
            if state.tracked[change.path] != nil {
                state.cache.update(change.path, document: change.document, sequence: batch.sequenceNumber)
                if batch.sequenceNumber > state.tracked[change.path]!.sequence {
                    state.tracked[change.path]!.remote = change.document
                    state.tracked[change.path]!.sequence = batch.sequenceNumber
                }
                localPaths.append(change.path)
            } else {
                let viewIDs = state.viewIDsReceiving(change.path)
                guard !viewIDs.remote.isEmpty else { continue }
                let cached = state.cache.update(change.path, document: change.document, sequence: batch.sequenceNumber)
                let update = DocumentUpdate(
                    path: change.path, document: change.document,
                    remoteSequence: batch.sequenceNumber)
                for viewID in viewIDs.remote { updates[viewID, default: []].append(update) }
                // Cache views show the cache: the change as it entered the cache (not a stale one).
                guard cached else { continue }
                let cacheUpdate = DocumentUpdate(path: change.path, document: change.document, remoteSequence: nil)
                for viewID in viewIDs.cache { updates[viewID, default: []].append(cacheUpdate) }
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
            // A cache view learns of an acknowledgement only from a default view's watch, as in the SDK (where
            // the committed document keeps `hasPendingWrites` until the watch confirms it).
            let viewIDs = state.viewIDsReceiving(path)
            for viewID in viewIDs.remote + viewIDs.cache { updates[viewID, default: []].append(update) }
        }
        apply(updates, to: &state)
        state.dropSettledDocuments()
        state.saveCache()
        return acknowledged?.completion
    }

    /// Applies document updates to views (in registration order) and queues their snapshots.
    func apply(_ updates: [Int: [DocumentUpdate]], to state: inout SyncEngineState) {
        for viewID in updates.keys.sorted() {
            guard var view = state.views.removeValue(forKey: viewID) else { continue }
            let kind = view.kind
            let oldTree = view.tree
            let baseSequence = view.baseSequence
            var refillSequence: Int64 = 0
            let listensToRemote = view.listensToRemote
            let snapshot = view.apply(updates[viewID]!) {
                guard listensToRemote else { return (cachedEntries(for: kind, in: state), baseSequence) }
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
        refreshCacheViews(in: &state)  // a refill's read may have changed the cache
    }

    /// The entries a view should show now, with local writes applied; matched, ordered and limited. Online:
    /// the backend's documents read on the engine's own behalf (and remembered in the cache); offline: the
    /// cache's, as of the last batch processed.
    func currentEntries(
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
    func cachedEntries(for kind: ViewKind, in state: SyncEngineState) -> [ViewEntry] {
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
    func remember(_ read: BackendRead<BackendDocument?>, at path: ResourcePath, in state: inout SyncEngineState) {
        if state.cache.update(path, document: read.value?.document, sequence: read.sequenceNumber) {
            state.noteCacheRead()
        }
        state.collectGarbage(at: [path])  // a one-shot read's document leaves an eagerly collected cache at once
        state.saveCache()
    }

    /// Remembers a whole target's read in the cache.
    func remember(
        _ read: BackendRead<[BackendDocument]>, of target: QueryTarget, in state: inout SyncEngineState
    ) {
        state.cache.replace(target, with: read.value.map(\.document), sequence: read.sequenceNumber)
        state.noteCacheRead()
        state.collectGarbage(in: target)
        state.saveCache()
    }

    /// Brings the cache views up to date after reads changed the cache (``SyncEngineState/noteCacheRead()``):
    /// each shows the cache's documents again, and is `isFromCache` unless a default-source view of the same
    /// query is in sync with the backend (the SDK's cache listeners share their query's view).
    func refreshCacheViews(in state: inout SyncEngineState) {
        guard state.cacheChanged else { return }
        state.cacheChanged = false
        for viewID in state.cacheViewIDs.sorted() {
            guard var view = state.views.removeValue(forKey: viewID) else { continue }
            if view.isLoaded {
                _ = view.setFromCache(!state.hasSyncedView(like: view.kind), emit: false)
                let entries = cachedEntries(for: view.kind, in: state)
                if let snapshot = view.reset(to: entries, sequence: state.lastSequence) {
                    state.outbox.append(Delivery(slot: view.slot, event: .snapshot(snapshot), isFinal: false))
                }
            }
            state.views[viewID] = view
        }
    }

    /// Backend documents with the tracked documents' local states in place of theirs.
    static func overlay(
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
}
