// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync

/// A `RemoteCollectionService` over FlintDatabase: the children of the location `collectionPath` names
/// (evaluated at every call; nil throws `SyncError.collectionPathUnavailable`), each child's key a document ID.
///
/// The Realtime Database has no multi-field queries: `SyncQuery`s are evaluated on the client over the
/// location's children. The listener follows the location's child events after one whole first value, so one
/// change costs the same whatever the size of the location (see FlintSync's Sync guide). Updates of a missing
/// child throw `SyncError.documentNotFound(id:)`, as Firestore's `updateData` does.
public struct DatabaseRemoteCollectionService<Model: DataSyncModelProtocol>: RemoteCollectionService {
    private let database: Database
    private let collectionPath: @Sendable () -> String?

    /// The service for `collectionPath` in `database`.
    public init(database: Database, collectionPath: @escaping @Sendable () -> String?) {
        self.database = database
        self.collectionPath = collectionPath
    }

    /// The service for `collectionPath` in the app's default database.
    public init(app: FlintApp, collectionPath: @escaping @Sendable () -> String?) throws {
        self.init(database: try Database.database(app: app), collectionPath: collectionPath)
    }

    private func location() throws -> DatabaseReference {
        database.reference(withPath: try DatabaseCollectionPath.resolve(collectionPath))
    }

    /// The child `id`; an ID that is not one key throws `invalidArgument` (see `DatabaseCollectionPath`).
    private func document(_ id: String) throws -> DatabaseReference {
        try DatabaseCollectionPath.document(id, in: location())
    }

    /// The deepest nesting of maps and arrays a document's fields may have: the Database keeps 32 levels of keys
    /// from the root, of which the location's keys, the document's key and the field's own are taken (29 for a
    /// location of one key).
    public var maximumFieldDepth: Int { DatabaseCollectionPath.maximumFieldDepth(collectionPath) }

    private func layout() throws -> DatabaseCollectionLayout {
        DatabaseCollectionLayout(pattern: try DatabaseCollectionPath.resolve(collectionPath))
    }

    /// The children matching `query`.
    public func getCollection(query: SyncQuery) async throws -> [Model] {
        try await DatabaseCollectionReads.models(Model.self, in: database, layout: try layout(), query: query)
    }

    /// The location's changes as batches: the whole result first, then one batch per changed child.
    public func streamCollectionUpdates(query: SyncQuery) -> AsyncThrowingStream<
        SyncCollectionChanges<Model>, any Error
    > {
        do {
            return DatabaseCollectionChanges.stream(Model.self, in: database, layout: try layout(), query: query)
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// Reads the child `id`.
    public func getDocument(id: String) async throws -> Model? {
        try DatabaseSyncCoding.model(Model.self, from: try await document(id).getData())
    }

    /// Replaces the child `model.id` with the model's JSON tree.
    public func saveDocument(_ model: Model) async throws {
        try await document(model.id).setValue(try DatabaseSyncCoding.tree(model))
    }

    /// Updates fields of the existing child `id` (dotted keys are paths; `null` removes).
    public func updateDocument(id: String, data: [String: SyncValue]) async throws {
        let child = try document(id)
        let updates = try DatabaseSyncCoding.updates(data, documentId: id, maximumDepth: maximumFieldDepth)
        guard try await child.getData().exists() else { throw SyncError.documentNotFound(id: id) }
        try await child.updateChildValues(updates)
    }

    /// Removes the child `id`.
    public func deleteDocument(id: String) async throws {
        try await document(id).removeValue()
    }

    /// The child `id` now and after every change.
    public func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error> {
        do {
            return DatabaseSyncCoding.documents(Model.self, of: try document(id))
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }
}
