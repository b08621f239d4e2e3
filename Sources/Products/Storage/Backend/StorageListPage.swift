// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One page of a listing as a ``StorageBackend`` answers it: full paths of the folders and objects directly
/// under the listed folder, and the token of the next page.
public struct StorageListPage: Sendable, Hashable {
    /// The full paths of the sub-folders, sorted.
    public var prefixes: [String]
    /// The full paths of the objects, sorted.
    public var items: [String]
    /// The token of the next page, nil on the last page.
    public var pageToken: String?

    /// A page.
    public init(prefixes: [String], items: [String], pageToken: String?) {
        self.prefixes = prefixes
        self.items = items
        self.pageToken = pageToken
    }
}
