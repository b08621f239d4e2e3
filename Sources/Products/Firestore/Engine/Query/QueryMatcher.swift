// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A query ready to evaluate documents: which ones match, their sort keys and their order.
///
/// A class: views, snapshots and closures share one matcher instead of copying the query's arrays.
final class QueryMatcher: Sendable {
    let query: QueryDescription
    let orders: [OrderBy]
    /// The database key, for document ID values.
    let database: String
    private let descending: [Bool]

    init(query: QueryDescription, database: String) {
        self.query = query
        self.database = database
        orders = query.normalizedOrders
        descending = orders.map(\.descending)
    }

    /// The document's value for each ordering, or nil when it lacks an ordered field.
    func sortKey(of document: Document) -> [Value]? {
        var key: [Value] = []
        key.reserveCapacity(orders.count)
        for order in orders {
            guard let value = document.value(at: order.field, database: database) else { return nil }
            key.append(value)
        }
        return key
    }

    /// The entry for `document` if it matches the query (target, filters, ordered fields present,
    /// cursors), else nil. The limit is not applied here.
    func entry(for document: Document) -> ViewEntry? {
        guard query.target.contains(document.path) else { return nil }
        for filter in query.filters where !filter.matches(document, database: database) {
            return nil
        }
        guard let key = sortKey(of: document) else { return nil }
        if let start = query.start, !start.admitsAsStart(key, orders: orders) { return nil }
        if let end = query.end, !end.admitsAsEnd(key, orders: orders) { return nil }
        return ViewEntry(document: document, sortKey: key)
    }

    /// The query's order.
    func compare(_ lhs: ViewEntry, _ rhs: ViewEntry) -> Int {
        let left = lhs.sortKey
        let right = rhs.sortKey
        for index in 0..<left.count {
            let result = Value.compare(left[index], right[index])
            if result != 0 { return descending[index] ? -result : result }
        }
        return 0
    }

    /// The matching documents of `documents`, in order, limited. A small limit keeps only the best
    /// candidates while scanning (O(n log k)) instead of sorting every match.
    func run(over documents: some Sequence<Document>) -> [ViewEntry] {
        if let limit = query.limit, limit <= 256 {
            var kept: [ViewEntry] = []
            kept.reserveCapacity(limit + 1)
            for document in documents {
                guard let entry = entry(for: document) else { continue }
                if kept.count == limit {
                    if query.limitToLast {
                        guard compare(entry, kept[0]) > 0 else { continue }
                        kept.removeFirst()
                    } else {
                        guard compare(entry, kept[kept.count - 1]) < 0 else { continue }
                        kept.removeLast()
                    }
                }
                kept.insert(entry, at: insertionIndex(of: entry, in: kept))
            }
            return kept
        }
        var entries = documents.compactMap(entry(for:))
        entries.sort { compare($0, $1) < 0 }
        if let limit = query.limit, entries.count > limit {
            entries = query.limitToLast ? Array(entries.suffix(limit)) : Array(entries.prefix(limit))
        }
        return entries
    }

    /// Where `entry` goes in the sorted `entries` (binary search).
    private func insertionIndex(of entry: ViewEntry, in entries: [ViewEntry]) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if compare(entries[middle], entry) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
