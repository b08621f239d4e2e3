// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore
import FlintSync

/// A `RemoteDocumentService` over FlintFirestore: the documents of the collection `collectionPath` names
/// (evaluated at every call, so a user-scoped path follows sign-ins; nil throws
/// `SyncError.collectionPathUnavailable`). Models are written with `Firestore.Encoder` under their `id`.
public struct FirestoreRemoteDocumentService<Model: DataSyncModelProtocol>: RemoteDocumentService {
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

    private func reference(_ id: String) throws -> DocumentReference {
        try FirestoreCollectionPath.document(
            id, in: firestore.collection(try FirestoreCollectionPath.resolve(collectionPath)))
    }

    /// Reads the document.
    public func getDocument(id: String) async throws -> Model? {
        try FirestoreSyncCoding.model(Model.self, from: try await reference(id).getDocument())
    }

    /// Replaces the document with the model.
    public func saveDocument(_ model: Model) async throws {
        try await reference(model.id).setData(from: model)
    }

    /// Updates fields (`updateData`, dotted keys are paths).
    public func updateDocument(id: String, data: [String: SyncValue]) async throws {
        try await reference(id).updateData(try FirestoreSyncCoding.updateFields(data, documentId: id))
    }

    /// Deletes the document.
    public func deleteDocument(id: String) async throws {
        try await reference(id).delete()
    }

    /// The document's snapshots, as models.
    public func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error> {
        do {
            return FirestoreSyncCoding.documents(Model.self, of: try reference(id))
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }
}
