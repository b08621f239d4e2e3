// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// How the file persistence writes to its open files: FlintProductSupport's `PersistenceIO`, the seam through
/// which tests inject failures (a full disk, a write that stops half way, a failed `fsync`).
///
/// The closures run while the persistence holds its file's lock: they must only do I/O (or throw), never call
/// back into the persistence or an engine.
public typealias SyncFileIO = PersistenceIO
