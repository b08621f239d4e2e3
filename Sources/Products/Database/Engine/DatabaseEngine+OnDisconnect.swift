// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// `onDisconnect`: operations registered with the backend, which applies them when this client disconnects
/// (the local value applies them in ``DatabaseEngine/goOffline()``).
extension DatabaseEngine {
    /// Registers `sets` with the backend, to apply when this client disconnects; ordered with the writes
    /// (sent once online). `completion` gets nil once registered, or the error. `wire`: as for ``write(_:wire:completion:)``.
    func onDisconnect(
        _ sets: [(path: DatabasePath, node: DatabaseNode)], wire: [(path: DatabasePath, node: DatabaseNode)]? = nil,
        completion: @escaping @Sendable (DatabaseError?) -> Void
    ) {
        serverOperation(completion) { [self] caller async throws(DatabaseError) in
            let (backend, url, origin) = (backend, url, origin)
            try await atBackend { () async throws(DatabaseError) in
                try await backend.onDisconnect(
                    DatabaseBackendWrite(sets: sets, wire: wire), database: url, caller: caller, session: origin)
            }
            state.withLock { $0.disconnectSets += wire ?? sets }
        }
    }

    /// Cancels the `onDisconnect` operations at `path` and below.
    func cancelOnDisconnect(_ path: DatabasePath, completion: @escaping @Sendable (DatabaseError?) -> Void) {
        serverOperation(completion) { [self] caller async throws(DatabaseError) in
            let (backend, url, origin) = (backend, url, origin)
            try await atBackend { () async throws(DatabaseError) in
                try await backend.cancelOnDisconnect(path.description, database: url, caller: caller, session: origin)
            }
            state.withLock { $0.disconnectSets.removeAll { path.contains($0.path) } }
        }
    }

    /// Runs `body` with the caller's credentials after the writes sent so far, once online.
    private func serverOperation(
        _ completion: @escaping @Sendable (DatabaseError?) -> Void,
        _ body: @escaping @Sendable (DatabaseCaller) async throws(DatabaseError) -> Void
    ) {
        let accepted = state.withLock { state -> Bool in
            guard !state.terminated else { return false }
            state.nextServerOperation += 1
            let key = OutstandingOperation.server(state.nextServerOperation)
            state.outstanding[key] = completion
            // The completion, once: ``purgeOutstandingWrites()`` may have taken it.
            let finish: @Sendable (DatabaseError?) -> Void = { [locked = self.state] error in
                locked.withLock { $0.outstanding.removeValue(forKey: key) }?(error)
            }
            let purged: @Sendable () -> Bool = { [locked = self.state] in locked.withLock { $0.outstanding[key] == nil }
            }
            let previous = state.lastCommit
            state.lastCommit = Task { [self] in
                await previous?.value
                do throws(DatabaseError) {
                    let online = await waitUntilOnline(unless: purged)
                    if purged() { return }
                    guard online else { throw Self.gone }
                    try await body(try await credentials.caller())
                    finish(nil)
                } catch {
                    finish(error)
                }
            }
            return true
        }
        if !accepted { completion(Self.gone) }
    }
}
