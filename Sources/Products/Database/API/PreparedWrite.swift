// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The sets of one write as the client applies them (server values resolved locally) and, for a backend
/// whose server resolves server values itself, as they are sent (placeholders kept; nil when the same).
struct PreparedWrite {
    /// The paths and nodes the client applies.
    var sets: [(path: DatabasePath, node: DatabaseNode)]
    /// The paths and nodes sent, when they differ.
    var wire: [(path: DatabasePath, node: DatabaseNode)]?

    /// `make` run for the client, then, when `keepServerValues`, again for the wire (with
    /// ``WireServerValues/keep`` set).
    static func make(
        keepServerValues: Bool,
        _ make: () throws -> [(path: DatabasePath, node: DatabaseNode)]
    ) rethrows -> PreparedWrite {
        let sets = try make()
        guard keepServerValues else { return PreparedWrite(sets: sets) }
        let wire = try WireServerValues.$keep.withValue(true) { try make() }
        let differs = zip(sets, wire).contains { $0.node != $1.node }
        return PreparedWrite(sets: sets, wire: differs ? wire : nil)
    }
}
