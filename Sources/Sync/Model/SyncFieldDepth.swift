// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// How deep the fields of a write nest, measured (without recursion, by FlintProductSupport's `BoundedJSON`)
/// before the write is sent or queued: converting a value for the remote, saving the queue as JSON and reading it
/// back all recurse once per level. The remote services check what they are handed too (an update or a query's
/// values), since they are called directly as well as through an engine.
package enum SyncFieldDepth {
    /// Firestore's limit: a map or array may sit inside at most 19 others
    /// (https://firebase.google.com/docs/firestore/quotas: "Maximum depth of fields in a map or array: 20").
    package static let firestoreLimit = 20

    /// Throws ``SyncError/invalidArgument(_:)`` when a value of `write` sits inside more than `maximumDepth` maps
    /// and arrays of the document: its own, plus, for an update, the maps its dotted key names (`"a.b"` writes
    /// inside the map `a`). A save's keys are field names, dots included.
    package static func check(_ write: PendingWrite, maximumDepth: Int) throws(SyncError) {
        for (key, value) in write.fields {
            let enclosing = write.kind == .update ? key.utf8.count(where: { $0 == UInt8(ascii: ".") }) : 0
            guard enclosing <= maximumDepth,
                BoundedJSON.nestingIsBounded(value, maximumDepth: maximumDepth - enclosing, children: \.children)
            else {
                throw .invalidArgument(
                    "The field \(key.prefix(100)) of document \((write.documentId ?? "(none)").prefix(100)) nests deeper than "
                        + "\(maximumDepth) levels of maps and arrays, the most the store keeps.")
            }
        }
    }

    /// Throws ``SyncError/invalidArgument(_:)`` when the fields of an update of document `id` (dotted keys name
    /// fields inside maps) nest deeper than `maximumDepth`, as a pending update is checked.
    package static func checkUpdate(
        _ fields: [String: SyncValue], documentId id: String, maximumDepth: Int
    ) throws(SyncError) {
        try check(PendingWrite(documentId: id, kind: .update, fields: fields), maximumDepth: maximumDepth)
    }

    /// Throws ``SyncError/invalidArgument(_:)`` when a value `query` compares fields with (a filter's or a
    /// cursor's) sits inside more than `maximumDepth` maps and arrays (a field's value cannot nest deeper, so such a
    /// query could match nothing), or when the query is invalid (``SyncQueryEvaluator/validate(_:)``).
    package static func check(_ query: SyncQuery, maximumDepth: Int) throws(SyncError) {
        for filter in query.filters
        where !BoundedJSON.nestingIsBounded(filter.value, maximumDepth: maximumDepth, children: \.children) {
            throw .invalidArgument(
                "The value of the filter on \(filter.field.prefix(100)) nests deeper than \(maximumDepth) levels of "
                    + "maps and arrays, the most the store keeps.")
        }
        for bound in [query.startBound, query.endBound].compactMap({ $0?.cursor }) {
            let values: [SyncValue]
            switch bound {
            case .values(let cursorValues): values = cursorValues
            case .document(_, let fields): values = fields.map { Array($0.values) } ?? []
            }
            for value in values
            where !BoundedJSON.nestingIsBounded(value, maximumDepth: maximumDepth, children: \.children) {
                throw .invalidArgument(
                    "A value of the query's cursor nests deeper than \(maximumDepth) levels of maps and arrays, the "
                        + "most the store keeps.")
            }
        }
        try SyncQueryEvaluator.validate(query)
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
