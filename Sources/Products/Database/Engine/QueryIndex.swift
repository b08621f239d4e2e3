// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The order of a query's children: by priority (the default), key, value or a child's value.
enum QueryIndex: Sendable, Hashable {
    case priority
    case key
    case value
    case child(DatabasePath)

    /// What `node` (the child named `key`) sorts by; unused for ``key``.
    func sortValue(of node: DatabaseNode) -> SortValue {
        switch self {
        case .priority: SortValue(priorityOf: node)
        case .key: .null
        case .value: SortValue(node)
        case .child(let path): SortValue(node.node(at: path.keys))
        }
    }

    /// Compares two children in this order, ties broken by key.
    func compare(_ a: QueryEntry, _ b: QueryEntry) -> Int {
        if case .key = self { return DatabaseKeyOrder.compare(a.key, b.key) }
        let bySort = SortValue.compare(a.sort, b.sort)
        return bySort != 0 ? bySort : DatabaseKeyOrder.compare(a.key, b.key)
    }

    /// The entry for the child `key` holding `node`.
    func entry(key: String, node: DatabaseNode) -> QueryEntry {
        QueryEntry(key: key, node: node, sort: sortValue(of: node))
    }
}

/// One child of a query's location: its key, node and sort value.
struct QueryEntry: Sendable {
    let key: String
    let node: DatabaseNode
    let sort: SortValue
}
