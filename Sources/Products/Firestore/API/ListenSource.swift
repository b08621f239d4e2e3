// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where a snapshot listener gets its data (Firebase's `ListenSource`), set with
/// ``SnapshotListenOptions/withSource(_:)``.
public enum ListenSource: Sendable, Hashable {
    /// The local cache first, then the backend: the listener watches the backend and raises its changes and
    /// this client's writes.
    case `default`
    /// The local cache only: the listener never reaches the backend (no watch, no security-rules check, no
    /// error when the backend is unreachable). It raises this client's writes and whatever the cache receives
    /// for other, default-source listeners and reads; its snapshots are `isFromCache` unless a default-source
    /// listener of the same query is in sync with the backend.
    case cache
}
