// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The comparison a field filter makes.
enum FilterOperator: String, Sendable, Hashable {
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case equal = "=="
    case notEqual = "!="
    case greaterThan = ">"
    case greaterThanOrEqual = ">="
    case arrayContains = "array_contains"
    case arrayContainsAny = "array_contains_any"
    case `in` = "in"
    case notIn = "not_in"

    /// `<`, `<=`, `>`, `>=`, `!=` and `not-in`: they imply an ordering on their field.
    var isInequality: Bool {
        switch self {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn: return true
        default: return false
        }
    }

    /// Whether the value must be a non-empty array of candidates.
    var takesArray: Bool {
        self == .in || self == .notIn || self == .arrayContainsAny
    }

    /// Operators that may not appear in the same query (Firebase's `conflictingOps`).
    var conflicting: [FilterOperator] {
        switch self {
        case .notEqual: return [.notEqual, .notIn]
        case .arrayContainsAny, .in: return [.notIn]
        case .notIn: return [.arrayContainsAny, .in, .notIn, .notEqual]
        default: return []
        }
    }
}
