/// A value read from a ``DatabaseBackend``. Opaque.
public struct DatabaseBackendValue: Sendable {
    let node: DatabaseNode
}
