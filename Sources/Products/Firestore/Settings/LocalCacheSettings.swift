// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where a ``Firestore`` instance keeps its local cache (Firebase's `LocalCacheSettings`):
/// ``MemoryCacheSettings`` (the default) or ``PersistentCacheSettings``. Set through
/// ``FirestoreSettings/cacheSettings`` before the instance is first used.
///
/// Only this module's two types conform; the protocol exists so that `cacheSettings` takes either, as in
/// the SDK.
public protocol LocalCacheSettings: Sendable {}
