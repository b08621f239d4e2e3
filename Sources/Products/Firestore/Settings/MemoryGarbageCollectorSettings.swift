// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How a memory cache drops documents (Firebase's `MemoryGarbageCollectorSettings`):
/// ``MemoryEagerGCSettings`` (the default) or ``MemoryLRUGCSettings``.
///
/// Only this module's two types conform; the protocol exists so that
/// ``MemoryCacheSettings/garbageCollectorSettings`` takes either, as in the SDK.
public protocol MemoryGarbageCollectorSettings: Sendable {}
