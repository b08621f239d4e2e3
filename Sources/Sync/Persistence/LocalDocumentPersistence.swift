// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Local storage of a ``DocumentSyncEngine``: its document, the document's ID and its pending writes, so they
/// survive a restart. Implemented by ``FileDocumentPersistence`` and ``MockLocalDocumentPersistence``.
///
/// Load methods throw ``SyncError/corruptFile(path:reason:movedTo:)`` for damaged data (and should set it aside,
/// so that later saves work); save methods throw when the data could not be recorded.
public protocol LocalDocumentPersistence<Model>: Sendable {
    /// The model stored.
    associatedtype Model: DataSyncModelProtocol

    /// The stored document, or nil.
    func loadDocument() throws -> Model?
    /// Stores the document (nil removes it).
    func saveDocument(_ model: Model?) throws
    /// The stored document ID, or nil.
    func loadDocumentId() throws -> String?
    /// Stores the document ID (nil removes it).
    func saveDocumentId(_ id: String?) throws
    /// The stored pending writes.
    func loadPendingWrites() throws -> [PendingWrite]
    /// Stores the pending writes (replacing the stored ones).
    func savePendingWrites(_ writes: [PendingWrite]) throws
}
