// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Transactions: a block's value applied locally and sent as a compare-and-set, run again after each lost race.
extension DatabaseEngine {
    /// What one run of a transaction led to.
    private enum TransactionStep {
        /// A local write at the location overrode it, or the instance is gone.
        case stopped(DatabaseError)
        /// The block aborted; the local value at the location.
        case aborted(DatabaseNode)
        /// Sent: the compare-and-set's outcome (nil once written, else the server's value), and the local
        /// write that holds the tentative value.
        case sent(Task<Result<DatabaseNode?, DatabaseError>, Never>, write: Int)
    }

    /// The SDK's limit (`kFTransactionMaxRetries`): the block runs at most this many times in all; a
    /// transaction whose last run lost a race too fails with ``DatabaseErrorCode/maxRetries``.
    static let maximumTransactionRetries = 25

    /// Runs a transaction at `path`: `update` (user code, called without any lock held, from a task) maps the
    /// value there (the local value first, then the server's after each lost race) to the new value, or nil
    /// to abort; an error it throws ends the transaction with that error, nothing written. The new value applies locally (events at once when `localEvents`) and is sent as a
    /// compare-and-set; when the server's value changed meanwhile, the local change is reverted and `update`
    /// runs again, ``maximumTransactionRetries`` runs in all. The compare-and-set waits for the operations sent
    /// before it (another transaction above or below `path` among them): a local write at, above or below
    /// `path` made before it goes out aborts it with ``DatabaseErrorCode/overriddenBySet``.
    ///
    /// `completion` receives (nil, true, the committed value), (nil, false, the local value) after an abort, or
    /// the error.
    func transaction(
        at path: DatabasePath, localEvents: Bool,
        update: @escaping @Sendable (DatabaseNode) throws(DatabaseError) -> DatabaseNode?,
        completion: @escaping @Sendable (DatabaseError?, Bool, DatabaseNode) -> Void
    ) {
        let id = state.withLock { state -> Int? in
            guard !state.terminated, state.cacheFailure == nil else { return nil }
            state.nextTransaction += 1
            state.transactions[state.nextTransaction] = (path, nil)
            return state.nextTransaction
        }
        guard let id else {
            completion(state.withLock { $0.terminated ? nil : $0.cacheFailure } ?? Self.gone, false, .null)
            return
        }
        Task { [self] in
            var input = localNode(at: path)
            var retries = 0
            while true {
                let output: DatabaseNode?
                do throws(DatabaseError) {
                    output = try update(input)
                } catch {
                    finishTransaction(id)
                    return completion(error, false, localNode(at: path))
                }
                let step = send(id, path: path, input: input, output: output, localEvents: localEvents)
                deliveries.drain()
                switch step {
                case .stopped(let error):
                    return completion(error, false, localNode(at: path))
                case .aborted(let local):
                    return completion(nil, false, local)
                case .sent(let task, let write):
                    let result = await task.value
                    if state.withLock({ $0.transactions[id]?.abort == Self.writeCanceled }) {
                        // Cancelled by `purgeOutstandingWrites()` while at the backend: its answer is ignored.
                        revert(write)
                        finishTransaction(id)
                        return completion(Self.writeCanceled, false, localNode(at: path))
                    }
                    switch result {
                    case .success(nil):
                        finishTransaction(id)
                        return completion(nil, true, output ?? .null)
                    case .failure(let error):
                        revert(write)
                        finishTransaction(id)
                        return completion(error, false, localNode(at: path))
                    case .success(let current?):
                        revert(write)
                        retries += 1
                        if let abort = state.withLock({ state -> DatabaseError? in
                            guard let entry = state.transactions[id] else { return Self.overridden }
                            return entry.abort
                        }) {
                            finishTransaction(id)
                            return completion(abort, false, localNode(at: path))
                        }
                        if retries >= Self.maximumTransactionRetries {
                            finishTransaction(id)
                            return completion(
                                DatabaseError(
                                    .maxRetries,
                                    "Transaction at \(path) failed: maxretry "
                                        + "(the data changed on every one of \(retries) tries)"),
                                false, localNode(at: path))
                        }
                        input = current
                    }
                }
            }
        }
    }

    /// Applies `output` locally and queues its compare-and-set, unless the transaction was overridden or aborted.
    private func send(
        _ id: Int, path: DatabasePath, input: DatabaseNode, output: DatabaseNode?,
        localEvents: Bool
    ) -> TransactionStep {
        state.withLock { state -> TransactionStep in
            guard !state.terminated else {
                state.transactions[id] = nil
                return .stopped(DatabaseError(.unavailable, "The database instance is gone (its app was deleted)."))
            }
            guard let entry = state.transactions[id], entry.abort == nil else {
                defer { state.transactions[id] = nil }
                return .stopped(state.transactions[id]?.abort ?? Self.overridden)
            }
            guard let output else {
                state.transactions[id] = nil
                return .aborted(state.local.node(at: path.keys))
            }
            let write = DatabaseBackendWrite(sets: [(path, output)])
            state.nextWrite += 1
            let writeID = state.nextWrite
            if localEvents {
                state.pending.append(DatabaseEngineState.PendingWrite(id: writeID, write: write))
                transition(&state, to: write.applied(to: state.local), paths: [path])
            }
            let previous = state.lastCommit
            let origin = "\(origin)/\(writeID)"
            let task = Task { [self] () -> Result<DatabaseNode?, DatabaseError> in
                await previous?.value
                do throws(DatabaseError) {
                    // Held until the operations queued before it (a transaction below or above it among them)
                    // are answered; a local write or a purge meanwhile aborts it unsent, as in the SDK.
                    let aborted: @Sendable () -> DatabaseError? = { [locked = self.state] in
                        locked.withLock { $0.transactions[id]?.abort }
                    }
                    let online = await waitUntilOnline(unless: { aborted() != nil })
                    if let error = aborted() { throw error }
                    guard online else { throw Self.gone }
                    let caller = try await credentials.caller()
                    let (backend, url) = (backend, url)
                    return .success(
                        try await atBackend { () async throws(DatabaseError) -> DatabaseNode? in
                            try await backend.compareAndSet(
                                write, expected: DatabaseBackendValue(node: input),
                                database: url, caller: caller, origin: origin)?.node
                        })
                } catch {
                    return .failure(error)
                }
            }
            state.lastCommit = Task { _ = await task.value }
            return .sent(task, write: writeID)
        }
    }

    private func finishTransaction(_ id: Int) {
        state.withLock { _ = $0.transactions.removeValue(forKey: id) }
    }
}
