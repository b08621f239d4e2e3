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

    /// Why the settings cannot be used, or nil.
    var validationError: FirestoreError? {
        guard let persistent = persistentCache else {
            if cacheSettings is MemoryCacheSettings { return nil }
            return FirestoreError(.invalidArgument, "Only MemoryCacheSettings and PersistentCacheSettings are supported.")
        }
        if persistent.sizeBytes != PersistentCacheSettings.unlimitedSizeBytes
            && persistent.sizeBytes < PersistentCacheSettings.minimumSizeBytes {
            return FirestoreError(.invalidArgument, "Cache size must be set to at least "
                                  + "\(PersistentCacheSettings.minimumSizeBytes) bytes")
        }
        return nil
    }
}
