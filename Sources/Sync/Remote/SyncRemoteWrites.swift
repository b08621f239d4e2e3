// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The write operations of a remote service, whichever protocol it conforms to (``RemoteDocumentService`` or
/// ``RemoteCollectionService``), so that ``SyncWriter`` sends and replays writes for both engines.
struct SyncRemoteWrites<Model: DataSyncModelProtocol>: Sendable {
    let save: @Sendable (Model) async throws -> Void
    let update: @Sendable (String, [String: SyncValue]) async throws -> Void
    let delete: @Sendable (String) async throws -> Void
    /// The remote's ``RemoteDocumentService/maximumFieldDepth``.
    let maximumFieldDepth: Int

    /// The writes of a document engine's remote.
    init(_ remote: any RemoteDocumentService<Model>) {
        save = { try await remote.saveDocument($0) }
        update = { try await remote.updateDocument(id: $0, data: $1) }
        delete = { try await remote.deleteDocument(id: $0) }
        maximumFieldDepth = remote.maximumFieldDepth
    }

    /// The writes of a collection engine's remote.
    init(_ remote: any RemoteCollectionService<Model>) {
        save = { try await remote.saveDocument($0) }
        update = { try await remote.updateDocument(id: $0, data: $1) }
        delete = { try await remote.deleteDocument(id: $0) }
        maximumFieldDepth = remote.maximumFieldDepth
    }

    /// Sends a queued write again.
    /// - Throws: ``SyncError/noDocumentId`` for an update or delete without a document ID (a collection-level
    ///   write), which stays queued.
    func send(_ write: PendingWrite) async throws {
        if write.kind == .save {
            try await save(try SyncModelCoding.model(Model.self, from: write.fields))
            return
        }
        guard let id = write.documentId else { throw SyncError.noDocumentId }
        if write.kind == .update { try await update(id, write.fields) } else { try await delete(id) }
    }
}
