// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// User data turned into what a mutation needs: stored fields, the field mask of a merge or update, and
/// the field transforms of ``FieldValue`` sentinels.
struct ParsedData: Sendable {
    var fields: ObjectValue = [:]
    var mask: [FieldPath] = []
    var transforms: [FieldTransform] = []

    /// The largest document the backend stores: 1 MiB.
    static let maxDocumentBytes = 1_048_576

    /// A full replacement.
    /// - Throws: ``RPCStatusCode/invalidArgument`` when the document would exceed 1 MiB.
    func setMutation(at path: ResourcePath) throws(FirestoreError) -> Mutation {
        try checkSize(at: path)
        return Mutation(path: path, kind: .set(fields), transforms: transforms)
    }

    /// A merge (creates the document when missing).
    /// - Throws: ``RPCStatusCode/invalidArgument`` when the written fields alone exceed 1 MiB.
    func mergeMutation(at path: ResourcePath) throws(FirestoreError) -> Mutation {
        try checkSize(at: path)
        return Mutation(path: path, kind: .patch(fields, mask: mask), transforms: transforms)
    }

    /// An update (the document must exist).
    /// - Throws: ``RPCStatusCode/invalidArgument`` when the written fields alone exceed 1 MiB.
    func updateMutation(at path: ResourcePath) throws(FirestoreError) -> Mutation {
        try checkSize(at: path)
        return Mutation(
            path: path, kind: .patch(fields, mask: mask), transforms: transforms, precondition: .exists(true))
    }

    /// Refuses data that makes a document larger than ``maxDocumentBytes``, measured as the backend does
    /// (https://firebase.google.com/docs/firestore/storage-size): the document name, plus each field name and
    /// value, plus 32 bytes. An approximation for merges and updates: only the written fields count (the
    /// fields the document keeps are not known here), and transforms (server timestamps, increments, array
    /// unions) are not counted.
    private func checkSize(at path: ResourcePath) throws(FirestoreError) {
        let size = StorageSize.document(name: path, fields: fields)
        guard size <= ParsedData.maxDocumentBytes else {
            throw FirestoreError(
                .invalidArgument,
                "Document '\(path)' cannot be written because its size "
                    + "(\(size) bytes) exceeds the maximum allowed size of "
                    + "\(ParsedData.maxDocumentBytes) bytes.")
        }
    }
}

/// Storage sizes as the backend counts them (https://firebase.google.com/docs/firestore/storage-size).
enum StorageSize {
    /// A document: its name, its fields, and 32 additional bytes.
    static func document(name: ResourcePath, fields: ObjectValue) -> Int {
        documentName(name) + map(fields) + 32
    }

    /// A document name: each path segment's UTF-8 bytes plus 1, plus 16.
    static func documentName(_ path: ResourcePath) -> Int {
        path.segments.reduce(16) { $0 + $1.utf8.count + 1 }
    }

    /// A map: each field name's UTF-8 bytes plus 1, plus its value.
    static func map(_ fields: ObjectValue) -> Int {
        fields.reduce(0) { $0 + $1.key.utf8.count + 1 + value($1.value) }
    }

    /// One value. Recursion is bounded: parsed data nests at most ``UserDataParser/maxNestingDepth`` levels.
    static func value(_ value: Value) -> Int {
        switch value {
        case .null, .bool: return 1
        case .integer, .double, .timestamp, .serverTimestamp: return 8
        case .string(let string): return string.utf8.count + 1
        case .bytes(let bytes): return bytes.count
        case .reference(_, let path): return documentName(path)
        case .geoPoint: return 16
        case .array(let elements): return elements.reduce(0) { $0 + Self.value($1) }
        case .map(let fields): return map(fields)
        }
    }
}
