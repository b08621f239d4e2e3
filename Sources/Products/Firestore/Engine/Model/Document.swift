// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One document state: its path, fields, backend version and whether local writes not yet acknowledged
/// shaped it. Immutable and shared between the backend, views and snapshots.
final class Document: Sendable {
    /// The document's path.
    let path: ResourcePath
    /// The document's fields.
    let fields: ObjectValue
    /// The backend commit sequence number of the last write (0 for a document that exists only locally).
    let version: Int64
    /// When the backend created the document (nil locally).
    let createTime: Timestamp?
    /// When the backend last wrote the document (nil locally).
    let updateTime: Timestamp?
    /// Whether local writes not yet acknowledged by the backend are part of this state.
    let hasPendingWrites: Bool

    init(
        path: ResourcePath, fields: ObjectValue, version: Int64, createTime: Timestamp?, updateTime: Timestamp?,
        hasPendingWrites: Bool
    ) {
        self.path = path
        self.fields = fields
        self.version = version
        self.createTime = createTime
        self.updateTime = updateTime
        self.hasPendingWrites = hasPendingWrites
    }

    /// A copy with other fields, marked as shaped by pending writes.
    func locallyWritten(fields: ObjectValue) -> Document {
        Document(
            path: path, fields: fields, version: version, createTime: createTime, updateTime: updateTime,
            hasPendingWrites: true)
    }

    /// The value at `field`, including the document ID for ``FieldPath/documentID()``.
    func value(at field: FieldPath, database: String) -> Value? {
        if field.isDocumentID { return .reference(database: database, path: path) }
        return fields.value(at: field)
    }
}
