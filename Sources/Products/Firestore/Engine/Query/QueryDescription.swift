// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Everything a query says: target, filters, orderings, limit and cursors, plus the first validation
/// problem found while it was built (reported when the query is used).
struct QueryDescription: Sendable {
    var target: QueryTarget
    var filters: [FilterNode] = []
    var explicitOrders: [OrderBy] = []
    var limit: Int?
    var limitToLast = false
    var start: Bound?
    var end: Bound?
    /// The first problem found while building the query.
    var error: FirestoreError?

    init(target: QueryTarget) {
        self.target = target
    }

    /// The orderings queries actually use: the explicit ones, then every inequality field not yet ordered
    /// (in field-path order), then the document ID, always last even when it has an inequality filter
    /// itself; the implicit ones in the direction of the last explicit ordering (ascending without one).
    /// As the SDK's `Query::normalized_order_bys` (FIRCompositeIndexQueryTests'
    /// `testMultipleInequalityFieldsWithDocumentKey`).
    var normalizedOrders: [OrderBy] {
        var orders = explicitOrders
        let descending = explicitOrders.last?.descending ?? false
        var inequalityFields: [FieldPath] = []
        for filter in filters.flatMap(\.fieldFilters) where filter.op.isInequality {
            if !inequalityFields.contains(filter.field) { inequalityFields.append(filter.field) }
        }
        inequalityFields.sort { FieldPath.compare($0, $1) < 0 }
        for field in inequalityFields where !field.isDocumentID && !orders.contains(where: { $0.field == field }) {
            orders.append(OrderBy(field: field, descending: descending))
        }
        if !orders.contains(where: { $0.field.isDocumentID }) {
            orders.append(OrderBy(field: .documentID(), descending: descending))
        }
        return orders
    }

    /// Whether two queries are the same query, as the SDK's `Query ==` compares them: same target, filters
    /// (values by strict equality), normalized orderings, limit and its kind, and cursors. An invalid query
    /// also compares its error.
    func isSame(as other: QueryDescription) -> Bool {
        target == other.target && filters == other.filters && limit == other.limit
            && limitToLast == other.limitToLast && start == other.start && end == other.end
            && error?.code == other.error?.code && error?.message == other.error?.message
            && normalizedOrders == other.normalizedOrders
    }

    /// Hashes what ``isSame(as:)`` compares, except the values (their strict equality has no hash).
    func hashShape(into hasher: inout Hasher) {
        hasher.combine(target)
        hasher.combine(normalizedOrders)
        hasher.combine(limit)
        hasher.combine(limitToLast)
        for filter in filters.flatMap(\.fieldFilters) {
            hasher.combine(filter.field)
            hasher.combine(filter.op)
        }
    }

    /// The problem that makes the query unusable, including those only known once it is complete.
    /// `forAggregation`: for an aggregation, where `limit(toLast:)` needs no `order(by:)` (the SDK counts
    /// such a query; FIRCountTests' `testCanRunCountWithFiltersAndLimits`).
    func usageError(forAggregation: Bool = false) -> FirestoreError? {
        if let error { return error }
        if limitToLast && explicitOrders.isEmpty && !forAggregation {
            return FirestoreError(
                .invalidArgument,
                "limit(toLast:) queries require specifying at least one "
                    + "order(by:) clause.")
        }
        return backendRejection
    }

    /// What the backend rejects though the SDK sends it (FIRCompositeIndexQueryTests'
    /// `testMultipleInequalityRejectsIfDocumentKeyIsNotTheLastOrderByField` and
    /// `testMultipleInequalityRejectsIfDocumentKeyAppearsOnlyInEqualityFilter`): an ordering after the
    /// document ID (explicit, or an inequality field ordered implicitly after an explicit
    /// `order(by: FieldPath.documentID())`), and an `==` filter on the document ID in a query with
    /// inequalities on other fields when the document ID is neither ordered nor filtered by an inequality.
    private var backendRejection: FirestoreError? {
        let fieldFilters = filters.flatMap(\.fieldFilters)
        if explicitOrders.contains(where: \.field.isDocumentID) {
            let orders = normalizedOrders
            if let index = orders.firstIndex(where: \.field.isDocumentID), index != orders.count - 1 {
                return FirestoreError(
                    .invalidArgument,
                    "Invalid query. The document ID (FieldPath.documentID()) "
                        + "must be the last ordering, but it is followed by '\(orders[index + 1].field)'.")
            }
            return nil
        }
        guard fieldFilters.contains(where: { $0.field.isDocumentID && $0.op == .equal }),
            !fieldFilters.contains(where: { $0.field.isDocumentID && $0.op.isInequality }),
            let inequality = fieldFilters.first(where: { !$0.field.isDocumentID && $0.op.isInequality })
        else {
            return nil
        }
        return FirestoreError(
            .invalidArgument,
            "Invalid query. A query with an inequality filter on "
                + "'\(inequality.field)' cannot also filter the document ID (FieldPath.documentID()) "
                + "by equality alone; order by it or use an inequality on it.")
    }
}
