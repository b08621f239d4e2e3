// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An in-memory local cache (Firebase's `MemoryCacheSettings`), the default. It holds the documents this
/// client received and its pending writes for the life of the ``Firestore`` instance, collected as its
/// ``garbageCollectorSettings`` say:
///
/// - ``MemoryEagerGCSettings`` (the default): a document stays only while an active listener's target or a
///   pending write references it. Once the last listener of a query is removed (and a one-shot read is
///   done), its documents leave the cache: an offline read of them then fails with `unavailable`, and a new
///   listener's first snapshot comes from the backend.
/// - ``MemoryLRUGCSettings``: documents stay after their listeners go, so later listeners first see them from
///   the cache (`isFromCache == true`) and offline reads find them; when the cached documents pass
///   ``MemoryLRUGCSettings/sizeBytes``, those received longest ago are dropped (never those of active
///   listeners or pending writes).
public struct MemoryCacheSettings: LocalCacheSettings, Equatable {
    /// How the cache drops documents.
    public var garbageCollectorSettings: any MemoryGarbageCollectorSettings

    /// A memory cache with eager garbage collection.
    public init() {
        garbageCollectorSettings = MemoryEagerGCSettings()
    }

    /// A memory cache collected as `garbageCollectorSettings` say.
    public init(garbageCollectorSettings: any MemoryGarbageCollectorSettings) {
        self.garbageCollectorSettings = garbageCollectorSettings
    }

    /// The collection the settings ask for.
    var collection: CacheCollection {
        if let lru = garbageCollectorSettings as? MemoryLRUGCSettings {
            return .leastRecentlyUsed(sizeBytes: lru.sizeBytes)
        }
        return .eager
    }

    /// Two memory caches are equal when their garbage collectors are.
    public static func == (left: MemoryCacheSettings, right: MemoryCacheSettings) -> Bool {
        left.collection == right.collection
    }
}
