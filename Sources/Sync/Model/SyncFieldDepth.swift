// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// How deep the fields of a write nest, measured (without recursion, by FlintProductSupport's `BoundedJSON`)
/// before the write is sent or queued: converting a value for the remote, saving the queue as JSON and reading it
/// back all recurse once per level.
enum SyncFieldDepth {
    /// Firestore's limit: a map or array may sit inside at most 19 others
    /// (https://firebase.google.com/docs/firestore/quotas: "Maximum depth of fields in a map or array: 20").
    static let firestoreLimit = 20

    /// Throws ``SyncError/invalidArgument(_:)`` when a value of `write` sits inside more than `maximumDepth` maps
    /// and arrays of the document: its own, plus, for an update, the maps its dotted key names (`"a.b"` writes
    /// inside the map `a`). A save's keys are field names, dots included.
    static func check(_ write: PendingWrite, maximumDepth: Int) throws(SyncError) {
        for (key, value) in write.fields {
            let enclosing = write.kind == .update ? key.utf8.count(where: { $0 == UInt8(ascii: ".") }) : 0
            guard enclosing <= maximumDepth,
                BoundedJSON.nestingIsBounded(value, maximumDepth: maximumDepth - enclosing, children: \.children)
            else {
                throw .invalidArgument(
                    "The field \(key.prefix(100)) of document \(write.documentId.prefix(100)) nests deeper than "
                        + "\(maximumDepth) levels of maps and arrays, the most the store keeps.")
            }
        }
    }
}

extension SyncValue {
    /// The elements or fields of an array or map, nil for any other value.
    fileprivate var children: [SyncValue]? {
        switch self {
        case .array(let elements): elements
        case .map(let fields): Array(fields.values)
        case .null, .bool, .int, .double, .string: nil
        }
    }
}
