// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One document's change between two snapshots of a query (Firebase's `DocumentChange`).
///
/// Changes are listed removed first, then added, then modified, each in query order. `oldIndex` is the
/// position before this change (once the earlier changes of the list are applied), -1 for an addition;
/// `newIndex` the position after it, -1 for a removal. Applying the changes in order to the previous
/// snapshot's documents gives the new ones.
public struct DocumentChange: Sendable, CustomStringConvertible {
    /// How the document changed.
    public let type: DocumentChangeType
    /// The document (its last state, for a removal).
    public let document: QueryDocumentSnapshot
    /// The position before the change, -1 for an addition.
    public let oldIndex: Int
    /// The position after the change, -1 for a removal.
    public let newIndex: Int

    /// `added users/ada -1 -> 0`.
    public var description: String {
        "\(type) \(document.reference.path) \(oldIndex) -> \(newIndex)"
    }
}
