// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A query's results at one moment, and how they changed since the previous snapshot of the same
/// listener (Firebase's `QuerySnapshot`).
///
/// A listener's snapshots share the documents of its view (a persistent tree), so making one costs
/// nothing in the number of results; ``documents`` builds its array on each access.
public final class QuerySnapshot: Sendable, CustomStringConvertible {
    /// The documents, in query order.
    enum Entries: Sendable {
        case tree(OrderedTree<ViewEntry>)
        case array([ViewEntry])
    }

    /// The query.
    public let query: Query
    /// Whether some document has pending writes, and whether the data comes from the cache.
    public let metadata: SnapshotMetadata
    private let entries: Entries
    private let changes: [ViewChange]

    init(query: Query, snapshot: ViewSnapshot) {
        self.query = query
        metadata = SnapshotMetadata(hasPendingWrites: snapshot.hasPendingWrites, isFromCache: snapshot.isFromCache)
        entries = .tree(snapshot.entries)
        changes = snapshot.changes
    }

    /// A one-time result: every document is `added`.
    init(query: Query, entries: [ViewEntry], hasPendingWrites: Bool, isFromCache: Bool) {
        self.query = query
        metadata = SnapshotMetadata(hasPendingWrites: hasPendingWrites, isFromCache: isFromCache)
        self.entries = .array(entries)
        changes = entries.enumerated().map { ViewChange(kind: .added, entry: $1, oldIndex: -1, newIndex: $0) }
    }

    /// The number of documents.
    public var count: Int {
        switch entries {
        case .tree(let tree): return tree.count
        case .array(let array): return array.count
        }
    }

    /// Whether there are no documents.
    public var isEmpty: Bool { count == 0 }

    /// The documents, in query order.
    public var documents: [QueryDocumentSnapshot] {
        switch entries {
        case .tree(let tree): return tree.map(documentSnapshot(_:))
        case .array(let array): return array.map(documentSnapshot(_:))
        }
    }

    /// The changes since the listener's previous snapshot (all `added` in the first), without
    /// metadata-only changes.
    public var documentChanges: [DocumentChange] {
        documentChanges(includeMetadataChanges: false)
    }

    /// The changes since the listener's previous snapshot; with `includeMetadataChanges`, documents whose
    /// metadata alone changed are listed as `modified` too (listen with `includeMetadataChanges: true` to
    /// receive such snapshots).
    public func documentChanges(includeMetadataChanges: Bool) -> [DocumentChange] {
        changes.compactMap { change in
            let type: DocumentChangeType
            switch change.kind {
            case .added: type = .added
            case .removed: type = .removed
            case .modified: type = .modified
            case .metadata:
                guard includeMetadataChanges else { return nil }
                type = .modified
            }
            return DocumentChange(
                type: type, document: documentSnapshot(change.entry), oldIndex: change.oldIndex,
                newIndex: change.newIndex)
        }
    }

    private func documentSnapshot(_ entry: ViewEntry) -> QueryDocumentSnapshot {
        QueryDocumentSnapshot(
            reference: query.firestore.reference(to: entry.document.path), existing: entry.document,
            metadata: SnapshotMetadata(
                hasPendingWrites: entry.document.hasPendingWrites,
                isFromCache: metadata.isFromCache))
    }

    /// `QuerySnapshot(3 documents, 1 change, …)`.
    public var description: String {
        "QuerySnapshot(\(count) documents, \(changes.count) changes, \(metadata))"
    }
}
