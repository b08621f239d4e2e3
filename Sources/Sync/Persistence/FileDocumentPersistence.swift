// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// ``LocalDocumentPersistence`` in files (the seed's `FileManagerDocumentPersistence`):
/// `<directory>/<managerKey, made safe>/document.flintsync`, `document-id.flintsync` and
/// `pending-writes.flintsync`, each a checksummed record rewritten atomically (temporary file, `fsync`,
/// rename). A damaged file is moved aside to `<name>.corrupt` and reported as
/// ``SyncError/corruptFile(path:reason:movedTo:)``; the other files are unaffected.
public final class FileDocumentPersistence<Model: DataSyncModelProtocol>: LocalDocumentPersistence, Sendable {
    private let document: SyncValueFile<Model>
    private let documentId: SyncValueFile<String>
    private let pendingWrites: SyncValueFile<[PendingWrite]>

    /// The folder holding the files.
    public let folder: URL

    /// Files for `managerKey` under `directory`; `io` is the seam for injected write failures.
    public init(directory: URL, managerKey: String, io: SyncFileIO = .standard) {
        folder = directory.appendingPathComponent(SyncFileNames.safeComponent(managerKey), isDirectory: true)
        document = SyncValueFile(url: folder.appendingPathComponent("document.flintsync"), io: io)
        documentId = SyncValueFile(url: folder.appendingPathComponent("document-id.flintsync"), io: io)
        pendingWrites = SyncValueFile(url: folder.appendingPathComponent("pending-writes.flintsync"), io: io)
    }

    /// The stored document.
    public func loadDocument() throws -> Model? { try document.load() }
    /// Stores the document.
    public func saveDocument(_ model: Model?) throws { try document.save(model) }
    /// The stored document ID.
    public func loadDocumentId() throws -> String? { try documentId.load() }
    /// Stores the document ID.
    public func saveDocumentId(_ id: String?) throws { try documentId.save(id) }
    /// The stored pending writes.
    public func loadPendingWrites() throws -> [PendingWrite] { try pendingWrites.load() ?? [] }
    /// Stores the pending writes.
    public func savePendingWrites(_ writes: [PendingWrite]) throws {
        try pendingWrites.save(writes.isEmpty ? nil : writes)
    }
}
