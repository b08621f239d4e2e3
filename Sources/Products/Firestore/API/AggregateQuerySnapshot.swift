/// The result of an ``AggregateQuery``.
public struct AggregateQuerySnapshot: Sendable {
    /// The aggregation.
    public let query: AggregateQuery
    /// The number of matching documents.
    public let count: Int
}
