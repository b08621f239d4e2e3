// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A query over a collection or collection group: filters, orderings, a limit and cursors (Firebase's
/// `Query`). Queries are immutable; each method returns a new one.
///
/// ```swift
/// let top = db.collection("scores")
///     .whereField("level", isGreaterThanOrEqualTo: 3)
///     .order(by: "points", descending: true)
///     .limit(to: 10)
/// let snapshot = try await top.getDocuments()
/// ```
///
/// **Invalid queries** (an empty `in` list, two `!=` filters, `!=` with `not-in`, `not-in` with `in` or
/// `array-contains-any`, a limit of 0, `limit(toLast:)` without `order(by:)`, too many cursor values…) do not
/// trap as in Firebase: the query records the first problem, and ``getDocuments()``, ``count`` and the
/// listeners report it as ``RPCStatusCode/invalidArgument``.
///
/// **Ordering.** Results are ordered by the explicit `order(by:)` clauses, then by every field with an
/// inequality filter that is not ordered yet (in field-path order), then by document ID (always last; IDs
/// `__id<n>__` first, by number); the implicit orderings take the direction of the last explicit one. An
/// ordering after the document ID is rejected as the backend does. Documents missing an ordered field are excluded. Values of
/// different types order as null < booleans < numbers < timestamps < strings < bytes < references <
/// geopoints < arrays < maps.
public class Query: @unchecked Sendable, Hashable {
    /// The database client this query belongs to.
    public let firestore: Firestore
    /// What the query says.
    let queryDescription: QueryDescription

    init(firestore: Firestore, description: QueryDescription) {
        self.firestore = firestore
        queryDescription = description
    }

    /// A copy changed by `change`, or carrying its error (the first error is kept).
    private func with(_ change: (inout QueryDescription) throws(FirestoreError) -> Void) -> Query {
        var description = queryDescription
        if description.error == nil {
            do {
                try change(&description)
            } catch {
                description.error = error
            }
        }
        return Query(firestore: firestore, description: description)
    }

    // MARK: - Filters

    /// Adds a filter (a field filter or an AND / OR combination).
    public func whereFilter(_ filter: Filter) -> Query {
        with { query throws(FirestoreError) in
            guard let node = try parse(filter, for: query) else { return }
            var operators = query.filters.flatMap(\.fieldFilters).map(\.op)
            for fieldFilter in node.fieldFilters {
                for conflict in fieldFilter.op.conflicting where operators.contains(conflict) {
                    if conflict == fieldFilter.op {
                        throw FirestoreError(
                            .invalidArgument,
                            "Invalid Query. You cannot use more than one '\(conflict.rawValue)' filter.")
                    }
                    throw FirestoreError(
                        .invalidArgument,
                        "Invalid Query. You cannot use '\(fieldFilter.op.rawValue)' "
                            + "filters with '\(conflict.rawValue)' filters.")
                }
                operators.append(fieldFilter.op)
            }
            query.filters.append(node)
        }
    }

    /// Documents whose `field` equals `value` (integers and doubles compare by value).
    public func whereField(_ field: String, isEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isEqualTo: value))
    }
    /// Documents whose `field` equals `value` (integers and doubles compare by value).
    public func whereField(_ field: FieldPath, isEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isEqualTo: value))
    }
    /// Documents whose `field` exists, is not null and differs from `value`.
    public func whereField(_ field: String, isNotEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isNotEqualTo: value))
    }
    /// Documents whose `field` exists, is not null and differs from `value`.
    public func whereField(_ field: FieldPath, isNotEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isNotEqualTo: value))
    }
    /// Documents whose `field` is less than `value` (same type group).
    public func whereField(_ field: String, isLessThan value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isLessThan: value))
    }
    /// Documents whose `field` is less than `value` (same type group).
    public func whereField(_ field: FieldPath, isLessThan value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isLessThan: value))
    }
    /// Documents whose `field` is at most `value` (same type group).
    public func whereField(_ field: String, isLessThanOrEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isLessThanOrEqualTo: value))
    }
    /// Documents whose `field` is at most `value` (same type group).
    public func whereField(_ field: FieldPath, isLessThanOrEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isLessThanOrEqualTo: value))
    }
    /// Documents whose `field` is greater than `value` (same type group).
    public func whereField(_ field: String, isGreaterThan value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isGreaterThan: value))
    }
    /// Documents whose `field` is greater than `value` (same type group).
    public func whereField(_ field: FieldPath, isGreaterThan value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isGreaterThan: value))
    }
    /// Documents whose `field` is at least `value` (same type group).
    public func whereField(_ field: String, isGreaterThanOrEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isGreaterThanOrEqualTo: value))
    }
    /// Documents whose `field` is at least `value` (same type group).
    public func whereField(_ field: FieldPath, isGreaterThanOrEqualTo value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, isGreaterThanOrEqualTo: value))
    }
    /// Documents whose array `field` contains `value` (strict equality).
    public func whereField(_ field: String, arrayContains value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, arrayContains: value))
    }
    /// Documents whose array `field` contains `value` (strict equality).
    public func whereField(_ field: FieldPath, arrayContains value: FirestoreValue) -> Query {
        whereFilter(.whereField(field, arrayContains: value))
    }
    /// Documents whose array `field` contains one of `values` (non-empty, at most 30).
    public func whereField(_ field: String, arrayContainsAny values: [FirestoreValue]) -> Query {
        whereFilter(.whereField(field, arrayContainsAny: values))
    }
    /// Documents whose array `field` contains one of `values` (non-empty, at most 30).
    public func whereField(_ field: FieldPath, arrayContainsAny values: [FirestoreValue]) -> Query {
        whereFilter(.whereField(field, arrayContainsAny: values))
    }
    /// Documents whose `field` equals one of `values` (strict equality; non-empty, at most 30).
    public func whereField(_ field: String, in values: [FirestoreValue]) -> Query {
        whereFilter(.whereField(field, in: values))
    }
    /// Documents whose `field` equals one of `values` (strict equality; non-empty, at most 30).
    public func whereField(_ field: FieldPath, in values: [FirestoreValue]) -> Query {
        whereFilter(.whereField(field, in: values))
    }
    /// Documents whose `field` exists, is not null and equals none of `values` (non-empty, at most 30).
    public func whereField(_ field: String, notIn values: [FirestoreValue]) -> Query {
        whereFilter(.whereField(field, notIn: values))
    }
    /// Documents whose `field` exists, is not null and equals none of `values` (non-empty, at most 30).
    public func whereField(_ field: FieldPath, notIn values: [FirestoreValue]) -> Query {
        whereFilter(.whereField(field, notIn: values))
    }

    // MARK: - Order, limit

    /// Orders by `field` (a dot-separated path), ascending unless `descending`.
    public func order(by field: String, descending: Bool = false) -> Query {
        order(by: FieldPath(dotSeparated: field), descending: descending)
    }

    /// Orders by `field`, ascending unless `descending`; ``FieldPath/documentID()`` orders by ID.
    public func order(by field: FieldPath, descending: Bool = false) -> Query {
        with { query throws(FirestoreError) in
            if let error = field.validationError { throw error }
            if query.start != nil {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. You must not specify a starting point "
                        + "before specifying the order by.")
            }
            if query.end != nil {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. You must not specify an ending point "
                        + "before specifying the order by.")
            }
            query.explicitOrders.append(OrderBy(field: field, descending: descending))
        }
    }

    /// At most the first `limit` documents (`limit` > 0).
    public func limit(to limit: Int) -> Query {
        with { query throws(FirestoreError) in
            guard limit > 0 else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid Query. Query limit (\(limit)) is invalid. "
                        + "Limit must be positive.")
            }
            query.limit = limit
            query.limitToLast = false
        }
    }

    /// At most the last `limit` documents (`limit` > 0), in query order; needs an `order(by:)`.
    public func limit(toLast limit: Int) -> Query {
        with { query throws(FirestoreError) in
            guard limit > 0 else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid Query. Query limit (\(limit)) is invalid. "
                        + "Limit must be positive.")
            }
            query.limit = limit
            query.limitToLast = true
        }
    }

    // MARK: - Cursors

    /// Starts at the position given by values of the ordered fields (inclusive).
    public func start(at values: [FirestoreValue]) -> Query {
        with { query throws(FirestoreError) in
            query.start = Bound(values: try cursorValues(values, method: "start(at:)", query: query), inclusive: true)
        }
    }

    /// Starts after the position given by values of the ordered fields.
    public func start(after values: [FirestoreValue]) -> Query {
        with { query throws(FirestoreError) in
            query.start = Bound(
                values: try cursorValues(values, method: "start(after:)", query: query), inclusive: false)
        }
    }

    /// Ends at the position given by values of the ordered fields (inclusive).
    public func end(at values: [FirestoreValue]) -> Query {
        with { query throws(FirestoreError) in
            query.end = Bound(values: try cursorValues(values, method: "end(at:)", query: query), inclusive: true)
        }
    }

    /// Ends before the position given by values of the ordered fields.
    public func end(before values: [FirestoreValue]) -> Query {
        with { query throws(FirestoreError) in
            query.end = Bound(values: try cursorValues(values, method: "end(before:)", query: query), inclusive: false)
        }
    }

    /// Starts at `document` (inclusive), by its values of every ordered field and its ID.
    public func start(atDocument document: DocumentSnapshot) -> Query {
        with { query throws(FirestoreError) in
            query.start = Bound(values: try cursorValues(document, query: query), inclusive: true)
        }
    }

    /// Starts after `document`.
    public func start(afterDocument document: DocumentSnapshot) -> Query {
        with { query throws(FirestoreError) in
            query.start = Bound(values: try cursorValues(document, query: query), inclusive: false)
        }
    }

    /// Ends at `document` (inclusive).
    public func end(atDocument document: DocumentSnapshot) -> Query {
        with { query throws(FirestoreError) in
            query.end = Bound(values: try cursorValues(document, query: query), inclusive: true)
        }
    }

    /// Ends before `document`.
    public func end(beforeDocument document: DocumentSnapshot) -> Query {
        with { query throws(FirestoreError) in
            query.end = Bound(values: try cursorValues(document, query: query), inclusive: false)
        }
    }

    // MARK: - Reads

    /// The matching documents, as this client sees them (the backend's, with this client's pending writes;
    /// offline, the local cache's): ``getDocuments(source:)`` with `.default`.
    @discardableResult
    public func getDocuments() async throws -> QuerySnapshot {
        try await getDocuments(source: .default)
    }

    /// The matching documents read from `source` (Firebase's `getDocuments(source:)`), with this client's
    /// pending writes: the backend's (remembered in the local cache) for `.server`, and for `.default` while
    /// online; for `.cache`, and `.default` offline, those the local cache holds (possibly none).
    ///
    /// - Throws: ``RPCStatusCode/unavailable`` for `.server` while the network is disabled.
    @discardableResult
    public func getDocuments(source: FirestoreSource) async throws -> QuerySnapshot {
        let matcher = try self.matcher()
        let (entries, isFromCache) = try await firestore.engine.getDocuments(matcher, source: source)
        return QuerySnapshot(
            query: self, entries: entries,
            hasPendingWrites: entries.contains {
                $0.document.hasPendingWrites
            }, isFromCache: isFromCache)
    }

    /// The number of matching documents, computed by the backend (``AggregateQuery``); the same as
    /// `aggregate([.count()])`.
    public var count: AggregateQuery {
        AggregateQuery(query: self, aggregations: [.count()])
    }

    /// Several aggregations of the matching documents at once (at most five), computed by the backend:
    /// `aggregate([.count(), .sum("pages"), .average("rating")])`.
    public func aggregate(_ aggregateFields: [AggregateField]) -> AggregateQuery {
        AggregateQuery(query: self, aggregations: aggregateFields)
    }

    // MARK: - Equality

    /// Whether two queries are the same query of the same ``Firestore`` instance (as the SDK's `isEqual:`):
    /// same collection or group, filters, orderings (explicit and implicit), limit and cursors. A
    /// ``CollectionReference`` equals the unfiltered query of its collection.
    public static func == (lhs: Query, rhs: Query) -> Bool {
        lhs === rhs || (lhs.firestore === rhs.firestore && lhs.queryDescription.isSame(as: rhs.queryDescription))
    }

    /// Hashes the instance and the query's shape (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(firestore))
        queryDescription.hashShape(into: &hasher)
    }

    // MARK: - Internals

    /// The query ready to run, or its error. `forAggregation`: for an aggregation (which accepts
    /// `limit(toLast:)` without `order(by:)`).
    func matcher(forAggregation: Bool = false) throws(FirestoreError) -> QueryMatcher {
        if let error = queryDescription.usageError(forAggregation: forAggregation) { throw error }
        return QueryMatcher(query: queryDescription, database: firestore.databaseID.key)
    }

    /// Converts a filter for this query.
    private func parse(_ filter: Filter, for query: QueryDescription) throws(FirestoreError) -> FilterNode? {
        switch filter.kind {
        case .field(let field, let op, let value):
            if let error = field.validationError { throw error }
            if field.isDocumentID, op == .arrayContains || op == .arrayContainsAny {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. You can't perform '\(op.rawValue)' queries on "
                        + "FieldPath.documentID().")
            }
            let stored: Value
            if op.takesArray {
                guard case .array(let elements) = value, !elements.isEmpty else {
                    throw FirestoreError(
                        .invalidArgument,
                        "Invalid Query. A non-empty array is required for "
                            + "'\(op.rawValue)' filters.")
                }
                guard elements.count <= 30 else {
                    throw FirestoreError(
                        .invalidArgument,
                        "Invalid Query. '\(op.rawValue)' filters support a "
                            + "maximum of 30 elements in the value array.")
                }
                var converted: [Value] = []
                for element in elements {
                    converted.append(try filterValue(element, field: field, query: query))
                }
                stored = .array(converted)
            } else {
                stored = try filterValue(value, field: field, query: query)
            }
            return .field(FieldFilter(field: field, op: op, value: stored))
        case .composite(let isAnd, let filters):
            var nodes: [FilterNode] = []
            for child in filters {
                if let node = try parse(child, for: query) { nodes.append(node) }
            }
            if nodes.count <= 1 { return nodes.first }
            return isAnd ? .and(nodes) : .or(nodes)
        }
    }

    /// A filter or cursor value; document IDs become references.
    private func filterValue(
        _ value: FirestoreValue, field: FieldPath,
        query: QueryDescription
    ) throws(FirestoreError) -> Value {
        field.isDocumentID ? try documentIDValue(value, query: query) : try firestore.parser.parseArgument(value)
    }

    /// A document ID (a plain ID for a collection, a full path for a collection group) or a reference.
    private func documentIDValue(_ value: FirestoreValue, query: QueryDescription) throws(FirestoreError) -> Value {
        switch value {
        case .string(let id):
            guard !id.isEmpty else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. When querying with FieldPath.documentID() "
                        + "you must provide a valid document ID, but it was an empty string.")
            }
            switch query.target {
            case .collection(let collection):
                guard !id.contains("/") else {
                    throw FirestoreError(
                        .invalidArgument,
                        "Invalid query. When querying a collection by "
                            + "FieldPath.documentID() you must provide a plain document ID, but '\(id)' "
                            + "contains a '/' character.")
                }
                return .reference(database: firestore.databaseID.key, path: collection.appending(id))
            case .collectionGroup:
                guard let path = try? ResourcePath.parse(id).get(), path.isDocument else {
                    throw FirestoreError(
                        .invalidArgument,
                        "Invalid query. When querying a collection group by "
                            + "FieldPath.documentID(), the value provided must result in a valid "
                            + "document path, but '\(id)' is not.")
                }
                return .reference(database: firestore.databaseID.key, path: path)
            }
        case .reference:
            return try firestore.parser.parseArgument(value)
        default:
            throw FirestoreError(
                .invalidArgument,
                "Invalid query. When querying with FieldPath.documentID() you "
                    + "must provide a valid String or DocumentReference, but it was \(value).")
        }
    }

    /// Cursor values, one per ordering (a prefix).
    private func cursorValues(
        _ values: [FirestoreValue], method: String,
        query: QueryDescription
    ) throws(FirestoreError) -> [Value] {
        let orders = query.normalizedOrders
        guard values.count <= orders.count else {
            throw FirestoreError(
                .invalidArgument,
                "Too many arguments provided to \(method). The number of "
                    + "arguments must be less than or equal to the number of order(by:) clauses.")
        }
        var converted: [Value] = []
        for (value, order) in zip(values, orders) {
            converted.append(try filterValue(value, field: order.field, query: query))
        }
        return converted
    }

    /// A document's values for every ordering.
    private func cursorValues(_ snapshot: DocumentSnapshot, query: QueryDescription) throws(FirestoreError) -> [Value] {
        guard let document = snapshot.document else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid query. You are trying to start or end a query using a "
                    + "document that doesn't exist.")
        }
        var values: [Value] = []
        for order in query.normalizedOrders {
            guard let value = document.value(at: order.field, database: firestore.databaseID.key) else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. You are trying to start or end a query "
                        + "using a document for which the field '\(order.field)' (used as the order by) "
                        + "does not exist.")
            }
            if case .serverTimestamp = value {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid query. You are trying to start or end a query "
                        + "using a document for which the field '\(order.field)' is an uncommitted "
                        + "server timestamp. (Since the value of this field is unknown, you cannot "
                        + "start/end a query with it.)")
            }
            values.append(value)
        }
        return values
    }
}
