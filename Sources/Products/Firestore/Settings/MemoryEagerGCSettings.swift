// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Eager garbage collection of a memory cache (Firebase's `MemoryEagerGCSettings`), the default: documents
/// leave the cache as soon as no active listener and no pending write references them.
public struct MemoryEagerGCSettings: MemoryGarbageCollectorSettings, Equatable {
    /// Eager collection.
    public init() {}
}
