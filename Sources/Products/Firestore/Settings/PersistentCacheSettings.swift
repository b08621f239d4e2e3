// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A local cache on disk (Firebase's `PersistentCacheSettings`): the documents this client received and its
/// pending writes are kept in a file, so a later instance for the same app and database (after a restart)
/// can read them offline and still sends the pending writes.
///
/// The file lives at `<directory>/<app>/<projectID>/<database>.flintcache`, each component sanitized (see
/// <doc:FirestoreGuide#Cache>): untrusted app, project or database names never leave `directory`.
/// Unlike the SDK, which picks an application-support directory itself, Flint needs the directory.
public struct PersistentCacheSettings: LocalCacheSettings, Equatable {
    /// The SDK's default size threshold: 100 MB.
    public static let defaultSizeBytes: Int64 = 100 * 1024 * 1024
    /// The smallest threshold the SDK accepts: 1 MB.
    public static let minimumSizeBytes: Int64 = 1024 * 1024
    /// No threshold (Firebase's `FirestoreCacheSizeUnlimited`).
    public static let unlimitedSizeBytes: Int64 = -1

    /// The folder holding the cache files of every app and database.
    public var directory: URL
    /// The size the cached documents may take: at least ``minimumSizeBytes``, or ``unlimitedSizeBytes``. When
    /// an instance opens the cache (and compacts its file), the documents received longest ago are dropped
    /// until the rest fit; documents with pending writes are kept. (The SDK's collector runs periodically and
    /// drops the least recently used targets.)
    public var sizeBytes: Int64

    /// A persistent cache under `directory`.
    public init(directory: URL, sizeBytes: Int64 = PersistentCacheSettings.defaultSizeBytes) {
        self.directory = directory
        self.sizeBytes = sizeBytes
    }
}
