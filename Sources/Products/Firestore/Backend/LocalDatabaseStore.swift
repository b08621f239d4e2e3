// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The state of one database of a ``LocalFirestoreBackend``: documents per collection, each collection a
/// persistent tree ordered by document ID, an index of collections by ID (for collection groups), the
/// commit sequence number, and the watchers with their undelivered batches.
struct LocalDatabaseStore {
    /// Each non-empty collection's documents, by document ID.
    private(set) var collections: [ResourcePath: OrderedTree<Document>] = [:]
    /// The paths of the collections with each ID.
    private var collectionsByID: [String: Set<ResourcePath>] = [:]
    /// The last commit sequence number.
    var sequence: Int64 = 0
    /// Registered watchers.
    var watchers: [LocalWatcher] = []
    /// Batches not yet delivered to the watchers, oldest first.
    var outbox: [BackendChangeBatch] = []
    /// Whether some thread is delivering the outbox.
    var delivering = false
    /// The persistence log, when the backend persists.
    var log: PersistenceLog?

    /// Document-ID order within a collection.
    private static func compareIDs(_ lhs: Document, _ rhs: Document) -> Int {
        compareUTF8(lhs.path.lastSegment, rhs.path.lastSegment)
    }

    /// A document ID's treap priority.
    private static func priority(of id: String) -> UInt64 {
        UInt64(bitPattern: Int64(id.hashValue))
    }

    /// The document at `path`, or nil.
    func document(at path: ResourcePath) -> Document? {
        guard let tree = collections[path.parent] else { return nil }
        let id = path.lastSegment
        return tree.find { compareUTF8(id, $0.path.lastSegment) }
    }

    /// Stores `document` at `path` (nil: deletes it).
    mutating func store(_ document: Document?, at path: ResourcePath) {
        let collection = path.parent
        var tree = collections[collection] ?? OrderedTree()
        collections[collection] = nil  // keep the tree uniquely referenced while it changes
        let id = path.lastSegment
        if let existing = tree.find({ compareUTF8(id, $0.path.lastSegment) }) {
            tree.remove(existing, by: Self.compareIDs)
        }
        if let document {
            tree.insert(document, priority: Self.priority(of: id), by: Self.compareIDs)
        }
        if tree.isEmpty {
            collectionsByID[collection.lastSegment]?.remove(collection)
            if collectionsByID[collection.lastSegment]?.isEmpty == true {
                collectionsByID[collection.lastSegment] = nil
            }
        } else {
            collections[collection] = tree
            collectionsByID[collection.lastSegment, default: []].insert(collection)
        }
    }

    /// The trees holding the target's documents (cheap to take: they are persistent).
    func trees(for target: QueryTarget) -> [OrderedTree<Document>] {
        switch target {
        case .collection(let path):
            return collections[path].map { [$0] } ?? []
        case .collectionGroup(let id):
            return (collectionsByID[id] ?? []).compactMap { collections[$0] }
        }
    }
}

/// A registered watcher of a ``LocalDatabaseStore``.
final class LocalWatcher: Sendable {
    let onBatch: @Sendable (BackendChangeBatch) -> Void
    private let active = Locked(true)

    init(_ onBatch: @escaping @Sendable (BackendChangeBatch) -> Void) {
        self.onBatch = onBatch
    }

    /// Whether the watcher still wants batches.
    var isActive: Bool { active.withLock { $0 } }

    /// Stops delivery; true for the call that stopped it.
    func deactivate() -> Bool {
        active.withLock { active in
            defer { active = false }
            return active
        }
    }
}
