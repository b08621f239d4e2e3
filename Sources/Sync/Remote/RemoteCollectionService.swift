// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The remote side of a ``CollectionSyncEngine``: one collection, queried and listened to as a whole, its
/// documents written one at a time.
public protocol RemoteCollectionService<Model>: RemoteCollectionGroupService {
    /// The document `id`, or nil when it does not exist.
    func getDocument(id: String) async throws -> Model?
    /// Writes the whole document (replacing it), under `model.id`.
    func saveDocument(_ model: Model) async throws
    /// Writes the given fields (dot-separated paths) of the existing document `id`.
    func updateDocument(id: String, data: [String: SyncValue]) async throws
    /// Deletes the document `id` (a missing document is fine).
    func deleteDocument(id: String) async throws
    /// The document `id` now and after every change (nil while it does not exist).
    func streamDocument(id: String) -> AsyncThrowingStream<Model?, any Error>
    /// The deepest nesting of maps and arrays the store keeps in a document's fields, as
    /// ``RemoteDocumentService/maximumFieldDepth`` (defaults to 20, Firestore's limit).
    var maximumFieldDepth: Int { get }
}

extension RemoteCollectionService {
    /// 20, Firestore's limit (see ``RemoteDocumentService/maximumFieldDepth``).
    public var maximumFieldDepth: Int { SyncFieldDepth.firestoreLimit }
}
