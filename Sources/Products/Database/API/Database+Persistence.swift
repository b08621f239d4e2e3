// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The client's disk cache (Firebase's `persistenceEnabled`, `persistenceCacheSizeBytes`).
///
/// With persistence on, the instance keeps on disk the data its listeners received (the server's value at
/// each listened location) and its pending writes — those not acknowledged by the backend yet, made offline
/// say. A later instance of the same app name and database URL with persistence on, in the same
/// ``persistenceDirectory`` (after a restart of the process, or a new app), starts with them: the pending
/// writes apply locally at once and are sent, in order, before any new write, once online; and when its first
/// use is ``goOffline()``, listeners get the cached data at once.
///
/// ```swift
/// let db = try Database.database(app: app)
/// db.persistenceDirectory = appSupport.appendingPathComponent("database-cache")
/// db.isPersistenceEnabled = true   // before the first reference, as in the SDK
/// ```
///
/// Like the SDK, the settings may only change before the first use of the instance (a reference, a
/// connection switch). The SDK raises an exception after that; Flint's property setters then leave the setting
/// as it is (read it back to check), and the throwing forms (``setPersistenceEnabled(_:)``, …) throw
/// ``DatabaseErrorCode/failedPrecondition``.
extension Database {
    /// The SDK's default cache size: 10 MB.
    public static let defaultPersistenceCacheSizeBytes: UInt = 10 * 1024 * 1024
    /// The smallest cache size the SDK accepts: 1 MB.
    public static let minimumPersistenceCacheSizeBytes: UInt = 1024 * 1024
    /// The largest cache size the SDK accepts: 100 MB.
    public static let maximumPersistenceCacheSizeBytes: UInt = 100 * 1024 * 1024

    /// Where caches live unless ``persistenceDirectory`` says otherwise: `Flint/Database` in the user's
    /// application support directory (the temporary directory when there is none).
    public static var defaultPersistenceDirectory: URL {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("Flint", isDirectory: true)
            .appendingPathComponent("Database", isDirectory: true)
    }

    /// Whether the instance keeps its data and pending writes on disk (Firebase's `isPersistenceEnabled`;
    /// default false). Set it before the first use; a later change is ignored (see
    /// ``setPersistenceEnabled(_:)``).
    public var isPersistenceEnabled: Bool {
        get { setting(\.persistenceEnabled) }
        set { try? setPersistenceEnabled(newValue) }
    }

    /// The size the cached data may take on disk (Firebase's `persistenceCacheSizeBytes`; default 10 MB, from 1 MB
    /// to 100 MB). When the instance opens its cache, the locations received longest ago are dropped until
    /// the rest fits; pending writes are always kept. Set it before the first use; a later or out-of-range
    /// change is ignored (see ``setPersistenceCacheSizeBytes(_:)``).
    public var persistenceCacheSizeBytes: UInt {
        get { setting(\.cacheSizeBytes) }
        set { try? setPersistenceCacheSizeBytes(newValue) }
    }

    /// The folder holding the caches of every app and database (default ``defaultPersistenceDirectory``); each
    /// instance's file is `<app>/<database URL>.flintdbcache` in it, both names made safe for a file system.
    /// The SDK picks this folder itself. Set it before the first use; a later change is ignored (see
    /// ``setPersistenceDirectory(_:)``).
    public var persistenceDirectory: URL {
        get { setting(\.directory) }
        set { try? setPersistenceDirectory(newValue) }
    }

    /// Sets ``isPersistenceEnabled``.
    /// - Throws: ``DatabaseErrorCode/failedPrecondition`` after the instance's first use (the SDK raises).
    public func setPersistenceEnabled(_ enabled: Bool) throws(DatabaseError) {
        try beforeFirstUse { $0.persistenceEnabled = enabled }
    }

    /// Sets ``persistenceCacheSizeBytes``.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` below 1 MB or above 100 MB (the SDK's messages),
    ///   ``DatabaseErrorCode/failedPrecondition`` after the instance's first use (the SDK raises both).
    public func setPersistenceCacheSizeBytes(_ bytes: UInt) throws(DatabaseError) {
        guard bytes >= Self.minimumPersistenceCacheSizeBytes else {
            throw .invalid("The minimum cache size must be at least 1MB")
        }
        guard bytes <= Self.maximumPersistenceCacheSizeBytes else {
            throw .invalid("Firebase Database currently doesn't support a cache size larger than 100MB")
        }
        try beforeFirstUse { $0.cacheSizeBytes = bytes }
    }

    /// Sets ``persistenceDirectory``.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for a URL that is not a file URL,
    ///   ``DatabaseErrorCode/failedPrecondition`` after the instance's first use.
    public func setPersistenceDirectory(_ directory: URL) throws(DatabaseError) {
        guard directory.isFileURL else { throw .invalid("The persistence directory \(directory) is not a file URL.") }
        try beforeFirstUse { $0.directory = directory }
    }
}
