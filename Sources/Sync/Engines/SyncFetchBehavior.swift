// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Whether an async read may answer from the engine's cache (the seed's `behavior:` parameter).
public enum SyncFetchBehavior: Sendable, Hashable {
    /// The cached value when there is one, otherwise the remote's.
    case cachedOrFetch
    /// Always the remote's, ignoring (and then refreshing) the cache.
    case alwaysFetch
}
