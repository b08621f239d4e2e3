// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A write that failed remotely and waits in the queue to be sent again: at most one per document, later
/// writes merged into it (see ``merged(with:)``). A write may be collection-level, without a document ID (the
/// seed's `documentId: nil`): it is kept in the queue as is, never merged, and cannot be sent
/// (``SyncError/noDocumentId``) until a caller handles it.
public struct PendingWrite: Sendable, Codable, Equatable {
    /// What the write does.
    public enum Kind: String, Sendable, Codable, Equatable {
        /// Writes the whole document (``PendingWrite/fields`` is the document).
        case save
        /// Writes some fields (``PendingWrite/fields`` maps dot-separated paths to values).
        case update
        /// Deletes the document.
        case delete
    }

    /// The document written; nil for a collection-level write.
    public var documentId: String?
    /// What the write does.
    public var kind: Kind
    /// The document (save) or the updated fields (update); empty for a delete.
    public var fields: [String: SyncValue]
    /// When the write was first made (kept when later writes merge into it).
    public var createdAt: Date

    /// A pending write, made at `createdAt` (default: now).
    public init(documentId: String?, kind: Kind, fields: [String: SyncValue] = [:], createdAt: Date = Date()) {
        self.documentId = documentId
        self.kind = kind
        self.fields = fields
        self.createdAt = createdAt
    }

    private enum CodingKeys: String, CodingKey {
        case documentId, kind, fields, createdAt
    }

    /// Decodes a write; one stored before writes had `createdAt` gets the time it is read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        documentId = try container.decodeIfPresent(String.self, forKey: .documentId)
        kind = try container.decode(Kind.self, forKey: .kind)
        fields = try container.decode([String: SyncValue].self, forKey: .fields)
        createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt) ?? Date()
    }

    /// This write followed by `later` (of the same document), as one write, made when this one was:
    /// - a later save or delete replaces it;
    /// - a later update of a save is the save with the fields applied; of an update, both updates' fields (the
    ///   later ones winning, a later field replacing the earlier ones under it); of a delete, the delete (an update
    ///   of a deleted document cannot succeed).
    public func merged(with later: PendingWrite) -> PendingWrite {
        switch (kind, later.kind) {
        case (_, .save), (_, .delete):
            return PendingWrite(documentId: documentId, kind: later.kind, fields: later.fields, createdAt: createdAt)
        case (.save, .update):
            return PendingWrite(
                documentId: documentId, kind: .save,
                fields: SyncFieldUpdate.applying(later.fields, to: fields), createdAt: createdAt)
        case (.update, .update):
            var merged = fields.filter { key, _ in
                !later.fields.keys.contains { key == $0 || key.hasPrefix($0 + ".") }
            }
            merged.merge(later.fields) { _, new in new }
            return PendingWrite(documentId: documentId, kind: .update, fields: merged, createdAt: createdAt)
        case (.delete, .update):
            return self
        }
    }
}
