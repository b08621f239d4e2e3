// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One aggregation of an ``AggregateQuery`` (Firebase's `AggregateField`): the number of documents, or the
/// sum or average of a numeric field over them.
///
/// ```swift
/// let stats = try await db.collection("books").aggregate([.count(), .sum("pages"), .average("rating")])
///     .getAggregation(source: .server)
/// stats.get(.sum("pages"))        // .integer(150)
/// stats.get(.average("rating"))   // .double(4.5), or .null when no document has a numeric rating
/// ```
///
/// Two fields are equal when they aggregate the same way over the same path (`.sum("a")` equals
/// `.sum(FieldPath(["a"]))`).
public struct AggregateField: Sendable, Hashable, CustomStringConvertible {
    /// What is computed.
    enum Kind: Sendable, Hashable {
        case count
        case sum(FieldPath)
        case average(FieldPath)
    }

    let kind: Kind

    /// The number of matching documents.
    public static func count() -> AggregateField {
        AggregateField(kind: .count)
    }

    /// The sum of `field` (a dot-separated path) over the matching documents whose value there is a number.
    public static func sum(_ field: String) -> AggregateField {
        sum(FieldPath(dotSeparated: field))
    }

    /// The sum of `fieldPath` over the matching documents whose value there is a number: an integer when
    /// every summed value is an integer and the total fits in 64 bits, else a double; `0` when none is.
    public static func sum(_ fieldPath: FieldPath) -> AggregateField {
        AggregateField(kind: .sum(fieldPath))
    }

    /// The average of `field` (a dot-separated path) over the matching documents whose value there is a number.
    public static func average(_ field: String) -> AggregateField {
        average(FieldPath(dotSeparated: field))
    }

    /// The average of `fieldPath` over the matching documents whose value there is a number: always a
    /// double, or null when no value is a number.
    public static func average(_ fieldPath: FieldPath) -> AggregateField {
        AggregateField(kind: .average(fieldPath))
    }

    /// The aggregated field, or nil for ``count()``.
    var field: FieldPath? {
        switch kind {
        case .count: return nil
        case .sum(let field), .average(let field): return field
        }
    }

    /// `count()`, `sum(pages)`, `avg(pages)`: how the SDK names aggregations in its messages.
    public var description: String {
        switch kind {
        case .count: return "count()"
        case .sum(let field): return "sum(\(field))"
        case .average(let field): return "avg(\(field))"
        }
    }
}
