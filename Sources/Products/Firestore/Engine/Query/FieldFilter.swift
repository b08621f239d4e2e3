// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A filter on one field: `field op value`.
struct FieldFilter: Sendable, Equatable {
    let field: FieldPath
    let op: FilterOperator
    let value: Value

    /// Whether `document` passes, as the backend evaluates it. A missing field never matches; ranges and
    /// `==` compare within one type group (integers and doubles together); `in`, `not-in`, `array-contains`
    /// and `array-contains-any` use strict equality; `!=` and `not-in` never match null.
    ///
    /// NaN and null are not values ranges or memberships can find: a range (`<`, `<=`, `>`, `>=`) never
    /// matches NaN on either side (`sort <= 2` skips a NaN `sort`), and a null or NaN inside `in`,
    /// `array-contains` or `array-contains-any` matches nothing (FIRQueryTests' `testQueriesCanUseInFilters`,
    /// `testQueriesCanUseArrayContainsFilters`, `testQueriesCanUseArrayContainsAnyFilters`,
    /// FIRCompositeIndexQueryTests' `testMultipleInequalityOnSpecialValues`). Only `==` finds them
    /// (the SDK sends `== null` and `== NaN` as IS_NULL and IS_NAN).
    func matches(_ document: Document, database: String) -> Bool {
        guard let actual = document.value(at: field, database: database) else { return false }
        switch op {
        case .equal:
            return actual.typeOrder == value.typeOrder && Value.compare(actual, value) == 0
        case .notEqual:
            if case .null = actual { return false }
            return !(actual.typeOrder == value.typeOrder && Value.compare(actual, value) == 0)
        case .lessThan:
            return inRange(actual) && Value.compare(actual, value) < 0
        case .lessThanOrEqual:
            return inRange(actual) && Value.compare(actual, value) <= 0
        case .greaterThan:
            return inRange(actual) && Value.compare(actual, value) > 0
        case .greaterThanOrEqual:
            return inRange(actual) && Value.compare(actual, value) >= 0
        case .arrayContains:
            guard case .array(let elements) = actual, !value.isNullOrNaN else { return false }
            return elements.contains(value)
        case .arrayContainsAny:
            guard case .array(let elements) = actual, case .array(let candidates) = value else { return false }
            return elements.contains { !$0.isNullOrNaN && candidates.contains($0) }
        case .in:
            guard case .array(let candidates) = value, !actual.isNullOrNaN else { return false }
            return candidates.contains(actual)
        case .notIn:
            guard case .array(let candidates) = value else { return false }
            if case .null = actual { return false }
            if candidates.contains(.null) { return false }
            return !candidates.contains(actual)
        }
    }

    /// Whether a range filter can compare `actual` with the filter's value: same type group, neither NaN.
    @inline(__always)
    private func inRange(_ actual: Value) -> Bool {
        actual.typeOrder == value.typeOrder && !actual.isNaN && !value.isNaN
    }
}
