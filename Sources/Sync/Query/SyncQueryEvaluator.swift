// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Runs a ``SyncQuery`` over documents held in memory (the mocks' backend, and anything else without a query
/// engine of its own). Comparisons follow Firestore's: a missing field never matches, integers and doubles
/// compare as numbers, other types only with their own type.
public enum SyncQueryEvaluator {
    /// The documents (as fields) matching `query`, ordered and limited.
    public static func run(_ query: SyncQuery, over documents: [[String: SyncValue]]) -> [[String: SyncValue]] {
        var result = documents.filter { matches(query, $0) }
        if !query.orderings.isEmpty {
            result = result.filter { doc in query.orderings.allSatisfy { value(of: $0.field, in: doc) != nil } }
            result.sort { lhs, rhs in
                for order in query.orderings {
                    let left = value(of: order.field, in: lhs)!
                    let right = value(of: order.field, in: rhs)!
                    if left == right { continue }
                    let less = isLess(left, right)
                    return order.descending ? !less : less
                }
                return false
            }
        }
        if let limit = query.limit { result = Array(result.prefix(max(0, limit))) }
        return result
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
            return candidates.contains(field)
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
