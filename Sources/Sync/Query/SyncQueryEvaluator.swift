// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Runs a ``SyncQuery`` over documents held in memory (the mocks' backend, and anything else without a query
/// engine of its own). Comparisons follow Firestore's: a missing field never matches, integers and doubles
/// compare as numbers, other types only with their own type.
public enum SyncQueryEvaluator {
    /// The documents (as fields) matching `query`: filtered, ordered, cut at its cursors and limited. Without
    /// orderings, cursors or `limit(toLast:)` the documents keep their order; otherwise they are ordered as Firestore
    /// orders them (``orderings(of:)``), the document ID (the field `idField`) breaking ties. An invalid query
    /// (see ``validate(_:)``) gives no documents.
    public static func run(
        _ query: SyncQuery, over documents: [[String: SyncValue]], idField: String = "id"
    ) -> [[String: SyncValue]] {
        guard (try? validate(query)) != nil else { return [] }
        var result = documents.filter { matches(query, $0) }
        let sortsByPosition =
            !query.orderings.isEmpty || query.startBound != nil || query.endBound != nil || query.limitToLast != nil
        if sortsByPosition {
            let orders = orderings(of: query)
            result = result.filter { doc in orders.allSatisfy { value(of: $0.field, in: doc) != nil } }
            let positioned = result.map { (position: position($0, orders, idField: idField), fields: $0) }
            let directions = orders.map(\.descending) + [orders.last?.descending ?? false]
            result =
                positioned
                .filter { passes($0.position, query, orders: orders, directions: directions) }
                .sorted { compare($0.position, $1.position, directions) < 0 }
                .map(\.fields)
        }
        if let limit = query.limit { result = Array(result.prefix(max(0, limit))) }
        if let limit = query.limitToLast { result = Array(result.suffix(max(0, limit))) }
        return result
    }

    /// The orderings a query's results follow, as Firestore normalizes them: the explicit ones, then every field
    /// with an inequality filter that is not ordered yet (in field-path order), in the direction of the last explicit
    /// ordering (ascending without one). The document ID comes after them all, in the same direction.
    public static func orderings(of query: SyncQuery) -> [SyncOrder] {
        var orders = query.orderings
        let direction = orders.last?.descending ?? false
        let inequalities = Set(query.filters.filter(\.op.isInequality).map(\.field))
            .filter { field in !orders.contains { $0.field == field } }
            .sorted { $0.split(separator: ".").lexicographicallyPrecedes($1.split(separator: ".")) }
        orders += inequalities.map { SyncOrder(field: $0, descending: direction) }
        return orders
    }

    /// A document's position: its values of `orders`, then its ID.
    private static func position(_ document: [String: SyncValue], _ orders: [SyncOrder], idField: String)
        -> [SyncValue]
    {
        orders.map { value(of: $0.field, in: document) ?? .null } + [document[idField] ?? .null]
    }

    /// The position a cursor names: its values (a prefix of a position), or the document's position.
    package static func position(of cursor: SyncCursor, _ orders: [SyncOrder]) -> [SyncValue] {
        switch cursor {
        case .values(let values): return values
        case .document(let id, let fields):
            return orders.map { order in fields.flatMap { value(of: order.field, in: $0) } ?? .null } + [.string(id)]
        }
    }

    /// -1, 0 or 1: how `lhs` compares with `rhs` over their common prefix, each component in its direction.
    private static func compare(_ lhs: [SyncValue], _ rhs: [SyncValue], _ descending: [Bool]) -> Int {
        for (index, (left, right)) in zip(lhs, rhs).enumerated() where !equal(left, right) {
            let less = isLess(left, right)
            return (less != descending[index]) ? -1 : 1
        }
        return 0
    }

    private static func passes(
        _ position: [SyncValue], _ query: SyncQuery, orders: [SyncOrder], directions: [Bool]
    ) -> Bool {
        if let (cursor, inclusive) = query.startBound {
            let order = compare(position, self.position(of: cursor, orders), directions)
            if order < 0 || (order == 0 && !inclusive) { return false }
        }
        if let (cursor, inclusive) = query.endBound {
            let order = compare(position, self.position(of: cursor, orders), directions)
            if order > 0 || (order == 0 && !inclusive) { return false }
        }
        return true
    }

    /// Throws ``SyncError/invalidArgument(_:)`` naming the first thing wrong with `query`, as Firestore refuses
    /// it: a limit below 1, `limit(toLast:)` without an ordering, an ordering after a cursor, a cursor with more
    /// values than the query has orderings or a document lacking an ordered field, an `in` / `not-in` /
    /// `array-contains-any` filter without values or with more than 30.
    public static func validate(_ query: SyncQuery) throws(SyncError) {
        var sawCursor = false
        for operation in query.operations {
            switch operation {
            case .limit(let count), .limitToLast(let count):
                guard count > 0 else {
                    throw .invalidArgument("Invalid query. The limit (\(count)) must be positive.")
                }
            case .order(let order):
                guard !sawCursor else {
                    throw .invalidArgument(
                        "Invalid query. The ordering by \(order.field.prefix(100)) comes after a cursor; order the "
                            + "query before start(…) / end(…).")
                }
            case .startAt, .startAfter, .endAt, .endBefore:
                sawCursor = true
            case .filter(let filter):
                guard filter.op.takesList else { continue }
                guard case .array(let values) = filter.value, !values.isEmpty, values.count <= 30 else {
                    throw .invalidArgument(
                        "Invalid query. The '\(filter.op.rawValue)' filter on \(filter.field.prefix(100)) needs a "
                            + "list of 1 to 30 values.")
                }
            }
        }
        if query.limitToLast != nil && query.orderings.isEmpty {
            throw .invalidArgument("Invalid query. limit(toLast:) needs at least one order(by:).")
        }
        let orders = orderings(of: query)
        for bound in [query.startBound, query.endBound].compactMap({ $0?.cursor }) {
            switch bound {
            case .values(let values):
                guard values.count <= orders.count else {
                    throw .invalidArgument(
                        "Invalid query. The cursor has \(values.count) values but the query only \(orders.count) "
                            + "orderings.")
                }
            case .document(let id, let fields):
                guard let fields else {
                    throw .invalidArgument(
                        "Invalid query. The cursor document \(id.prefix(100)) could not be encoded.")
                }
                for order in orders where value(of: order.field, in: fields) == nil {
                    throw .invalidArgument(
                        "Invalid query. The cursor document \(id.prefix(100)) has no field "
                            + "\(order.field.prefix(100)), which the query is ordered by.")
                }
            }
        }
    }

    /// Whether `document` passes every filter of `query`.
    public static func matches(_ query: SyncQuery, _ document: [String: SyncValue]) -> Bool {
        query.filters.allSatisfy { matches($0, document) }
    }

    static func matches(_ filter: SyncFilter, _ document: [String: SyncValue]) -> Bool {
        guard let field = value(of: filter.field, in: document) else { return false }
        switch filter.op {
        case .isEqualTo: return equal(field, filter.value)
        case .isNotEqualTo: return field != .null && !equal(field, filter.value)
        case .isLessThan: return comparable(field, filter.value) && isLess(field, filter.value)
        case .isLessThanOrEqualTo:
            return comparable(field, filter.value) && (isLess(field, filter.value) || equal(field, filter.value))
        case .isGreaterThan: return comparable(field, filter.value) && isLess(filter.value, field)
        case .isGreaterThanOrEqualTo:
            return comparable(field, filter.value) && (isLess(filter.value, field) || equal(field, filter.value))
        case .arrayContains:
            guard case .array(let elements) = field else { return false }
            return elements.contains(filter.value)
        case .isIn:
            guard case .array(let candidates) = filter.value else { return false }
            return candidates.contains { equal(field, $0) }
        case .arrayContainsAny:
            guard case .array(let elements) = field, case .array(let candidates) = filter.value else { return false }
            return elements.contains { element in candidates.contains { equal(element, $0) } }
        case .notIn:
            guard case .array(let candidates) = filter.value, !candidates.contains(.null) else { return false }
            return !candidates.contains { equal(field, $0) }
        }
    }

    static func value(of path: String, in document: [String: SyncValue]) -> SyncValue? {
        SyncValue.map(document).value(at: path.split(separator: "."))
    }

    private static func number(_ value: SyncValue) -> Double? {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: return nil
        }
    }

    private static func typeRank(_ value: SyncValue) -> Int {
        switch value {
        case .null: return 0
        case .bool: return 1
        case .int, .double: return 2
        case .string: return 3
        case .array: return 4
        case .map: return 5
        }
    }

    private static func comparable(_ lhs: SyncValue, _ rhs: SyncValue) -> Bool {
        typeRank(lhs) == typeRank(rhs)
    }

    private static func equal(_ lhs: SyncValue, _ rhs: SyncValue) -> Bool {
        if let left = number(lhs), let right = number(rhs) { return left == right }
        return lhs == rhs
    }

    /// A total order: by type group, then by value within the group.
    static func isLess(_ lhs: SyncValue, _ rhs: SyncValue) -> Bool {
        let (leftRank, rightRank) = (typeRank(lhs), typeRank(rhs))
        if leftRank != rightRank { return leftRank < rightRank }
        switch (lhs, rhs) {
        case (.bool(let left), .bool(let right)): return !left && right
        case (.string(let left), .string(let right)):
            return Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
        case (.array(let left), .array(let right)):
            for (a, b) in zip(left, right) where !equal(a, b) { return isLess(a, b) }
            return left.count < right.count
        case (.map(let left), .map(let right)): return left.count < right.count
        default:
            if let left = number(lhs), let right = number(rhs) { return left < right }
            return false
        }
    }
}

extension SyncFilterOperator {
    /// Whether Firestore orders a query by the filtered field implicitly (`<`, `<=`, `>`, `>=`, `!=`, `not-in`).
    var isInequality: Bool {
        switch self {
        case .isLessThan, .isLessThanOrEqualTo, .isGreaterThan, .isGreaterThanOrEqualTo, .isNotEqualTo, .notIn: true
        case .isEqualTo, .arrayContains, .isIn, .arrayContainsAny: false
        }
    }

    /// Whether the filter's value is a list of values.
    var takesList: Bool { self == .isIn || self == .notIn || self == .arrayContainsAny }
}
