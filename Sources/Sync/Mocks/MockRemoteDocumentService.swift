// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An in-memory ``RemoteDocumentService`` for previews and tests: writes reach its listeners, and failures and
/// delays can be injected per operation.
public final class MockRemoteDocumentService<Model: DataSyncModelProtocol>: RemoteDocumentService {
    let store: MockDocumentStore<Model>

    /// A collection holding `document`, if given.
    public init(document: Model? = nil) {
        store = MockDocumentStore(document.map { [$0] } ?? [])
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
    /// Writes `model` as another client would.
    public func simulateRemoteSave(_ model: Model) { store.put(model) }
    /// Deletes `id` as another client would.
    public func simulateRemoteDelete(id: String) { store.remove(id: id) }

    /// The document `id`, or nil.
    public func getDocument(id: String) async throws -> Model? { try await store.getDocument(id: id) }

    /// Stores `model`.
    public func saveDocument(_ model: Model) async throws { try await store.saveDocument(model) }

    /// Updates fields of `id`; ``SyncError/documentNotFound(id:)`` when it does not exist.
    public func updateDocument(id: String, data: [String: SyncValue]) async throws {
        try await store.updateDocument(id: id, data: data)
    }

    /// Deletes `id`.
    public func deleteDocument(id: String) async throws { try await store.deleteDocument(id: id) }

    /// The document `id` now and after every change.
    public func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error> {
        store.streamDocument(id: id)
    }
}
