// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Snapshot listeners and snapshots-in-sync listeners: registration and each view's first snapshot.
extension SyncEngine {
    /// Registers a listener on a query or document. The first snapshot (or the error, such as
    /// `permissionDenied`) arrives asynchronously, from a task that first checks the caller's access; a
    /// ``ListenSource/cache`` listener's comes from the cache, without reaching the backend.
    func listen(
        _ kind: ViewKind, options: SnapshotListenOptions,
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
                QueryView(id: id, kind: kind, slot: slot, options: options),
                target: target)
            return id
        }
        guard let id else {
            let error = state.withLock { $0.startupError } ?? .terminated
            Task { if slot.deactivate() { slot.deliver(.failure(error)) } }
            return ClosureListenerRegistration {}
        }
        if options.source == .cache {
            Task { self.loadFromCache(viewID: id) }
        } else {
            Task { await self.load(viewID: id, target: BackendTarget(target)) }
        }
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
            refreshCacheViews(in: &state)  // cache views of the query see what it received, and that it is in sync
        }
        flush()
    }

    /// Computes a cache view's first snapshot from the cache alone (never the backend): `isFromCache` unless a
    /// default-source view of the same query is in sync with the backend. Raised even when empty.
    private func loadFromCache(viewID: Int) {
        state.withLock { state in
            guard var view = state.views.removeValue(forKey: viewID) else { return }
            let snapshot = view.load(
                entries: cachedEntries(for: view.kind, in: state), sequence: state.lastSequence,
                isFromCache: !state.hasSyncedView(like: view.kind))
            state.outbox.append(Delivery(slot: view.slot, event: .snapshot(snapshot), isFinal: false))
            state.views[viewID] = view
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
}
