// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Local writes: applied at once, queued per user, committed in order by one task, acknowledged or rolled
/// back by the backend.
extension SyncEngine {
    // MARK: - Writes

    /// Applies `mutations` locally as one atomic batch (listeners see them at once), queues the commit, and
    /// calls `completion` when the backend acknowledged or rejected it.
    func write(_ mutations: [Mutation], completion: @escaping SyncEngineState.Completion) {
        guard !mutations.isEmpty else {
            completion(.success(()))
            return
        }
        let paths = Self.distinctPaths(of: mutations)
        let outcome = withTrackingReads(needs: { state in
            guard !state.terminated, state.startupError == nil, !state.isOffline else { return [] }
            return paths.filter { state.tracked[$0] == nil }
        }) { state, reads -> Result<Bool, FirestoreError> in
            guard !state.terminated else { return .failure(.terminated) }
            if let error = state.startupError { return .failure(error) }
            do throws(FirestoreError) {
                try track(paths, reads: reads, in: &state)
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

    /// Runs `body` under the lock with the backend's state of the documents it may start tracking, read on the
    /// engine's behalf with the lock released: the backend takes locks of its own, and the engine's is never
    /// held around it here. `needs` names, under the lock, the documents to read (none offline: the cache
    /// answers); while some of them have not been read, the lock is released, they are read, and `needs` is
    /// asked again. Nothing changes until `body` runs, once. A batch processed while a read is out is noted (see
    /// ``SyncEngineState/readsInFlight``), so that no document starts being tracked in a state older than one the
    /// engine has already processed.
    func withTrackingReads<Outcome>(
        needs: (SyncEngineState) -> [ResourcePath],
        _ body: (inout SyncEngineState, SyncEngineState.TrackingReads) -> Outcome
    ) -> Outcome {
        var reads: SyncEngineState.TrackingReads = [:]
        while true {
            let (outcome, missing) = state.withLock { state -> (Outcome?, [ResourcePath]) in
                let missing = needs(state).filter { reads[$0] == nil }
                guard missing.isEmpty else {
                    state.beginReads(of: missing)
                    return (nil, missing)
                }
                return (body(&state, state.endReads(reads)), [])
            }
            if let outcome { return outcome }
            for path in missing {
                do throws(FirestoreError) {
                    let read = try backend.document(at: path.description, database: database, caller: nil)
                    reads[path] = .success(TrackedDocument(remote: read.value?.document, sequence: read.sequenceNumber))
                } catch {
                    reads[path] = .failure(error)
                }
            }
        }
    }

    /// Starts tracking the documents at `paths`: online, in their remote state as `reads` has it (the
    /// backend's, read by ``withTrackingReads(needs:_:)``; a failed read throws its error); offline, as the
    /// cache has it.
    private func track(
        _ paths: [ResourcePath], reads: SyncEngineState.TrackingReads, in state: inout SyncEngineState
    ) throws(FirestoreError) {
        for path in paths where state.tracked[path] == nil {
            if let read = reads[path] {
                let document = try read.get()
                state.tracked[path] = document
                state.highWater = max(state.highWater, document.sequence)
            } else {
                // Offline, the client knows only what it received.
                assert(state.isOffline, "online, withTrackingReads(needs:_:) reads every document to track")
                let entry = state.cache.entry(at: path)
                state.tracked[path] = TrackedDocument(remote: entry?.document, sequence: entry?.sequence ?? 0)
            }
            state.settled.insert(path)  // until a write is added
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

    /// Queues an already persisted batch (restored from the cache, or of a user signing in again), with the
    /// documents it starts tracking as `reads` has them (see ``track(_:reads:in:)``).
    func enqueueLocally(
        _ batch: PendingBatch, reads: SyncEngineState.TrackingReads, in state: inout SyncEngineState
    ) throws(FirestoreError) {
        let paths = Self.distinctPaths(of: batch.mutations)
        do {
            try track(paths, reads: reads, in: &state)
        } catch {
            state.dropSettledDocuments()
            throw error
        }
        add(batch, paths: paths, in: &state)
    }

    /// Commits pending batches one at a time, in order, until none is left unsent.
    func commitPendingBatches() async {
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
        let (cancelled, startCommitting) = withTrackingReads(needs: { state in
            guard !state.terminated, state.startupError == nil, state.user != user, !state.isOffline else { return [] }
            // Every document of the returning writes: one tracked now may be dropped before a later one is queued.
            return Self.distinctPaths(of: state.otherUsersBatches.filter { $0.user == user }.flatMap(\.mutations))
        }) { state, reads -> (Cancelled, Bool) in
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
                if (try? enqueueLocally(batch, reads: reads, in: &state)) == nil {
                    state.otherUsersBatches.append(batch)
                }
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

    // MARK: - Helpers

    /// The documents `mutations` write to, each once, in the order of their first write.
    static func distinctPaths(of mutations: [Mutation]) -> [ResourcePath] {
        var seen = Set<ResourcePath>()
        return mutations.map(\.path).filter { seen.insert($0).inserted }
    }
}
