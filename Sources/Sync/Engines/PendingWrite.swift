// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A write that failed remotely and waits in the queue to be sent again: at most one per document, later
/// writes merged into it (see ``merged(with:)``).
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

    /// The document written.
    public var documentId: String
    /// What the write does.
    public var kind: Kind
    /// The document (save) or the updated fields (update); empty for a delete.
    public var fields: [String: SyncValue]

    /// A pending write.
    public init(documentId: String, kind: Kind, fields: [String: SyncValue] = [:]) {
        self.documentId = documentId
        self.kind = kind
        self.fields = fields
    }

    /// This write followed by `later` (of the same document), as one write:
    /// - a later save or delete replaces it;
    /// - a later update of a save is the save with the fields applied; of an update, both updates' fields (the
    ///   later ones winning, a later field replacing the earlier ones under it); of a delete, the delete (an update
    ///   of a deleted document cannot succeed).
    public func merged(with later: PendingWrite) -> PendingWrite {
        switch (kind, later.kind) {
        case (_, .save), (_, .delete):
            return later
        case (.save, .update):
            return PendingWrite(
                documentId: documentId, kind: .save,
                fields: SyncFieldUpdate.applying(later.fields, to: fields))
        case (.update, .update):
            var merged = fields.filter { key, _ in
                !later.fields.keys.contains { key == $0 || key.hasPrefix($0 + ".") }
            }
            merged.merge(later.fields) { _, new in new }
            return PendingWrite(documentId: documentId, kind: .update, fields: merged)
        case (.delete, .update):
            return self
        }
    }
}
