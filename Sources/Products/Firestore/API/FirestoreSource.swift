// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where `getDocument(source:)` and `getDocuments(source:)` read (Firebase's `FirestoreSource`).
public enum FirestoreSource: Sendable, Hashable {
    /// The backend while online; the local cache while offline (``Firestore/disableNetwork()``).
    case `default`
    /// The backend only: ``RPCStatusCode/unavailable`` while offline.
    case server
    /// The local cache only (what this client received, with its pending writes), online or not. A document
    /// the cache does not know is ``RPCStatusCode/unavailable``; a query returns what the cache holds.
    case cache
}
