// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The remote side of a ``DocumentSyncEngine``: one collection's documents, read, written and listened to one at
/// a time. Implemented by ``MockRemoteDocumentService`` and by the adapters (FlintSyncFirestore's
/// `FirestoreRemoteDocumentService`).
public protocol RemoteDocumentService<Model>: Sendable {
    /// The model stored in the documents.
    associatedtype Model: DataSyncModelProtocol

    /// The document `id`, or nil when it does not exist.
    func getDocument(id: String) async throws -> Model?
    /// Writes the whole document (replacing it), under `model.id`.
    func saveDocument(_ model: Model) async throws
    /// Writes the given fields (dot-separated paths) of the existing document `id`.
    func updateDocument(id: String, data: [String: SyncValue]) async throws
    /// Deletes the document `id` (a missing document is fine).
    func deleteDocument(id: String) async throws
    /// The document `id` now and after every change (nil while it does not exist). The listener is removed
    /// when the iteration ends; a listener error ends the stream by throwing it.
    func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error>
    /// The deepest nesting of maps and arrays the store keeps in a document's fields (a map in a top-level field
    /// is 1 deep; an update's dotted key `"a.b"` writes inside the map `a`). The engines refuse a deeper save or
    /// update with ``SyncError/invalidArgument(_:)`` before sending or queueing it. Defaults to 20, Firestore's
    /// limit (the lowest of the stores the adapters write to).
    var maximumFieldDepth: Int { get }
}

extension RemoteDocumentService {
    /// 20, Firestore's limit (see ``RemoteDocumentService/maximumFieldDepth``).
    public var maximumFieldDepth: Int { SyncFieldDepth.firestoreLimit }
}
