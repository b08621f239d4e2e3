// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One listener's view of a query (or of one document): its current documents in order, kept up to date
/// incrementally.
///
/// A change to a document costs O(log n): the document is matched against the query, and removed from /
/// inserted into the persistent ordered tree by binary search in the query's order; snapshots share the
/// tree. Only when a document leaves a full limited view (or moves past its end) must the view find the
/// next candidate: it then re-runs the query (`refill`).
struct QueryView {
    let id: Int
    let kind: ViewKind
    let slot: ListenerSlot
    let includeMetadataChanges: Bool
    /// Whether the view follows the backend (``ListenSource/default``); a ``ListenSource/cache`` view is served
    /// from the local cache only.
    let listensToRemote: Bool

    /// Whether the initial snapshot was computed (changes before that are ignored).
    private(set) var isLoaded = false
    /// The documents in the view, in order.
    private(set) var tree = OrderedTree<ViewEntry>()
    /// The same documents by path.
    private var members: [ResourcePath: ViewEntry] = [:]
    /// How many documents in the view have pending writes.
    private var pendingCount = 0
    /// The view reflects every backend commit up to this number: older batches are skipped.
    private(set) var baseSequence: Int64 = 0
    /// Whether the view is served from the local state only (offline; a cache view without a synced default
    /// view of its query).
    private(set) var isFromCache = false
    /// The metadata of the last snapshot delivered.
    private var lastHasPendingWrites = false
    private var lastFromCache = false

    init(id: Int, kind: ViewKind, slot: ListenerSlot, options: SnapshotListenOptions) {
        self.id = id
        self.kind = kind
        self.slot = slot
        includeMetadataChanges = options.includeMetadataChanges
        listensToRemote = options.source == .default
    }

    /// The number of documents in the view.
    var count: Int { tree.count }

    /// A treap priority for a document.
    private static func priority(of entry: ViewEntry) -> UInt64 {
        UInt64(bitPattern: Int64(entry.document.path.hashValue))
    }

    // MARK: Initial snapshot

    /// Fills the view with `entries` (already matched, ordered and limited) read at `sequence`, and
    /// returns the first snapshot: every document added, in order.
    mutating func load(entries: [ViewEntry], sequence: Int64, isFromCache: Bool) -> ViewSnapshot {
        let compare = kind.compare
        var changes: [ViewChange] = []
        changes.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            tree.insert(entry, priority: Self.priority(of: entry), by: compare)
            members[entry.document.path] = entry
            if entry.document.hasPendingWrites { pendingCount += 1 }
            changes.append(ViewChange(kind: .added, entry: entry, oldIndex: -1, newIndex: index))
        }
        baseSequence = sequence
        self.isFromCache = isFromCache
        isLoaded = true
        lastHasPendingWrites = pendingCount > 0
        lastFromCache = isFromCache
        return ViewSnapshot(
            entries: tree, changes: changes, hasPendingWrites: pendingCount > 0,
            isFromCache: isFromCache, includesMetadataChanges: includeMetadataChanges)
    }

    // MARK: Updates

    /// Applies new states of documents and returns the snapshot to deliver, if the listener should get
    /// one. Remote states from batches the view already reflects are skipped.
    ///
    /// - Parameter refill: re-runs the query (matched, ordered, limited, with local writes) and returns the
    ///   entries and the commit sequence number they reflect; called only when a limited view lost a
    ///   document and must find the next one.
    mutating func apply(
        _ updates: [DocumentUpdate],
        refill: () -> ([ViewEntry], Int64)
    ) -> ViewSnapshot? {
        guard isLoaded else { return nil }
        let compare = kind.compare
        let oldTree = tree
        let limit = kind.limit
        var changeSet = ChangeSet()
        // With a full limited view, a document moving past the edge (or leaving) needs a refill.
        let edge: ViewEntry? = limit.flatMap { limit in
            oldTree.count == limit.count ? (limit.last ? oldTree.first : oldTree.last) : nil
        }
        var needsRefill = false
        var working = limit == nil ? OrderedTree<ViewEntry>() : oldTree

        for update in updates {
            if let sequence = update.remoteSequence, sequence <= baseSequence { continue }  // already reflected
            let path = update.path
            let old = members[path]
            let new = update.document.flatMap(kind.entry(for:))
            switch (old, new) {
            case (nil, nil):
                continue
            case (nil, let new?):
                changeSet.add(.added, path: path, old: nil, new: new)
                members[path] = new
                if limit != nil { working.insert(new, priority: Self.priority(of: new), by: compare) }
            case (let old?, nil):
                changeSet.add(.removed, path: path, old: old, new: nil)
                members[path] = nil
                if limit != nil { working.remove(old, by: compare) }
                if edge != nil { needsRefill = true }
            case (let old?, let new?):
                let kind: ViewChange.Kind
                if old.document.fields != new.document.fields {
                    kind = .modified
                    if let edge, let limit {
                        let beyond = compare(new, edge)
                        if limit.last ? beyond < 0 : beyond > 0 { needsRefill = true }
                    }
                } else if old.document.hasPendingWrites != new.document.hasPendingWrites {
                    kind = .metadata
                } else {
                    continue
                }
                changeSet.add(kind, path: path, old: old, new: new)
                members[path] = new
                if limit != nil {
                    working.remove(old, by: compare)
                    working.insert(new, priority: Self.priority(of: new), by: compare)
                }
            }
        }

        if let limit, working.count > limit.count {
            for _ in 0..<(working.count - limit.count) {
                let victim = (limit.last ? working.first : working.last)!
                working.remove(victim, by: compare)
                members[victim.document.path] = nil
                changeSet.add(.removed, path: victim.document.path, old: victim, new: nil)
            }
        }

        if needsRefill {
            let (entries, sequence) = refill()
            baseSequence = max(baseSequence, sequence)
            changeSet = diff(from: oldTree, to: entries)
            members = [:]
            for entry in entries { members[entry.document.path] = entry }
        }

        return snapshot(for: changeSet, from: oldTree, compare: compare)
    }

    /// Marks the view as served from the local state (offline) or not; with `emit`, returns the snapshot
    /// to deliver for the change (listeners with metadata changes get one).
    mutating func setFromCache(_ fromCache: Bool, emit: Bool) -> ViewSnapshot? {
        isFromCache = fromCache
        guard emit, isLoaded else { return nil }
        return snapshot(for: ChangeSet(), from: tree, compare: kind.compare)
    }

    /// Replaces the view's documents with `entries` (matched, ordered, limited) read at `sequence`, such as a
    /// view served from the cache catching up with the backend when the network comes back; returns the
    /// snapshot to deliver for the differences, if any.
    mutating func reset(to entries: [ViewEntry], sequence: Int64) -> ViewSnapshot? {
        guard isLoaded else { return nil }
        let oldTree = tree
        let changeSet = diff(from: oldTree, to: entries)
        baseSequence = max(baseSequence, sequence)
        members = [:]
        for entry in entries { members[entry.document.path] = entry }
        return snapshot(for: changeSet, from: oldTree, compare: kind.compare)
    }

    // MARK: Internals

    /// The changes turning `oldTree` into `entries`, computed document by document (refills only).
    private func diff(from oldTree: OrderedTree<ViewEntry>, to entries: [ViewEntry]) -> ChangeSet {
        var changeSet = ChangeSet()
        var old: [ResourcePath: ViewEntry] = [:]
        for entry in oldTree { old[entry.document.path] = entry }
        for entry in entries {
            let path = entry.document.path
            if let previous = old.removeValue(forKey: path) {
                if previous.document.fields != entry.document.fields {
                    changeSet.add(.modified, path: path, old: previous, new: entry)
                } else if previous.document.hasPendingWrites != entry.document.hasPendingWrites {
                    changeSet.add(.metadata, path: path, old: previous, new: entry)
                }
            } else {
                changeSet.add(.added, path: path, old: nil, new: entry)
            }
        }
        for (path, previous) in old {
            changeSet.add(.removed, path: path, old: previous, new: nil)
        }
        return changeSet
    }

    /// Orders the changes (removed, added, modified; each in query order), computes their positions while
    /// applying them to `oldTree` (which becomes the view's tree), and decides whether to deliver.
    private mutating func snapshot(
        for changeSet: ChangeSet, from oldTree: OrderedTree<ViewEntry>,
        compare: (ViewEntry, ViewEntry) -> Int
    ) -> ViewSnapshot? {
        if changeSet.isEmpty && (pendingCount > 0) == lastHasPendingWrites && isFromCache == lastFromCache {
            return nil  // nothing changed at all
        }
        let ordered = changeSet.changes.values.sorted { left, right in
            if left.kind.listOrder != right.kind.listOrder { return left.kind.listOrder < right.kind.listOrder }
            return compare(left.new ?? left.old!, right.new ?? right.old!) < 0
        }
        var tracker = oldTree
        var changes: [ViewChange] = []
        changes.reserveCapacity(ordered.count)
        for change in ordered {
            var oldIndex = -1
            var newIndex = -1
            if let old = change.old {
                oldIndex = tracker.index(of: old, by: compare) ?? -1
                tracker.remove(old, by: compare)
                if old.document.hasPendingWrites { pendingCount -= 1 }
            }
            if let new = change.new {
                tracker.insert(new, priority: Self.priority(of: new), by: compare)
                newIndex = tracker.index(of: new, by: compare) ?? -1
                if new.document.hasPendingWrites { pendingCount += 1 }
            }
            changes.append(
                ViewChange(
                    kind: change.kind, entry: change.new ?? change.old!, oldIndex: oldIndex,
                    newIndex: newIndex))
        }
        tree = tracker

        let hasPendingWrites = pendingCount > 0
        let realChange = changes.contains { $0.kind != .metadata }
        let metadataChanged = hasPendingWrites != lastHasPendingWrites || isFromCache != lastFromCache
        guard realChange || (includeMetadataChanges && (metadataChanged || !changes.isEmpty)) else { return nil }
        lastHasPendingWrites = hasPendingWrites
        lastFromCache = isFromCache
        return ViewSnapshot(
            entries: tree, changes: changes, hasPendingWrites: hasPendingWrites,
            isFromCache: isFromCache, includesMetadataChanges: includeMetadataChanges)
    }
}
