/// A count over a query's results, computed by the backend (Firebase's `AggregateQuery`):
/// `try await query.count.getAggregation(source: .server).count`.
public final class AggregateQuery: Sendable {
    /// The query counted.
    public let query: Query

    init(query: Query) {
        self.query = query
    }

    /// Counts the matching documents (limit included) on the backend.
    @discardableResult
    public func getAggregation(source: AggregateSource) async throws -> AggregateQuerySnapshot {
        let matcher = try query.matcher()
        let read = try await query.firestore.engine.readFromBackend(BackendTarget(.query(matcher.query.target)))
        let count = matcher.run(over: read.value.lazy.map(\.document)).count
        return AggregateQuerySnapshot(query: self, count: count)
    }
}
