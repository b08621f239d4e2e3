// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An operation of a mock remote service, for injecting failures and delays (``MockRemoteCollectionService/setError(_:for:)``).
public enum MockOperation: Hashable, Sendable {
    /// Reading one document.
    case getDocument
    /// Reading the collection or a query.
    case getCollection
    /// Saving a document.
    case save
    /// Updating fields.
    case update
    /// Deleting a document.
    case delete
    /// Attaching a listener (a failure makes the stream throw at once).
    case stream
}
