// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where a snapshot's data comes from (Firebase's `SnapshotMetadata`).
public struct SnapshotMetadata: Sendable, Hashable, CustomStringConvertible {
    /// Whether local writes not yet acknowledged by the backend shaped the data (for a query snapshot: of at
    /// least one document).
    public let hasPendingWrites: Bool
    /// Whether the data came from the local state while offline, and may be stale.
    public let isFromCache: Bool

    /// Metadata with the given flags.
    public init(hasPendingWrites: Bool, isFromCache: Bool) {
        self.hasPendingWrites = hasPendingWrites
        self.isFromCache = isFromCache
    }

    /// `SnapshotMetadata(hasPendingWrites: …, isFromCache: …)`.
    public var description: String {
        "SnapshotMetadata(hasPendingWrites: \(hasPendingWrites), isFromCache: \(isFromCache))"
    }
}
