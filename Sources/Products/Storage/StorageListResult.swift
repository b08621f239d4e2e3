// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One page of a listing (Firebase's `StorageListResult`): the folders and objects directly under a
/// reference, and the token of the next page.
public struct StorageListResult: Sendable {
    /// The sub-folders ("prefixes"), sorted by path.
    public let prefixes: [StorageReference]
    /// The objects, sorted by path.
    public let items: [StorageReference]
    /// The token for ``StorageReference/list(maxResults:pageToken:)`` to get the next page; nil on the last.
    public let pageToken: String?
}
