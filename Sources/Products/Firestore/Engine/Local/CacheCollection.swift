// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How a client's ``RemoteDocumentCache`` drops documents, from its settings.
enum CacheCollection: Equatable {
    /// Documents leave once no active listener and no pending write references them (the memory cache's
    /// default).
    case eager
    /// Documents stay; above `sizeBytes`, those received longest ago and not referenced are dropped.
    case leastRecentlyUsed(sizeBytes: Int64)
    /// The persistent cache: trimmed to its size threshold when an instance opens it.
    case persistent
}
