/// Eager garbage collection of a memory cache (Firebase's `MemoryEagerGCSettings`), the default: documents
/// leave the cache as soon as no active listener and no pending write references them.
public struct MemoryEagerGCSettings: MemoryGarbageCollectorSettings, Equatable {
    /// Eager collection.
    public init() {}
}
