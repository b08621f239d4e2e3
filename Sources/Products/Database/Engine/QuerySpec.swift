// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``DatabaseQuery`` selects: a location, an order, optional bounds and a limit, or the error that
/// made it invalid.
struct QuerySpec: Sendable, Equatable {
    /// One end of a range: a value (a key under key order) and an optional key to break ties.
    struct Bound: Sendable, Equatable {
        var value: SortValue
        var key: String?
        /// `queryStarting(afterValue:)`/`queryEnding(beforeValue:)`: the bound itself is left out.
        var exclusive: Bool
    }

    /// A limit: the first or last `count` children in order.
    enum Limit: Sendable, Equatable {
        case first(Int)
        case last(Int)

        var count: Int {
            switch self {
            case .first(let count), .last(let count): count
            }
        }
    }

    var path: DatabasePath
    var index: QueryIndex = .priority
    var hasOrder = false
    var start: Bound?
    var end: Bound?
    var isEqualTo = false
    var limit: Limit?
    /// Why the reference or query is invalid; every operation reports it.
    var error: DatabaseError?

    init(path: DatabasePath, error: DatabaseError? = nil) {
        self.path = path
        self.error = error
    }

    /// Whether the query selects a subset of the children (a range or a limit).
    var isFiltered: Bool { start != nil || end != nil || limit != nil }

    /// Whether this is a plain location: every child, in the default order.
    var isDefault: Bool { !isFiltered && index == .priority }

    /// Whether `entry` lies within the range.
    func inRange(_ entry: QueryEntry) -> Bool {
        if let start {
            let comparison = compare(entry, start)
            if start.exclusive ? comparison <= 0 : comparison < 0 { return false }
        }
        if let end {
            let comparison = compare(entry, end)
            if end.exclusive ? comparison >= 0 : comparison > 0 { return false }
        }
        return true
    }

    /// `entry` against `bound`: 0 when the entry's value equals the bound's and the bound has no key (or the
    /// same key).
    private func compare(_ entry: QueryEntry, _ bound: Bound) -> Int {
        if case .key = index {
            guard case .string(let key) = bound.value else { return 1 }
            return DatabaseKeyOrder.compare(entry.key, key)
        }
        let byValue = SortValue.compare(entry.sort, bound.value)
        if byValue != 0 { return byValue }
        guard let key = bound.key else { return 0 }
        return DatabaseKeyOrder.compare(entry.key, key)
    }

    static func == (lhs: QuerySpec, rhs: QuerySpec) -> Bool {
        lhs.path == rhs.path && lhs.index == rhs.index && lhs.start == rhs.start && lhs.end == rhs.end
            && lhs.limit == rhs.limit && lhs.isEqualTo == rhs.isEqualTo
    }
}
