// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a view hands its listener: the documents in order, the changes since the previous snapshot and
/// the snapshot's metadata.
struct ViewSnapshot: Sendable {
    /// The documents, in query order.
    let entries: OrderedTree<ViewEntry>
    /// The changes (including metadata-only ones), in list order, with positions.
    let changes: [ViewChange]
    /// Whether some document in the view has writes not yet acknowledged.
    let hasPendingWrites: Bool
    /// Whether the snapshot may be stale (the client is offline).
    let isFromCache: Bool
    /// Whether the listener asked for metadata changes.
    let includesMetadataChanges: Bool
}
