// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The result of an ``AggregateQuery``.
public struct AggregateQuerySnapshot: Sendable {
    /// The aggregation.
    public let query: AggregateQuery
    /// The number of matching documents. Always available: where the SDK throws when `count()` was not
    /// requested, Flint counts anyway.
    public let count: Int
    /// Each requested aggregation's result.
    private let values: [AggregateField: FirestoreValue]

    init(query: AggregateQuery, count: Int, values: [AggregateField: FirestoreValue]) {
        self.query = query
        self.count = count
        self.values = values
    }

    /// The result of `field`, typed as the SDK returns it: ``AggregateField/count()`` an integer;
    /// `sum` an integer, or a double once a double was summed or the total
    /// overflows 64 bits; `average` a double, or `.null` without numeric
    /// values. Nil when the query did not request `field` (the SDK throws "'sum(foo)' was not requested in
    /// the aggregation query.").
    public func get(_ field: AggregateField) -> FirestoreValue? {
        values[field]
    }
}
