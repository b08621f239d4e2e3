// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One document's change in a view snapshot, with its positions.
struct ViewChange: Sendable {
    /// How the document changed.
    enum Kind: Int, Sendable, Comparable {
        // The raw values are the order in which changes are listed: removed, then added, then modified.
        case removed = 0
        case added = 1
        case modified = 2
        /// Only the document's metadata (`hasPendingWrites`) changed; listed with the modified ones.
        case metadata = 3

        /// Removed < added < modified = metadata.
        var listOrder: Int { self == .metadata ? 2 : rawValue }

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.listOrder < rhs.listOrder }
    }

    let kind: Kind
    /// The document (its old state for a removal).
    let entry: ViewEntry
    /// The position before this change (after the earlier changes of the list), -1 for an addition.
    let oldIndex: Int
    /// The position after this change, -1 for a removal.
    let newIndex: Int
}
