// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import FlintSync

/// Where the documents of a Realtime Database service live: the children of every location a path pattern
/// names. A pattern's segments are keys, or wildcards starting with `$` (a Database key never holds `$`):
/// `"products"` is one collection, `"users/$uid/orders"` the group of every `orders` list one level below
/// `users`.
///
/// The service listens to the **root** (the keys before the first wildcard) and receives one child of it (a
/// **unit**) per change: for a plain path a unit is one document, for a pattern one subtree (a user, with
/// every `orders` list below it), whose documents are found by walking the rest of the pattern.
struct DatabaseCollectionLayout: Sendable {
    /// The keys before the first wildcard, joined with `/`.
    let rootPath: String
    /// The segments after the first wildcard (nil for a plain path: a unit is a document).
    private let belowUnit: [Substring]?

    /// The layout of `pattern`.
    init(pattern: String) {
        let segments = pattern.split(separator: "/")
        guard let wildcard = segments.firstIndex(where: { $0.hasPrefix("$") }) else {
            rootPath = segments.joined(separator: "/")
            belowUnit = nil
            return
        }
        rootPath = segments[..<wildcard].joined(separator: "/")
        belowUnit = Array(segments[(wildcard + 1)...])
    }

    /// The documents in `unit` (a child of the root), by ID: their fields, with `id` filled from the key.
    func documents(in unit: DataSnapshot) throws -> [String: [String: SyncValue]] {
        var documents: [String: [String: SyncValue]] = [:]
        guard let belowUnit else {
            if let fields = try DatabaseSyncCoding.fields(of: unit) { documents[unit.key] = fields }
            return documents
        }
        try collect(unit, belowUnit[...], into: &documents)
        return documents
    }

    /// The documents in `unit` passing `query`'s filters.
    func documents(in unit: DataSnapshot, matching query: SyncQuery) throws -> [String: [String: SyncValue]] {
        try documents(in: unit).filter { SyncQueryEvaluator.matches(query, $0.value) }
    }

    /// The documents under the root (a snapshot of it) matching `query`: filtered, ordered and limited.
    func documents(inRoot root: DataSnapshot, matching query: SyncQuery) throws -> [[String: SyncValue]] {
        let all = try root.children.flatMap { unit in
            try documents(in: unit).sorted { $0.key < $1.key }.map(\.value)
        }
        return SyncQueryEvaluator.run(query, over: all)
    }

    private func collect(
        _ node: DataSnapshot, _ segments: ArraySlice<Substring>,
        into documents: inout [String: [String: SyncValue]]
    ) throws {
        guard let segment = segments.first else {
            for child in node.children {
                if let fields = try DatabaseSyncCoding.fields(of: child) { documents[child.key] = fields }
            }
            return
        }
        let rest = segments.dropFirst()
        if segment.hasPrefix("$") {
            for child in node.children { try collect(child, rest, into: &documents) }
        } else {
            try collect(node.childSnapshot(forPath: String(segment)), rest, into: &documents)
        }
    }
}
