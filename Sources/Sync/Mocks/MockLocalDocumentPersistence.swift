// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An in-memory ``LocalDocumentPersistence`` whose loads and saves can be made to fail.
public final class MockLocalDocumentPersistence<Model: DataSyncModelProtocol>: LocalDocumentPersistence {
    private struct Contents {
        var document: Model?
        var documentId: String?
        var pendingWrites: [PendingWrite] = []
    }

    private let store: MockPersistenceStore<Contents>

    /// Storage holding `document` (and its ID).
    public init(document: Model? = nil) {
        store = MockPersistenceStore(Contents(document: document, documentId: document?.id))
    }

    /// The stored document.
    public var document: Model? { store.contents.document }
    /// The stored document ID.
    public var documentId: String? { store.contents.documentId }
    /// The stored pending writes.
    public var pendingWrites: [PendingWrite] { store.contents.pendingWrites }
    /// Makes every load throw `error` (nil: succeed).
    public func setLoadError(_ error: (any Error)?) { store.setLoadError(error) }
    /// Makes every save throw `error` (nil: succeed).
    public func setSaveError(_ error: (any Error)?) { store.setSaveError(error) }

    /// The stored document.
    public func loadDocument() throws -> Model? { try store.load { $0.document } }
    /// Stores the document.
    public func saveDocument(_ model: Model?) throws { try store.save { $0.document = model } }
    /// The stored document ID.
    public func loadDocumentId() throws -> String? { try store.load { $0.documentId } }
    /// Stores the document ID.
    public func saveDocumentId(_ id: String?) throws { try store.save { $0.documentId = id } }
    /// The stored pending writes.
    public func loadPendingWrites() throws -> [PendingWrite] { try store.load { $0.pendingWrites } }
    /// Stores the pending writes.
    public func savePendingWrites(_ writes: [PendingWrite]) throws { try store.save { $0.pendingWrites = writes } }
}
