/// A filter on one field: `field op value`.
struct FieldFilter: Sendable {
    let field: FieldPath
    let op: FilterOperator
    let value: Value

    /// Whether `document` passes. A missing field never matches; ranges and `==` compare within one type
    /// group (integers and doubles together); `in`, `not-in`, `array-contains` and `array-contains-any`
    /// use strict equality; `!=` and `not-in` never match null.
    func matches(_ document: Document, database: String) -> Bool {
        guard let actual = document.value(at: field, database: database) else { return false }
        switch op {
        case .equal:
            return actual.typeOrder == value.typeOrder && Value.compare(actual, value) == 0
        case .notEqual:
            if case .null = actual { return false }
            return !(actual.typeOrder == value.typeOrder && Value.compare(actual, value) == 0)
        case .lessThan:
            return actual.typeOrder == value.typeOrder && Value.compare(actual, value) < 0
        case .lessThanOrEqual:
            return actual.typeOrder == value.typeOrder && Value.compare(actual, value) <= 0
        case .greaterThan:
            return actual.typeOrder == value.typeOrder && Value.compare(actual, value) > 0
        case .greaterThanOrEqual:
            return actual.typeOrder == value.typeOrder && Value.compare(actual, value) >= 0
        case .arrayContains:
            guard case .array(let elements) = actual else { return false }
            return elements.contains(value)
        case .arrayContainsAny:
            guard case .array(let elements) = actual, case .array(let candidates) = value else { return false }
            return elements.contains { candidates.contains($0) }
        case .in:
            guard case .array(let candidates) = value else { return false }
            return candidates.contains(actual)
        case .notIn:
            guard case .array(let candidates) = value else { return false }
            if case .null = actual { return false }
            if candidates.contains(.null) { return false }
            return !candidates.contains(actual)
        }
    }
}
