// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The documents a query ranges over.
enum QueryTarget: Sendable, Hashable {
    /// The documents directly in one collection.
    case collection(ResourcePath)
    /// The documents of every collection with this ID, at any depth.
    case collectionGroup(String)

    /// Whether the document at `path` belongs to the target.
    func contains(_ path: ResourcePath) -> Bool {
        switch self {
        case .collection(let collection): return path.isDirectChild(of: collection)
        case .collectionGroup(let id): return path.isDocument && equalUTF8(path.collectionID, id)
        }
    }
}
