// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync

/// A `RemoteDocumentService` over FlintDatabase: the children of the location `collectionPath` names, one at
/// a time (the same conventions as ``DatabaseRemoteCollectionService``).
public struct DatabaseRemoteDocumentService<Model: DataSyncModelProtocol>: RemoteDocumentService {
    private let collection: DatabaseRemoteCollectionService<Model>

    /// The service for `collectionPath` in `database`.
    public init(database: Database, collectionPath: @escaping @Sendable () -> String?) {
        collection = DatabaseRemoteCollectionService(database: database, collectionPath: collectionPath)
    }

    /// The service for `collectionPath` in the app's default database.
    public init(app: FlintApp, collectionPath: @escaping @Sendable () -> String?) throws {
        collection = try DatabaseRemoteCollectionService(app: app, collectionPath: collectionPath)
    }

    /// The deepest nesting of maps and arrays a document's fields may have (see
    /// ``DatabaseRemoteCollectionService/maximumFieldDepth``).
    public var maximumFieldDepth: Int { collection.maximumFieldDepth }

    /// Reads the child `id`.
    public func getDocument(id: String) async throws -> Model? { try await collection.getDocument(id: id) }
    /// Replaces the child `model.id`.
    public func saveDocument(_ model: Model) async throws { try await collection.saveDocument(model) }
    /// Updates fields of the existing child `id`.
    public func updateDocument(id: String, data: [String: SyncValue]) async throws {
        try await collection.updateDocument(id: id, data: data)
    }
    /// Removes the child `id`.
    public func deleteDocument(id: String) async throws { try await collection.deleteDocument(id: id) }
    /// The child `id` now and after every change.
    public func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error> {
        collection.streamDocument(id: id)
    }
}
