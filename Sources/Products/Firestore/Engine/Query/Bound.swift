// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A query cursor: positions (one per order-by, a prefix of them) and whether the position itself is
/// included (`start(at:)`, `end(at:)`) or excluded (`start(after:)`, `end(before:)`).
struct Bound: Sendable, Equatable {
    let values: [Value]
    let inclusive: Bool

    /// The cursor's position compared to `key` (a document's sort key), over the cursor's prefix.
    func compare(toSortKey key: [Value], orders: [OrderBy]) -> Int {
        for index in values.indices {
            var result = Value.compare(values[index], key[index])
            if orders[index].descending { result = -result }
            if result != 0 { return result }
        }
        return 0
    }

    /// As a start: whether a document with `key` is at or after the cursor.
    func admitsAsStart(_ key: [Value], orders: [OrderBy]) -> Bool {
        let result = compare(toSortKey: key, orders: orders)
        return inclusive ? result <= 0 : result < 0
    }

    /// As an end: whether a document with `key` is at or before the cursor.
    func admitsAsEnd(_ key: [Value], orders: [OrderBy]) -> Bool {
        let result = compare(toSortKey: key, orders: orders)
        return inclusive ? result >= 0 : result > 0
    }
}
