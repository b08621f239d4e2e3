// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// What a ``Database`` instance may be set up with before its first use (the disk cache), and whether that use
/// came.
struct DatabaseSetup {
    /// Whether the engine started (the first use came): the setup is frozen then.
    var started = false
    /// The emulator set by ``Database/useEmulator(withHost:port:)``.
    var emulator: URL?
    /// ``Database/isPersistenceEnabled``.
    var persistenceEnabled = false
    /// ``Database/persistenceCacheSizeBytes``.
    var cacheSizeBytes = Database.defaultPersistenceCacheSizeBytes
    /// ``Database/persistenceDirectory``.
    var directory = Database.defaultPersistenceDirectory
    /// The cache file's writes (tests inject failures).
    var io = PersistenceIO.standard

    /// The engine's cache settings for `appName`'s database at `url`, nil with persistence off.
    func cacheSettings(appName: String, url: String) -> DatabaseEngine.CacheSettings? {
        guard persistenceEnabled else { return nil }
        return DatabaseEngine.CacheSettings(
            url: DatabaseClientCache.url(directory: directory, appName: appName, databaseURL: url), io: io,
            sizeBytes: Int(cacheSizeBytes))
    }

    /// The SDK's error for a setting changed after the first use (it raises an exception).
    static let frozen = DatabaseError(
        .failedPrecondition,
        "Calls to setPersistenceEnabled must be made before any other usage of FIRDatabase instance.")
}
