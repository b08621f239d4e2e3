// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
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
    /// Whether changes are collected for a persistent cache.
    private var collectsChanges = false
    /// The changes not yet written to the persistent cache.
    private var unsaved: [ResourcePath: Entry] = [:]

    /// The known state of the document at `path`, or nil when the client never received it.
    func entry(at path: ResourcePath) -> Entry? {
        entries[path]
    }

    /// Records the state of `path` as of `sequence`, unless a newer one is known; returns whether it changed.
    @discardableResult
    mutating func update(_ path: ResourcePath, document: Document?, sequence: Int64) -> Bool {
        if let old = entries[path], old.sequence >= sequence { return false }
        entries[path] = Entry(document: document, sequence: sequence)
        if collectsChanges { unsaved[path] = entries[path] }
        return true
    }

    /// Records a whole target read at `sequence`: its documents, and every other known document of the
    /// target as missing. After the documents are recorded, every entry of the read's documents reflects
    /// `sequence` or later, so a known document of the target still older than `sequence` was not in the read:
    /// it is gone (one pass, no set of the read's paths).
    mutating func replace(_ target: QueryTarget, with documents: [Document], sequence: Int64) {
        for document in documents {
            update(document.path, document: document, sequence: sequence)
        }
        var gone: [ResourcePath] = []
        for (path, entry) in entries where entry.sequence < sequence && entry.document != nil && target.contains(path) {
            gone.append(path)
        }
        for path in gone { update(path, document: nil, sequence: sequence) }
    }

    /// The known documents of `target`.
    func documents(in target: QueryTarget) -> [Document] {
        entries.compactMap { path, entry in target.contains(path) ? entry.document : nil }
    }

    /// The number of known documents (found or missing).
    var count: Int { entries.count }

    /// The paths of the known documents (found or missing) of `target`.
    func paths(in target: QueryTarget) -> [ResourcePath] {
        entries.keys.filter { target.contains($0) }
    }

    /// Forgets the document at `path` (garbage collection of a memory cache; never used with a persistent one).
    mutating func remove(_ path: ResourcePath) {
        entries[path] = nil
    }

    /// Drops the documents received longest ago, except those `isKept` names, until the rest take at most
    /// `sizeBytes` encoded (a memory cache's LRU collection).
    mutating func evict(sizeBytes: Int64, keeping isKept: (ResourcePath) -> Bool) {
        ClientCacheFile.evict(from: &entries, keeping: isKept, sizeBytes: sizeBytes)
    }

    /// Starts from persisted entries, and collects later changes for the persistent cache.
    mutating func load(_ loaded: [ResourcePath: Entry]) {
        entries = loaded
        collectsChanges = true
    }

    /// Whether changes wait for the persistent cache.
    var hasUnsavedChanges: Bool { !unsaved.isEmpty }

    /// The changes since the last call.
    mutating func takeUnsavedChanges() -> [ResourcePath: Entry] {
        defer { unsaved = [:] }
        return unsaved
    }
}
