// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Local storage of a ``CollectionSyncEngine`` or ``CollectionGroupSyncEngine``: its documents and pending
/// writes. ``applyChanges(updated:deleted:)`` records single changes without rewriting the collection.
/// Implemented by ``FileCollectionPersistence`` and ``MockLocalCollectionPersistence``.
public protocol LocalCollectionPersistence<Model>: Sendable {
    /// The model stored.
    associatedtype Model: DataSyncModelProtocol

    /// The stored documents.
    func loadCollection() throws -> [Model]
    /// Replaces the stored documents (after a bulk load, or empty to clear).
    func replaceCollection(_ models: [Model]) throws
    /// Records added or modified documents and deletions.
    func applyChanges(updated: [Model], deleted: [String]) throws
    /// The stored pending writes.
    func loadPendingWrites() throws -> [PendingWrite]
    /// Stores the pending writes (replacing the stored ones).
    func savePendingWrites(_ writes: [PendingWrite]) throws
}
