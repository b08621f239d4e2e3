// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The remote side of a ``CollectionGroupSyncEngine``: documents of every collection with one ID, read-only.
public protocol RemoteCollectionGroupService<Model>: Sendable {
    /// The model stored in the documents.
    associatedtype Model: DataSyncModelProtocol

    /// The documents matching `query`.
    func getCollection(query: SyncQuery) async throws -> [Model]
    /// Batches of changes to the documents matching `query`: first every one of them (``SyncCollectionChanges/isInitial``),
    /// then one batch per remote change. Removed when the iteration ends.
    func streamCollectionUpdates(query: SyncQuery) -> AsyncThrowingStream<SyncCollectionChanges<Model>, any Error>
}
