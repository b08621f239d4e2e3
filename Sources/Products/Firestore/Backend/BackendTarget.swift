// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a read or a listen ranges over: one document, one collection, or a collection group.
public struct BackendTarget: Sendable, Hashable, CustomStringConvertible {
    /// The target.
    enum Kind: Sendable, Hashable {
        case document(ResourcePath)
        case query(QueryTarget)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// The document's path, or nil for a collection or collection group.
    public var documentPath: String? {
        if case .document(let path) = kind { return path.description }
        return nil
    }

    /// The collection's path (`users/ada/posts`), or nil.
    public var collectionPath: String? {
        if case .query(.collection(let path)) = kind { return path.description }
        return nil
    }

    /// The collection group's ID, or nil.
    public var collectionGroupID: String? {
        if case .query(.collectionGroup(let id)) = kind { return id }
        return nil
    }

    /// The document or collection path, or `**/{id}` for a collection group.
    public var description: String {
        documentPath ?? collectionPath ?? "**/\(collectionGroupID ?? "")"
    }
}
