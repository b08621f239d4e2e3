// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintFirestore
import FlintSync

/// Conversions between FlintSync's types and Firestore's: models through `Firestore.Encoder`/`Firestore.Decoder`,
/// ``SyncValue`` to `FirestoreValue`, ``SyncQuery`` to a `Query`, snapshots to change batches.
enum FirestoreSyncCoding {
    static func value(_ value: SyncValue) -> FirestoreValue {
        switch value {
        case .null: return .null
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .integer(int)
        case .double(let double): return .double(double)
        case .string(let string): return .string(string)
        case .array(let array): return .array(array.map(Self.value))
        case .map(let map): return .map(map.mapValues(Self.value))
        }
    }

    /// The fields of an update of document `id`, as Firestore field paths and values.
    /// - Throws: `SyncError.invalidArgument` for a value nesting deeper than Firestore keeps (measured before
    ///   anything converts it, so no depth makes the conversion recurse past the stack).
    static func updateFields(_ data: [String: SyncValue], documentId id: String) throws(SyncError)
        -> [FieldPath: FirestoreValue]
    {
        try SyncFieldDepth.checkUpdate(data, documentId: id, maximumDepth: SyncFieldDepth.firestoreLimit)
        var fields: [FieldPath: FirestoreValue] = [:]
        for (key, value) in data { fields[FieldPath(dotSeparated: key)] = Self.value(value) }
        return fields
    }

    /// The model a document holds; its ID fills an `id` field the document lacks.
    static func model<Model: DataSyncModelProtocol>(_ type: Model.Type, from snapshot: DocumentSnapshot) throws
        -> Model?
    {
        guard var fields = snapshot.data() else { return nil }
        if fields["id"] == nil { fields["id"] = .string(snapshot.documentID) }
        return try Firestore.Decoder().decode(Model.self, from: fields, in: snapshot.reference)
    }

    /// `query` on `base`, its operations applied in order. A document cursor becomes the document's values of
    /// every ordering the query has (``SyncQueryEvaluator/orderings(of:)``, as Firestore normalizes them) and its
    /// ID; on a collection group (`isGroup`) it is refused, since a model's ID does not name the document's path.
    /// - Throws: `SyncError.invalidArgument` for an invalid query or a value nesting deeper than Firestore keeps
    ///   (measured before anything converts it); `SyncError.unsupportedQuery` for a document cursor on a group.
    static func query(_ base: Query, _ query: SyncQuery, isGroup: Bool = false) throws(SyncError) -> Query {
        try SyncFieldDepth.check(query, maximumDepth: SyncFieldDepth.firestoreLimit)
        let orders = SyncQueryEvaluator.orderings(of: query)
        func values(_ cursor: SyncCursor) throws(SyncError) -> [FirestoreValue] {
            switch cursor {
            case .values(let values): return values.map(Self.value)
            case .document(let id, _):
                guard !isGroup else {
                    throw .unsupportedQuery(
                        "A document cursor (start(atDocument:) …) on a Firestore collection group: a model's ID "
                            + "does not name the document's path. Use a cursor with values.")
                }
                return SyncQueryEvaluator.position(of: cursor, orders).dropLast().map(Self.value) + [.string(id)]
            }
        }
        var result = base
        for operation in query.operations {
            switch operation {
            case .filter(let filter): result = Self.filter(result, filter)
            case .order(let order): result = result.order(by: order.field, descending: order.descending)
            case .limit(let count): result = result.limit(to: count)
            case .limitToLast(let count): result = result.limit(toLast: count)
            case .startAt(let cursor): result = result.start(at: try values(cursor))
            case .startAfter(let cursor): result = result.start(after: try values(cursor))
            case .endAt(let cursor): result = result.end(at: try values(cursor))
            case .endBefore(let cursor): result = result.end(before: try values(cursor))
            }
        }
        return result
    }

    private static func filter(_ query: Query, _ filter: SyncFilter) -> Query {
        let value = Self.value(filter.value)
        let list: [FirestoreValue]
        if case .array(let values) = filter.value { list = values.map(Self.value) } else { list = [] }
        switch filter.op {
        case .isEqualTo: return query.whereField(filter.field, isEqualTo: value)
        case .isNotEqualTo: return query.whereField(filter.field, isNotEqualTo: value)
        case .isLessThan: return query.whereField(filter.field, isLessThan: value)
        case .isLessThanOrEqualTo: return query.whereField(filter.field, isLessThanOrEqualTo: value)
        case .isGreaterThan: return query.whereField(filter.field, isGreaterThan: value)
        case .isGreaterThanOrEqualTo: return query.whereField(filter.field, isGreaterThanOrEqualTo: value)
        case .arrayContains: return query.whereField(filter.field, arrayContains: value)
        case .arrayContainsAny: return query.whereField(filter.field, arrayContainsAny: list)
        case .isIn: return query.whereField(filter.field, in: list)
        case .notIn: return query.whereField(filter.field, notIn: list)
        }
    }

    static func models<Model: DataSyncModelProtocol>(_ type: Model.Type, from snapshot: QuerySnapshot) throws -> [Model]
    {
        try snapshot.documents.compactMap { try model(Model.self, from: $0) }
    }

    /// The query's snapshots as change batches: the first holds every document, later ones the changes.
    static func changes<Model: DataSyncModelProtocol>(_ type: Model.Type, of query: Query)
        -> AsyncThrowingStream<SyncCollectionChanges<Model>, any Error>
    {
        let snapshots = query.snapshots
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var first = true
                    for try await snapshot in snapshots {
                        if first {
                            first = false
                            continuation.yield(
                                SyncCollectionChanges(updated: try models(Model.self, from: snapshot), isInitial: true))
                            continue
                        }
                        var batch = SyncCollectionChanges<Model>()
                        for change in snapshot.documentChanges {
                            switch change.type {
                            case .removed: batch.deleted.append(change.document.documentID)
                            default:
                                if let model = try model(Model.self, from: change.document) {
                                    batch.updated.append(model)
                                }
                            }
                        }
                        continuation.yield(batch)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The document's snapshots as models (nil while it does not exist).
    static func documents<Model: DataSyncModelProtocol>(_ type: Model.Type, of reference: DocumentReference)
        -> AsyncThrowingStream<Model?, any Error>
    {
        let snapshots = reference.snapshots
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await snapshot in snapshots { continuation.yield(try model(Model.self, from: snapshot)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
