// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The settings of a ``Firestore`` instance (Firebase's `FirestoreSettings`), applied with
/// ``Firestore/setSettings(_:)`` before the instance's first use:
///
/// ```swift
/// let db = try Firestore.firestore(app: app)
/// var settings = db.settings
/// settings.cacheSettings = PersistentCacheSettings(directory: cacheFolder)
/// try db.setSettings(settings)
/// ```
public struct FirestoreSettings: Sendable {
    /// The local cache: ``MemoryCacheSettings`` (the default) or ``PersistentCacheSettings``.
    public var cacheSettings: any LocalCacheSettings

    /// How the persistent cache writes its file (tests inject failures here).
    var persistenceIO = PersistenceIO.standard

    /// The default settings: a memory cache.
    public init(cacheSettings: any LocalCacheSettings = MemoryCacheSettings()) {
        self.cacheSettings = cacheSettings
    }

    /// The persistent cache settings, if that is the cache chosen.
    var persistentCache: PersistentCacheSettings? { cacheSettings as? PersistentCacheSettings }

    /// How the engine's cache drops documents.
    var cacheCollection: CacheCollection {
        if persistentCache != nil { return .persistent }
        return (cacheSettings as? MemoryCacheSettings)?.collection ?? .eager
    }

    /// Why the settings cannot be used, or nil.
    var validationError: FirestoreError? {
        let sizeBytes: Int64
        if let persistent = persistentCache {
            sizeBytes = persistent.sizeBytes
        } else if let memory = cacheSettings as? MemoryCacheSettings {
            guard
                memory.garbageCollectorSettings is MemoryLRUGCSettings
                    || memory.garbageCollectorSettings is MemoryEagerGCSettings
            else {
                return FirestoreError(
                    .invalidArgument,
                    "Only MemoryEagerGCSettings and MemoryLRUGCSettings are supported.")
            }
            guard case .leastRecentlyUsed(let size) = memory.collection else { return nil }
            sizeBytes = size
        } else {
            return FirestoreError(
                .invalidArgument, "Only MemoryCacheSettings and PersistentCacheSettings are supported.")
        }
        if sizeBytes != PersistentCacheSettings.unlimitedSizeBytes
            && sizeBytes < PersistentCacheSettings.minimumSizeBytes
        {
            return FirestoreError(
                .invalidArgument,
                "Cache size must be set to at least "
                    + "\(PersistentCacheSettings.minimumSizeBytes) bytes")
        }
        return nil
    }
}
