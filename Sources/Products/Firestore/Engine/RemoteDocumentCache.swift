/// The documents a client received from the backend (Firebase's remote document cache): the results of its
/// reads and listens and the batches of the targets it listens to, each with the backend sequence number it
/// reflects. Offline and `source: .cache` reads are served from it; a document it has never seen is unknown.
struct RemoteDocumentCache {
    /// A known state of one document: its fields, or missing (`document == nil`).
    struct Entry {
        var document: Document?
        var sequence: Int64
    }

    private(set) var entries: [ResourcePath: Entry] = [:]

    /// The known state of the document at `path`, or nil when the client never received it.
    func entry(at path: ResourcePath) -> Entry? {
        entries[path]
    }

    /// Records the state of `path` as of `sequence`, unless a newer one is known; returns whether it changed.
    @discardableResult
    mutating func update(_ path: ResourcePath, document: Document?, sequence: Int64) -> Bool {
        if let old = entries[path], old.sequence >= sequence { return false }
        entries[path] = Entry(document: document, sequence: sequence)
        return true
    }

    /// Records a whole target read at `sequence`: its documents, and every other known document of the
    /// target as missing. Returns the changed entries.
    mutating func replace(_ target: QueryTarget, with documents: [Document], sequence: Int64) -> [ResourcePath: Entry] {
        var changed: [ResourcePath: Entry] = [:]
        var present = Set<ResourcePath>()
        for document in documents {
            present.insert(document.path)
            if update(document.path, document: document, sequence: sequence) { changed[document.path] = entries[document.path] }
        }
        for (path, entry) in entries where entry.document != nil && !present.contains(path) && target.contains(path) {
            if update(path, document: nil, sequence: sequence) { changed[path] = entries[path] }
        }
        return changed
    }

    /// The known documents of `target`.
    func documents(in target: QueryTarget) -> [Document] {
        entries.compactMap { path, entry in target.contains(path) ? entry.document : nil }
    }

    /// Adds persisted entries (at start).
    mutating func load(_ loaded: [ResourcePath: Entry]) {
        entries = loaded
    }
}
