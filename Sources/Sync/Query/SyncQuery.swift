// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The seed's `QueryBuilder`: filters, orderings and a limit, built by chaining and handed to a remote service
/// (which turns it into a Firestore or Realtime Database query). `Hashable`: `startListening(buildQuery:)` with an
/// equal query is a no-op.
///
/// ```swift
/// try await engine.getDocumentsAsync { query in
///     query.where("category", isEqualTo: "electronics").where("price", isLessThan: 1000).order(by: "price")
/// }
/// ```
public struct SyncQuery: Sendable, Hashable, Codable {
    /// The filters, all of which must match.
    public private(set) var filters: [SyncFilter] = []
    /// The orderings, most significant first.
    public private(set) var orderings: [SyncOrder] = []
    /// The most documents returned, if limited.
    public private(set) var limit: Int?

    /// The whole collection.
    public init() {}

    /// How many filters the query has (the analytics parameter `filter_count`).
    public var filterCount: Int { filters.count }

    /// Adds a filter.
    public func filter(_ filter: SyncFilter) -> SyncQuery {
        var copy = self
        copy.filters.append(filter)
        return copy
    }

    /// `field == value`.
    public func `where`(_ field: String, isEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isEqualTo, value: value))
    }

    /// `field != value`.
    public func `where`(_ field: String, isNotEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isNotEqualTo, value: value))
    }

    /// `field < value`.
    public func `where`(_ field: String, isLessThan value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isLessThan, value: value))
    }

    /// `field <= value`.
    public func `where`(_ field: String, isLessThanOrEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isLessThanOrEqualTo, value: value))
    }

    /// `field > value`.
    public func `where`(_ field: String, isGreaterThan value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isGreaterThan, value: value))
    }

    /// `field >= value`.
    public func `where`(_ field: String, isGreaterThanOrEqualTo value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isGreaterThanOrEqualTo, value: value))
    }

    /// The array `field` contains `value`.
    public func `where`(_ field: String, arrayContains value: SyncValue) -> SyncQuery {
        filter(SyncFilter(field: field, op: .arrayContains, value: value))
    }

    /// `field` equals one of `values`.
    public func `where`(_ field: String, in values: [SyncValue]) -> SyncQuery {
        filter(SyncFilter(field: field, op: .isIn, value: .array(values)))
    }

    /// Orders by `field`.
    public func order(by field: String, descending: Bool = false) -> SyncQuery {
        var copy = self
        copy.orderings.append(SyncOrder(field: field, descending: descending))
        return copy
    }

    /// At most `count` documents.
    public func limit(to count: Int) -> SyncQuery {
        var copy = self
        copy.limit = count
        return copy
    }
}
