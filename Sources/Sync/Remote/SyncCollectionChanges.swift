// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One batch of changes from a remote collection listener: one snapshot's updated (added or modified) documents
/// and deleted document IDs. The first batch of a listener is ``isInitial``: the whole result, which replaces
/// what the engine holds.
public struct SyncCollectionChanges<Model: DataSyncModelProtocol>: Sendable {
    /// Added or modified documents.
    public var updated: [Model]
    /// IDs of the documents removed (deleted, or no longer matching the query).
    public var deleted: [String]
    /// Whether this is the listener's first batch, holding every matching document.
    public var isInitial: Bool

    /// A batch of changes.
    public init(updated: [Model] = [], deleted: [String] = [], isInitial: Bool = false) {
        self.updated = updated
        self.deleted = deleted
        self.isInitial = isInitial
    }
}
