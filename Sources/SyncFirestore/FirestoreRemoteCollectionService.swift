// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintSync

/// A `RemoteCollectionService` over FlintFirestore: the collection `collectionPath` names (evaluated at every
/// call; nil throws `SyncError.collectionPathUnavailable`). Queries become Firestore queries; the listener
/// is the query's `snapshots`, its first snapshot the initial batch and later ones their `documentChanges`.
public struct FirestoreRemoteCollectionService<Model: DataSyncModelProtocol>: RemoteCollectionService {
    private let firestore: Firestore
    private let collectionPath: @Sendable () -> String?

    /// The service for `collectionPath` in `firestore`.
    public init(firestore: Firestore, collectionPath: @escaping @Sendable () -> String?) {
        self.firestore = firestore
        self.collectionPath = collectionPath
    }

    /// The service for `collectionPath` in the app's default Firestore database.
    public init(app: FlintApp, collectionPath: @escaping @Sendable () -> String?) throws {
        self.init(firestore: try Firestore.firestore(app: app), collectionPath: collectionPath)
    }

    private func collection() throws -> CollectionReference {
        firestore.collection(try FirestoreCollectionPath.resolve(collectionPath))
    }

    /// The document `id`; an ID with a `/` throws `invalidArgument` (see `FirestoreCollectionPath`).
    private func document(_ id: String) throws -> DocumentReference {
        try FirestoreCollectionPath.document(id, in: collection())
    }

    /// The documents matching `query`.
    public func getCollection(query: SyncQuery) async throws -> [Model] {
        let snapshot = try await FirestoreSyncCoding.query(try collection(), query).getDocuments()
        return try FirestoreSyncCoding.models(Model.self, from: snapshot)
    }

    /// The query's snapshots as change batches.
    public func streamCollectionUpdates(query: SyncQuery) -> AsyncThrowingStream<
        SyncCollectionChanges<Model>, any Error
    > {
        do {
            return FirestoreSyncCoding.changes(Model.self, of: try FirestoreSyncCoding.query(try collection(), query))
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// Reads the document.
    public func getDocument(id: String) async throws -> Model? {
        try FirestoreSyncCoding.model(Model.self, from: try await document(id).getDocument())
    }

    /// Replaces the document with the model.
    public func saveDocument(_ model: Model) async throws {
        try await document(model.id).setData(from: model)
    }

    /// Updates fields (`updateData`, dotted keys are paths).
    public func updateDocument(id: String, data: [String: SyncValue]) async throws {
        try await document(id).updateData(try FirestoreSyncCoding.updateFields(data, documentId: id))
    }

    /// Deletes the document.
    public func deleteDocument(id: String) async throws {
        try await document(id).delete()
    }

    /// The document's snapshots, as models.
    public func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error> {
        do {
            return FirestoreSyncCoding.documents(Model.self, of: try document(id))
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }
}
