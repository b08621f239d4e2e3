// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How a ``SyncFilter`` compares a field with its value.
public enum SyncFilterOperator: String, Sendable, Hashable, Codable {
    /// `==`
    case isEqualTo
    /// `!=`
    case isNotEqualTo
    /// `<`
    case isLessThan
    /// `<=`
    case isLessThanOrEqualTo
    /// `>`
    case isGreaterThan
    /// `>=`
    case isGreaterThanOrEqualTo
    /// The field is an array holding the value.
    case arrayContains
    /// The field equals one of the values (the filter's value is an array).
    case isIn
    /// The field is an array holding at least one of the values (the filter's value is an array).
    case arrayContainsAny
    /// The field exists and equals none of the values (the filter's value is an array; one holding null matches
    /// nothing, as in Firestore).
    case notIn
}
