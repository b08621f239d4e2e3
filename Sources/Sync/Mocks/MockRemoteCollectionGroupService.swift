// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An in-memory ``RemoteCollectionGroupService``: the group's documents, changed by the `simulate…` methods
/// (the group is read-only to its engine); failures and delays can be injected per operation.
public final class MockRemoteCollectionGroupService<Model: DataSyncModelProtocol>: RemoteCollectionGroupService {
    let store: MockDocumentStore<Model>

    /// A group holding `collection`.
    public init(collection: [Model] = []) {
        store = MockDocumentStore(collection)
    }

    /// The documents, in insertion order.
    public var documents: [Model] { store.documents }
    /// Every operation called, in order.
    public var calls: [MockOperation] { store.calls }
    /// How many listeners are attached now.
    public var listenerCount: Int { store.listenerCount }

    /// Makes `operation` throw `error` from now on (nil: succeed again).
    public func setError(_ error: (any Error)?, for operation: MockOperation) { store.setError(error, for: operation) }
    /// Runs `hook` at the start of every operation; nil removes it.
    public func setBeforeCall(_ hook: (@Sendable (MockOperation) async throws -> Void)?) { store.setBeforeCall(hook) }
    /// Ends every attached listener with `error`.
    public func failListeners(with error: any Error) { store.failListeners(with: error) }
    /// Writes `model` into the group, as some client would.
    public func simulateRemoteSave(_ model: Model) { store.put(model) }
    /// Deletes `id` from the group.
    public func simulateRemoteDelete(id: String) { store.remove(id: id) }

    /// The documents matching `query`.
    public func getCollection(query: SyncQuery) async throws -> [Model] { try await store.getCollection(query: query) }

    /// The initial documents, then one batch per change.
    public func streamCollectionUpdates(query: SyncQuery) -> AsyncThrowingStream<
        SyncCollectionChanges<Model>, any Error
    > {
        store.streamCollection(query: query)
    }
}
