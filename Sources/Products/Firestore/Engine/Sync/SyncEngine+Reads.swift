// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One-shot reads (`getDocument`, `getDocuments`, counts) and the direct commits of transactions.
extension SyncEngine {
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
            refreshCacheViews(in: &state)
            return state.tracked[path].map(\.localDocument)
        }
        flush()
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
            refreshCacheViews(in: &state)
            return state.tracked
        }
        flush()
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
}
