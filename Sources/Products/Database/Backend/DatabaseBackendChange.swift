// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``DatabaseBackend`` tells its watchers after a write: the new root, the written paths and the
/// write's origin (so a client recognises the acknowledgement of its own write). Opaque.
public struct DatabaseBackendChange: Sendable {
    /// The database's whole value after the write.
    let root: DatabaseNode
    /// The written paths.
    let paths: [DatabasePath]
    /// The `origin` the writer passed.
    public let origin: String?
}
