// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The values a ``DatabaseClientCache`` holds, by location, each with the sequence number of the record that brought
/// it: a tree of path keys, so that caching a location's value, which replaces what was cached at and below it,
/// costs the location's depth plus what it replaces, however many other locations are cached (a listener on a
/// location with many children records each changed child as a location of its own).
///
/// A value type: each level is a dictionary, so a copy shares the tree until one side changes a path in it, and
/// then copies only the levels along that path.
struct DatabaseCacheEntries {
    /// One cached value.
    struct Entry {
        /// Where the value is.
        var path: DatabasePath
        /// The server's value there.
        var node: DatabaseNode
        /// The sequence number of the record that brought it: a later value is newer.
        var sequence: Int
    }

    /// The value cached at this level's location, if any.
    private var value: (node: DatabaseNode, sequence: Int)?
    /// The levels below, by key.
    private var children: [String: DatabaseCacheEntries] = [:]

    /// No entries.
    init() {}

    /// Caches `node` at `path`, replacing what was cached at and below it.
    mutating func store(_ node: DatabaseNode, sequence: Int, at path: DatabasePath) {
        store(node, sequence: sequence, below: path.keys[...])
    }

    private mutating func store(_ node: DatabaseNode, sequence: Int, below keys: ArraySlice<String>) {
        guard let key = keys.first else {
            self = DatabaseCacheEntries()
            value = (node, sequence)
            return
        }
        children[key, default: DatabaseCacheEntries()].store(node, sequence: sequence, below: keys.dropFirst())
    }

    /// Removes the entries at and below `path` and returns them.
    mutating func removeAll(at path: DatabasePath) -> [Entry] {
        removeAll(below: path.keys[...], base: path)
    }

    private mutating func removeAll(below keys: ArraySlice<String>, base: DatabasePath) -> [Entry] {
        guard let key = keys.first else {
            let removed = entries(at: base)
            self = DatabaseCacheEntries()
            return removed
        }
        guard children[key] != nil else { return [] }
        let removed = children[key]!.removeAll(below: keys.dropFirst(), base: base)
        if children[key]!.isEmpty { children[key] = nil }
        return removed
    }

    /// Whether nothing is cached here or below.
    var isEmpty: Bool { value == nil && children.isEmpty }

    /// Every entry, oldest first.
    var byAge: [Entry] {
        entries(at: .root).sorted { $0.sequence < $1.sequence }
    }

    /// The sequence number after the newest entry's (0 when there are none).
    var nextSequence: Int {
        (entries(at: .root).map(\.sequence).max() ?? -1) + 1
    }

    /// The entries at and below this level, whose location is `path`, in no particular order.
    private func entries(at path: DatabasePath) -> [Entry] {
        var result: [Entry] = []
        collect(at: path, into: &result)
        return result
    }

    private func collect(at path: DatabasePath, into result: inout [Entry]) {
        if let value { result.append(Entry(path: path, node: value.node, sequence: value.sequence)) }
        for (key, child) in children { child.collect(at: path.appending(key), into: &result) }
    }
}
