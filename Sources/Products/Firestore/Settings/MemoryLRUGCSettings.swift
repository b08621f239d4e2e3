// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Least-recently-used garbage collection of a memory cache (Firebase's `MemoryLRUGCSettings`): documents
/// stay after their listeners go; when the cached documents pass ``sizeBytes``, those received longest ago
/// are dropped, never those of active listeners or pending writes.
public struct MemoryLRUGCSettings: MemoryGarbageCollectorSettings, Equatable {
    /// The SDK's default threshold: 100 MB.
    public static let defaultSizeBytes: Int64 = 100 * 1024 * 1024

    /// The size the cached documents may take (measured as Flint encodes them): at least
    /// ``PersistentCacheSettings/minimumSizeBytes``.
    public var sizeBytes: Int64

    /// LRU collection above `sizeBytes` (default 100 MB).
    public init(sizeBytes: Int64 = MemoryLRUGCSettings.defaultSizeBytes) {
        self.sizeBytes = sizeBytes
    }
}
