// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// What one listener sees of its location: the location's node and, when the listener needs children (child
/// events, or a range or limit), the children in range in the query's order, in a persistent tree.
///
/// A change is applied from the keys it touched, never by comparing every child: a write below a location
/// with 100,000 children costs O(log n) tree operations per touched key. A limited view keeps its window as
/// positions in that tree (the first or last `limit`), so a child pushed out or pulled in is found at the
/// window's edge.
struct QueryView: Sendable {
    let spec: QuerySpec
    /// Whether children are tracked (``all`` is kept).
    let tracksChildren: Bool
    /// The location's node.
    private(set) var node: DatabaseNode
    /// The children in range, in query order (empty when not tracked).
    private(set) var all = OrderedTree<QueryEntry>()

    /// A view of `node` for `spec`.
    init(spec: QuerySpec, node: DatabaseNode, tracksChildren: Bool) {
        self.spec = spec
        self.tracksChildren = tracksChildren || spec.isFiltered
        self.node = node
        guard self.tracksChildren else { return }
        for child in node.children {
            let entry = spec.index.entry(key: child.key, node: child.node)
            if spec.inRange(entry) { all.insert(entry, priority: DatabaseNode.treapPriority(entry.key), by: compare) }
        }
    }

    private var compare: (QueryEntry, QueryEntry) -> Int { spec.index.compare }

    /// The positions of the window in `tree`.
    private func window(in tree: OrderedTree<QueryEntry>) -> Range<Int> {
        switch spec.limit {
        case nil: 0..<tree.count
        case .first(let limit)?: 0..<min(limit, tree.count)
        case .last(let limit)?: max(0, tree.count - limit)..<tree.count
        }
    }

    /// The children in the window, in order.
    var windowEntries: [QueryEntry] {
        let range = window(in: all)
        if range.count == all.count { return Array(all) }
        return range.map { all.element(at: $0) }
    }

    /// The node a value snapshot shows: the location, or only the children in the window for a filtered
    /// query.
    var snapshotNode: DatabaseNode {
        guard spec.isFiltered else { return node }
        var result = DatabaseNode.null
        for entry in windowEntries {
            result = result.setting(child: entry.node, forKey: entry.key)
        }
        return result
    }

    /// The events of the first load: one `childAdded` per child in the window, in order.
    var initialEvents: [ViewEvent] {
        var previous: String?
        return windowEntries.map { entry in
            defer { previous = entry.key }
            return ViewEvent(type: .childAdded, key: entry.key, node: entry.node, previousKey: previous)
        }
    }

    /// Moves the view to `newNode`, of which `changed` children may differ; returns the child events (in the
    /// order removed, added, moved, changed; each in query order) and whether the value changed.
    mutating func apply(_ newNode: DatabaseNode, changed: ChangedKeys) -> (events: [ViewEvent], valueChanged: Bool) {
        let oldNode = node
        node = newNode
        guard tracksChildren else {
            switch changed {
            case .all: return ([], oldNode != newNode)
            case .keys(let keys): return ([], keys.contains { oldNode.child($0) != newNode.child($0) })
            }
        }
        let keys: [String]
        switch changed {
        case .all: keys = Self.differingKeys(oldNode, newNode)
        case .keys(let candidates): keys = candidates.filter { oldNode.child($0) != newNode.child($0) }
        }
        guard !keys.isEmpty else { return ([], false) }

        let oldAll = all
        var candidates: [String: (old: QueryEntry?, new: QueryEntry?)] = [:]
        for key in keys {
            let oldChild = oldNode.child(key)
            let newChild = newNode.child(key)
            let oldEntry = oldChild.isNull ? nil : spec.index.entry(key: key, node: oldChild)
            let newEntry = newChild.isNull ? nil : spec.index.entry(key: key, node: newChild)
            if let oldEntry, spec.inRange(oldEntry) { all.remove(oldEntry, by: compare) }
            if let newEntry, spec.inRange(newEntry) {
                all.insert(newEntry, priority: DatabaseNode.treapPriority(key), by: compare)
            }
            candidates[key] = (oldEntry, newEntry)
        }
        if let limit = spec.limit {
            // Each touched key moves the window's edge by at most one place: look that far around it.
            let reach = keys.count + 1
            for tree in [oldAll, all] {
                let edge =
                    if case .first = limit { min(limit.count, tree.count) } else { max(0, tree.count - limit.count) }
                for position in max(0, edge - reach)..<min(tree.count, edge + reach) {
                    let entry = tree.element(at: position)
                    if candidates[entry.key] == nil { candidates[entry.key] = (entry, entry) }
                }
            }
        }

        let oldWindow = window(in: oldAll)
        let newWindow = window(in: all)
        var removed: [(Int, ViewEvent)] = []
        var added: [(Int, ViewEvent)] = []
        var moved: [(Int, ViewEvent)] = []
        var changedEvents: [(Int, ViewEvent)] = []
        let touched = Set(keys)
        for (key, pair) in candidates {
            let oldPosition = pair.old.flatMap { oldAll.index(of: $0, by: compare) }.flatMap {
                oldWindow.contains($0) ? $0 : nil
            }
            let newPosition = pair.new.flatMap { all.index(of: $0, by: compare) }.flatMap {
                newWindow.contains($0) ? $0 : nil
            }
            switch (oldPosition, newPosition) {
            case (let position?, nil):
                removed.append(
                    (position, ViewEvent(type: .childRemoved, key: key, node: pair.old!.node, previousKey: nil)))
            case (nil, let position?):
                added.append((position, event(.childAdded, pair.new!, at: position, in: newWindow)))
            case (_?, let position?):
                guard touched.contains(key) else { break }
                if spec.index != .key, pair.old!.sort != pair.new!.sort {
                    moved.append((position, event(.childMoved, pair.new!, at: position, in: newWindow)))
                }
                changedEvents.append((position, event(.childChanged, pair.new!, at: position, in: newWindow)))
            case (nil, nil):
                break
            }
        }
        let events = [removed, added, moved, changedEvents].flatMap { group in
            group.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return (events, !events.isEmpty)
    }

    private func event(_ type: DataEventType, _ entry: QueryEntry, at position: Int, in window: Range<Int>) -> ViewEvent
    {
        let previous = position - 1 >= window.lowerBound ? all.element(at: position - 1).key : nil
        return ViewEvent(type: type, key: entry.key, node: entry.node, previousKey: previous)
    }

    /// The keys whose children differ between `old` and `new`, by one walk over both in key order.
    private static func differingKeys(_ old: DatabaseNode, _ new: DatabaseNode) -> [String] {
        let a = old.children
        let b = new.children
        var (i, j) = (0, 0)
        var keys: [String] = []
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && DatabaseKeyOrder.compare(a[i].key, b[j].key) < 0) {
                keys.append(a[i].key)
                i += 1
            } else if i == a.count || DatabaseKeyOrder.compare(a[i].key, b[j].key) > 0 {
                keys.append(b[j].key)
                j += 1
            } else {
                if a[i].node != b[j].node { keys.append(a[i].key) }
                i += 1
                j += 1
            }
        }
        return keys
    }
}
