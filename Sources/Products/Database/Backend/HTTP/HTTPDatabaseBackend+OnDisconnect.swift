// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// `onDisconnect`: kept by the backend per client session and sent when that session disconnects.
extension HTTPDatabaseBackend {
    /// Keeps `write` for when `session` disconnects (REST has no connection-bound operations: see the type's
    /// documentation). The server checks the rules only when it is sent.
    public func onDisconnect(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        session: String
    ) async throws(DatabaseError) {
        let operations = (write.wire ?? write.sets).map {
            DisconnectOperation(path: $0.path, node: $0.node, caller: caller)
        }
        state.withLock { $0.disconnects[database, default: [:]][session, default: []] += operations }
    }

    /// Forgets the kept `onDisconnect` operations of `session` at `path` and below.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for a malformed path.
    public func cancelOnDisconnect(
        _ path: String, database: String, caller: DatabaseCaller,
        session: String
    ) async throws(DatabaseError) {
        let location = try Self.path(path)
        state.withLock { state in
            state.disconnects[database]?[session]?.removeAll { location.contains($0.path) }
        }
    }

    /// Sends the kept `onDisconnect` operations of `session`, in order, from a task of their own (best
    /// effort: failures are ignored), and forgets them.
    public func disconnect(session: String, database: String) {
        let operations = state.withLock { $0.disconnects[database]?.removeValue(forKey: session) } ?? []
        guard !operations.isEmpty else { return }
        Task { [self] in
            for operation in operations {
                try? await send(
                    DatabaseBackendWrite(sets: [(operation.path, operation.node)]), database: database,
                    caller: operation.caller, origin: nil)
            }
        }
    }
}
