// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Aggregations over a query's results, computed by the backend (Firebase's `AggregateQuery`):
/// `try await query.count.getAggregation(source: .server).count`, or several at once with
/// ``Query/aggregate(_:)``.
///
/// Two aggregate queries are equal (and hash alike) when their queries are equal and they compute the same
/// aggregations in the same order.
public final class AggregateQuery: Sendable, Hashable {
    /// The query aggregated.
    public let query: Query
    /// The aggregations computed.
    let aggregations: [AggregateField]

    /// The most aggregations one query may compute (the Standard edition backend's limit).
    static let maxAggregations = 5

    init(query: Query, aggregations: [AggregateField]) {
        self.query = query
        self.aggregations = aggregations
    }

    /// Computes the aggregations over the matching documents (limit included) on the backend. A
    /// `limit(toLast:)` query needs no `order(by:)` here (the SDK counts it too).
    ///
    /// - Throws: ``RPCStatusCode/invalidArgument`` for an invalid query, no aggregation, more than five,
    ///   or a malformed field path; the backend's errors (such as `permissionDenied`).
    @discardableResult
    public func getAggregation(source: AggregateSource) async throws -> AggregateQuerySnapshot {
        if let error = validationError { throw error }
        let matcher = try query.matcher(forAggregation: true)
        let read = try await query.firestore.engine.readFromBackend(BackendTarget(.query(matcher.query.target)))
        var accumulators = aggregations.map(AggregateAccumulator.init)
        var count = 0
        for entry in matcher.run(over: read.value.lazy.map(\.document)) {
            count += 1
            for index in accumulators.indices {
                accumulators[index].add(entry.document, database: matcher.database)
            }
        }
        var values: [AggregateField: FirestoreValue] = [:]
        for accumulator in accumulators { values[accumulator.field] = accumulator.result }
        return AggregateQuerySnapshot(query: self, count: count, values: values)
    }

    /// Why the backend would refuse these aggregations, or nil.
    private var validationError: FirestoreError? {
        if aggregations.isEmpty {
            return FirestoreError(.invalidArgument, "Aggregations can not be empty.")
        }
        if Set(aggregations).count > AggregateQuery.maxAggregations {
            return FirestoreError(
                .invalidArgument,
                "The query contains more than the maximum number of "
                    + "aggregations (\(AggregateQuery.maxAggregations)).")
        }
        for field in aggregations {
            if let error = field.field?.validationError { return error }
        }
        return nil
    }

    /// Same query, same aggregations.
    public static func == (lhs: AggregateQuery, rhs: AggregateQuery) -> Bool {
        lhs.query == rhs.query && lhs.aggregations == rhs.aggregations
    }

    /// Hashes the query and the aggregations.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(query)
        hasher.combine(aggregations)
    }
}
