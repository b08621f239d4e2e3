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
    /// (by field path), then the document ID; the implicit ones in the direction of the last explicit
    /// ordering (ascending without one).
    var normalizedOrders: [OrderBy] {
        var orders = explicitOrders
        let descending = explicitOrders.last?.descending ?? false
        var inequalityFields: [FieldPath] = []
        for filter in filters.flatMap(\.fieldFilters) where filter.op.isInequality {
            if !inequalityFields.contains(filter.field) { inequalityFields.append(filter.field) }
        }
        inequalityFields.sort { FieldPath.compare($0, $1) < 0 }
        for field in inequalityFields where !orders.contains(where: { $0.field == field }) {
            orders.append(OrderBy(field: field, descending: descending))
        }
        if !orders.contains(where: { $0.field.isDocumentID }) {
            orders.append(OrderBy(field: .documentID(), descending: descending))
        }
        return orders
    }

    /// The problem that makes the query unusable, including those only known once it is complete.
    var usageError: FirestoreError? {
        if let error { return error }
        if limitToLast && explicitOrders.isEmpty {
            return FirestoreError(.invalidArgument, "limit(toLast:) queries require specifying at least one "
                                  + "order(by:) clause.")
        }
        return nil
    }
}
