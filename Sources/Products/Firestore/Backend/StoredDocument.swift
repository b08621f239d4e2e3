// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A document's persisted state, as the backend's ``PersistenceLog`` and the client's ``ClientCacheFile``
/// write it (its path is stored beside it).
struct StoredDocument: Codable {
    var fields: [String: Value]
    var version: Int64
    var createTime: Timestamp?
    var updateTime: Timestamp?

    /// The persisted state of `document`.
    init(_ document: Document) {
        fields = document.fields
        version = document.version
        createTime = document.createTime
        updateTime = document.updateTime
    }

    /// The document at `path` with this state.
    func document(at path: ResourcePath) -> Document {
        Document(
            path: path, fields: fields, version: version, createTime: createTime, updateTime: updateTime,
            hasPendingWrites: false)
    }
}
