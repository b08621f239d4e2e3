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

    /// `query` on `base`.
    /// - Throws: `SyncError.invalidArgument` for a filter value nesting deeper than Firestore keeps (measured before
    ///   anything converts it).
    static func query(_ base: Query, _ query: SyncQuery) throws(SyncError) -> Query {
        try SyncFieldDepth.check(query, maximumDepth: SyncFieldDepth.firestoreLimit)
        var result = base
        for filter in query.filters {
            let value = Self.value(filter.value)
            switch filter.op {
            case .isEqualTo: result = result.whereField(filter.field, isEqualTo: value)
            case .isNotEqualTo: result = result.whereField(filter.field, isNotEqualTo: value)
            case .isLessThan: result = result.whereField(filter.field, isLessThan: value)
            case .isLessThanOrEqualTo: result = result.whereField(filter.field, isLessThanOrEqualTo: value)
            case .isGreaterThan: result = result.whereField(filter.field, isGreaterThan: value)
            case .isGreaterThanOrEqualTo: result = result.whereField(filter.field, isGreaterThanOrEqualTo: value)
            case .arrayContains: result = result.whereField(filter.field, arrayContains: value)
            case .isIn:
                guard case .array(let values) = filter.value else { continue }
                result = result.whereField(filter.field, in: values.map(Self.value))
            }
        }
        for order in query.orderings { result = result.order(by: order.field, descending: order.descending) }
        if let limit = query.limit { result = result.limit(to: limit) }
        return result
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
