/// One atomic write sent to a ``DatabaseBackend``: values to store at paths, in order. Opaque: made by the
/// client.
public struct DatabaseBackendWrite: Sendable {
    /// The paths and the values to store there (null removes).
    let sets: [(path: DatabasePath, node: DatabaseNode)]

    /// The written paths as `/a/b` strings.
    public var paths: [String] { sets.map(\.path.description) }
}
