// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A filter to combine with AND / OR and pass to ``Query/whereFilter(_:)`` (Firebase's `Filter`).
///
/// ```swift
/// let query = cities.whereFilter(.orFilter([
///     .whereField("capital", isEqualTo: true),
///     .andFilter([.whereField("population", isGreaterThan: 1_000_000), .whereField("country", isEqualTo: "JP")]),
/// ]))
/// ```
public struct Filter: Sendable {
    /// The filter, before its values are converted for a database.
    indirect enum Kind: Sendable {
        case field(FieldPath, FilterOperator, FirestoreValue)
        case composite(isAnd: Bool, [Filter])
    }

    let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    private static func field(_ path: FieldPath, _ op: FilterOperator, _ value: FirestoreValue) -> Filter {
        Filter(.field(path, op, value))
    }

    /// Documents matching every filter.
    public static func andFilter(_ filters: [Filter]) -> Filter { Filter(.composite(isAnd: true, filters)) }
    /// Documents matching at least one filter.
    public static func orFilter(_ filters: [Filter]) -> Filter { Filter(.composite(isAnd: false, filters)) }

    /// `field == value` (integers and doubles compare by value).
    public static func whereField(_ field: String, isEqualTo value: FirestoreValue) -> Filter {
        whereField(FieldPath(dotSeparated: field), isEqualTo: value)
    }
    /// `field == value` (integers and doubles compare by value).
    public static func whereField(_ field: FieldPath, isEqualTo value: FirestoreValue) -> Filter {
        Filter.field(field, .equal, value)
    }
    /// `field != value`: the field exists, is not null, and differs.
    public static func whereField(_ field: String, isNotEqualTo value: FirestoreValue) -> Filter {
        whereField(FieldPath(dotSeparated: field), isNotEqualTo: value)
    }
    /// `field != value`: the field exists, is not null, and differs.
    public static func whereField(_ field: FieldPath, isNotEqualTo value: FirestoreValue) -> Filter {
        Filter.field(field, .notEqual, value)
    }
    /// `field < value`, within the value's type group.
    public static func whereField(_ field: String, isLessThan value: FirestoreValue) -> Filter {
        whereField(FieldPath(dotSeparated: field), isLessThan: value)
    }
    /// `field < value`, within the value's type group.
    public static func whereField(_ field: FieldPath, isLessThan value: FirestoreValue) -> Filter {
        Filter.field(field, .lessThan, value)
    }
    /// `field <= value`, within the value's type group.
    public static func whereField(_ field: String, isLessThanOrEqualTo value: FirestoreValue) -> Filter {
        whereField(FieldPath(dotSeparated: field), isLessThanOrEqualTo: value)
    }
    /// `field <= value`, within the value's type group.
    public static func whereField(_ field: FieldPath, isLessThanOrEqualTo value: FirestoreValue) -> Filter {
        Filter.field(field, .lessThanOrEqual, value)
    }
    /// `field > value`, within the value's type group.
    public static func whereField(_ field: String, isGreaterThan value: FirestoreValue) -> Filter {
        whereField(FieldPath(dotSeparated: field), isGreaterThan: value)
    }
    /// `field > value`, within the value's type group.
    public static func whereField(_ field: FieldPath, isGreaterThan value: FirestoreValue) -> Filter {
        Filter.field(field, .greaterThan, value)
    }
    /// `field >= value`, within the value's type group.
    public static func whereField(_ field: String, isGreaterThanOrEqualTo value: FirestoreValue) -> Filter {
        whereField(FieldPath(dotSeparated: field), isGreaterThanOrEqualTo: value)
    }
    /// `field >= value`, within the value's type group.
    public static func whereField(_ field: FieldPath, isGreaterThanOrEqualTo value: FirestoreValue) -> Filter {
        Filter.field(field, .greaterThanOrEqual, value)
    }
    /// The field is an array containing `value` (strict equality).
    public static func whereField(_ field: String, arrayContains value: FirestoreValue) -> Filter {
        whereField(FieldPath(dotSeparated: field), arrayContains: value)
    }
    /// The field is an array containing `value` (strict equality).
    public static func whereField(_ field: FieldPath, arrayContains value: FirestoreValue) -> Filter {
        Filter.field(field, .arrayContains, value)
    }
    /// The field is an array containing at least one of `values` (a non-empty list, at most 30).
    public static func whereField(_ field: String, arrayContainsAny values: [FirestoreValue]) -> Filter {
        whereField(FieldPath(dotSeparated: field), arrayContainsAny: values)
    }
    /// The field is an array containing at least one of `values` (a non-empty list, at most 30).
    public static func whereField(_ field: FieldPath, arrayContainsAny values: [FirestoreValue]) -> Filter {
        Filter.field(field, .arrayContainsAny, .array(values))
    }
    /// The field equals one of `values` (strict equality; a non-empty list, at most 30).
    public static func whereField(_ field: String, in values: [FirestoreValue]) -> Filter {
        whereField(FieldPath(dotSeparated: field), in: values)
    }
    /// The field equals one of `values` (strict equality; a non-empty list, at most 30).
    public static func whereField(_ field: FieldPath, in values: [FirestoreValue]) -> Filter {
        Filter.field(field, .in, .array(values))
    }
    /// The field exists, is not null and equals none of `values` (a list holding null matches nothing).
    public static func whereField(_ field: String, notIn values: [FirestoreValue]) -> Filter {
        whereField(FieldPath(dotSeparated: field), notIn: values)
    }
    /// The field exists, is not null and equals none of `values` (a list holding null matches nothing).
    public static func whereField(_ field: FieldPath, notIn values: [FirestoreValue]) -> Filter {
        Filter.field(field, .notIn, .array(values))
    }
}
