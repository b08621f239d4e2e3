/// An in-memory local cache (Firebase's `MemoryCacheSettings`), the default: the documents this client
/// received and its pending writes live as long as the ``Firestore`` instance.
public struct MemoryCacheSettings: LocalCacheSettings, Equatable {
    /// The memory cache.
    public init() {}
}
