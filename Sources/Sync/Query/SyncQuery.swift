// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The seed's `QueryBuilder`: filters, orderings, limits and cursors, built by chaining and handed to a remote
/// service (which turns it into a Firestore query, or evaluates it on the client for the Realtime Database and the
/// mocks).
///
/// A query is its ordered list of operations (``getOperations()``): two queries adding the same filter and ordering
/// in another order are different queries (`==`, `hash`), as the seed's builder compares them. `Hashable`:
/// `startListening(buildQuery:)` with an equal query is a no-op.
///
/// ```swift
/// try await engine.getDocumentsAsync { query in
///     query.where("category", isEqualTo: "electronics").order(by: "price").start(after: [9.99]).limit(to: 20)
/// }
/// ```
///
/// Invalid queries (a limit below 1, `limit(toLast:)` without `order(by:)`, more cursor values than orderings, an
/// ordering after a cursor, an empty `in` list…) do not trap: the services throw `SyncError.invalidArgument` naming
/// the problem when they run them.
public struct SyncQuery: Sendable, Hashable, Codable {
    /// The operations, in the order they were added.
    public private(set) var operations: [SyncQueryOperation] = []

    /// The whole collection.
    public init() {}

    /// The operations, in the order they were added (the seed's `getOperations()`).
    public func getOperations() -> [SyncQueryOperation] { operations }

    /// The filters, all of which must match.
    public var filters: [SyncFilter] {
        operations.compactMap { if case .filter(let filter) = $0 { filter } else { nil } }
    }

    /// The orderings, most significant first.
    public var orderings: [SyncOrder] {
        operations.compactMap { if case .order(let order) = $0 { order } else { nil } }
    }

    /// The most documents returned from the start, if the last limit is `limit(to:)`.
    public var limit: Int? {
        for operation in operations.reversed() {
            if case .limit(let count) = operation { return count }
            if case .limitToLast = operation { return nil }
        }
        return nil
    }

    /// The most documents returned from the end, if the last limit is `limit(toLast:)`.
    public var limitToLast: Int? {
        for operation in operations.reversed() {
            if case .limitToLast(let count) = operation { return count }
            if case .limit = operation { return nil }
        }
        return nil
    }

    /// The start position (the last `start` call wins) and whether it is inclusive.
    public var startBound: (cursor: SyncCursor, inclusive: Bool)? {
        for operation in operations.reversed() {
            if case .startAt(let cursor) = operation { return (cursor, true) }
            if case .startAfter(let cursor) = operation { return (cursor, false) }
        }
        return nil
    }

    /// The end position (the last `end` call wins) and whether it is inclusive.
    public var endBound: (cursor: SyncCursor, inclusive: Bool)? {
        for operation in operations.reversed() {
            if case .endAt(let cursor) = operation { return (cursor, true) }
            if case .endBefore(let cursor) = operation { return (cursor, false) }
        }
        return nil
    }

    /// Whether the results depend on other documents (a limit or a cursor), not only on each document's own fields.
    public var isWindowed: Bool { limit != nil || limitToLast != nil || startBound != nil || endBound != nil }

    /// How many filters the query has (the analytics parameter `filter_count`).
    public var filterCount: Int { filters.count }

    /// Adds `operation`.
    public func adding(_ operation: SyncQueryOperation) -> SyncQuery {
        var copy = self
        copy.operations.append(operation)
        return copy
    }

    /// Adds a filter.
    public func filter(_ filter: SyncFilter) -> SyncQuery { adding(.filter(filter)) }

    /// `field == value`.
    public func `where`(_ field: String, isEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isEqualTo, value: value))
    }

    /// `field != value`.
    public func `where`(_ field: String, isNotEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isNotEqualTo, value: value))
    }

    /// `field < value`.
    public func `where`(_ field: String, isLessThan value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isLessThan, value: value))
    }

    /// `field <= value`.
    public func `where`(_ field: String, isLessThanOrEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isLessThanOrEqualTo, value: value))
    }

    /// `field > value`.
    public func `where`(_ field: String, isGreaterThan value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isGreaterThan, value: value))
    }

    /// `field >= value`.
    public func `where`(_ field: String, isGreaterThanOrEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isGreaterThanOrEqualTo, value: value))
    }

    /// The array `field` contains `value`.
    public func `where`(_ field: String, arrayContains value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .arrayContains, value: value))
    }

    /// The array `field` contains at least one of `values`.
    public func `where`(_ field: String, arrayContainsAny values: [SyncValue]) -> SyncQuery {
        filter(SyncFilter(field: field, op: .arrayContainsAny, value: .array(values)))
    }

    /// `field` equals one of `values`.
    public func `where`(_ field: String, in values: [SyncValue]) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isIn, value: .array(values)))
    }

    /// `field` exists and equals none of `values`.
    public func `where`(_ field: String, notIn values: [SyncValue]) -> SyncQuery {
        filter(SyncFilter(field: field, op: .notIn, value: .array(values)))
    }

    /// Orders by `field`.
    public func order(by field: String, descending: Bool = false) -> SyncQuery {
        adding(.order(SyncOrder(field: field, descending: descending)))
    }

    /// At most the first `count` documents (`count` > 0); replaces an earlier limit.
    public func limit(to count: Int) -> SyncQuery { adding(.limit(count)) }

    /// At most the last `count` documents (`count` > 0), still in query order; needs an `order(by:)`. Replaces
    /// an earlier limit.
    public func limit(toLast count: Int) -> SyncQuery { adding(.limitToLast(count)) }

    // MARK: Cursors with values

    /// Starts at the position given by values of the ordered fields (inclusive).
    public func start(at values: [SyncValue]) -> SyncQuery { adding(.startAt(.values(values))) }

    /// Starts after the position given by values of the ordered fields.
    public func start(after values: [SyncValue]) -> SyncQuery { adding(.startAfter(.values(values))) }

    /// Ends at the position given by values of the ordered fields (inclusive).
    public func end(at values: [SyncValue]) -> SyncQuery { adding(.endAt(.values(values))) }

    /// Ends before the position given by values of the ordered fields.
    public func end(before values: [SyncValue]) -> SyncQuery { adding(.endBefore(.values(values))) }

    // MARK: Cursors with documents

    /// Starts at `document` (inclusive): its values of every ordered field, then its ID.
    public func start<Model: DataSyncModelProtocol>(atDocument document: Model) -> SyncQuery {
        adding(.startAt(Self.cursor(document)))
    }

    /// Starts after `document`.
    public func start<Model: DataSyncModelProtocol>(afterDocument document: Model) -> SyncQuery {
        adding(.startAfter(Self.cursor(document)))
    }

    /// Ends at `document` (inclusive).
    public func end<Model: DataSyncModelProtocol>(atDocument document: Model) -> SyncQuery {
        adding(.endAt(Self.cursor(document)))
    }

    /// Ends before `document`.
    public func end<Model: DataSyncModelProtocol>(beforeDocument document: Model) -> SyncQuery {
        adding(.endBefore(Self.cursor(document)))
    }

    private static func cursor<Model: DataSyncModelProtocol>(_ document: Model) -> SyncCursor {
        .document(id: document.id, fields: try? SyncModelCoding.fields(of: document))
    }
}
