// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One atomic write sent to a ``DatabaseBackend``: values to store at paths, in order. Opaque: made by the
/// client.
public struct DatabaseBackendWrite: Sendable {
    /// The paths and the values to store there (null removes), server values resolved by the client.
    let sets: [(path: DatabasePath, node: DatabaseNode)]
    /// The same with server values kept as `{".sv": …}` placeholders, for a backend that resolves them (nil:
    /// the write has none, or they were not kept).
    let wire: [(path: DatabasePath, node: DatabaseNode)]?

    init(sets: [(path: DatabasePath, node: DatabaseNode)], wire: [(path: DatabasePath, node: DatabaseNode)]? = nil) {
        self.sets = sets
        self.wire = wire
    }

    /// The written paths as `/a/b` strings.
    public var paths: [String] { sets.map(\.path.description) }
}
