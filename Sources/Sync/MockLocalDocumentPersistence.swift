// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// An in-memory ``LocalDocumentPersistence`` whose loads and saves can be made to fail.
public final class MockLocalDocumentPersistence<Model: DataSyncModelProtocol>: LocalDocumentPersistence {
    private struct State {
        var document: Model?
        var documentId: String?
        var pendingWrites: [PendingWrite] = []
        var loadError: (any Error)?
        var saveError: (any Error)?
    }

    private let state: Locked<State>

    /// Storage holding `document` (and its ID).
    public init(document: Model? = nil) {
        state = Locked(State(document: document, documentId: document?.id))
    }

    /// The stored document.
    public var document: Model? { state.withLock { $0.document } }
    /// The stored document ID.
    public var documentId: String? { state.withLock { $0.documentId } }
    /// The stored pending writes.
    public var pendingWrites: [PendingWrite] { state.withLock { $0.pendingWrites } }
    /// Makes every load throw `error` (nil: succeed).
    public func setLoadError(_ error: (any Error)?) { state.withLock { $0.loadError = error } }
    /// Makes every save throw `error` (nil: succeed).
    public func setSaveError(_ error: (any Error)?) { state.withLock { $0.saveError = error } }

    private func read<T>(_ body: (State) -> T) throws -> T {
        try state.withLock { state in
            if let error = state.loadError { throw error }
            return body(state)
        }
    }

    private func write(_ body: (inout State) -> Void) throws {
        try state.withLock { state in
            if let error = state.saveError { throw error }
            body(&state)
        }
    }

    /// The stored document.
    public func loadDocument() throws -> Model? { try read { $0.document } }
    /// Stores the document.
    public func saveDocument(_ model: Model?) throws { try write { $0.document = model } }
    /// The stored document ID.
    public func loadDocumentId() throws -> String? { try read { $0.documentId } }
    /// Stores the document ID.
    public func saveDocumentId(_ id: String?) throws { try write { $0.documentId = id } }
    /// The stored pending writes.
    public func loadPendingWrites() throws -> [PendingWrite] { try read { $0.pendingWrites } }
    /// Stores the pending writes.
    public func savePendingWrites(_ writes: [PendingWrite]) throws { try write { $0.pendingWrites = writes } }
}
