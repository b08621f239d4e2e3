// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// A client of one Firestore database of one app (Firebase's `Firestore`).
///
/// ```swift
/// FlintApp.registerLibrary(FirestoreLibrary.self)
/// try FlintApp.configure(options: options)
/// let db = try Firestore.firestore()
/// try await db.collection("users").document("ada").setData(["name": "Ada", "born": 1815])
/// for try await snapshot in db.collection("users").order(by: "born").snapshots {
///     print(snapshot.documents.map(\.documentID))
/// }
/// ```
///
/// **Instances.** Each app's container holds one provider (registered by ``FirestoreLibrary``), which keeps
/// one instance per database ID and terminates them when the app is deleted. The entry points follow the
/// shape of every product ("Product entry points" in FlintCore's Component System guide): `throws(ComponentError)`,
/// never optional, never trapping. Besides the common cases, `ComponentError.invalidOptions(product:reason:)`
/// when the app's options have no `projectID` and `ComponentError.invalidArgument(product:reason:)` for a
/// malformed database ID.
///
/// **Where data lives.** Reads, writes and listens go to the app's ``FirestoreBackend`` component: by default
/// a ``LocalFirestoreBackend``, an in-process emulator for development and tests. Writes apply locally at
/// once (listeners see `hasPendingWrites == true`), and the `async` write methods return once the backend
/// acknowledged them. Two apps configured with the same backend instance are two clients of one database.
///
/// **Cache.** Each instance keeps a local cache of what it received and of its pending writes (in memory, or
/// on disk with ``PersistentCacheSettings``, chosen by ``setSettings(_:)`` before the first use): offline
/// reads and listeners, and `source: .cache` reads, are served from it (see
/// <doc:FirestoreGuide#Cache>). The instance starts on its first use, as in the SDK.
public final class Firestore: Sendable {
    /// The name of the app this instance belongs to.
    public let appName: String
    /// The project and database of this instance.
    public let databaseID: DatabaseID
    /// Converts written data for this database.
    let parser: UserDataParser
    /// Drops this instance from its provider's cache once it is terminated.
    private let release: @Sendable (Firestore) -> Void
    /// What the engine is made of.
    private let backend: any FirestoreBackend
    private let credentials: CredentialsProvider
    /// The settings and, from the first use on, the engine.
    private let client: Locked<(settings: FirestoreSettings, engine: SyncEngine?)>

    /// The app this Firestore belongs to (Firebase's `app`); nil once the app is gone. Weak: Firestore never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?

    init(
        appName: String, databaseID: DatabaseID, backend: any FirestoreBackend, auth: (any AuthInterop)?,
        appCheck: (any AppCheckInterop)?, app: FlintApp? = nil,
        release: @escaping @Sendable (Firestore) -> Void = { _ in }
    ) {
        self.appName = appName
        appReference = app
        self.databaseID = databaseID
        self.release = release
        self.backend = backend
        credentials = CredentialsProvider(auth: auth, appCheck: appCheck)
        parser = UserDataParser(database: databaseID)
        client = Locked((FirestoreSettings(), nil))
    }

    // MARK: - Settings

    /// The instance's settings (Firebase's `settings`): the defaults until ``setSettings(_:)``.
    public var settings: FirestoreSettings {
        client.withLock { $0.settings }
    }

    /// Applies `settings` (Firebase's `settings` setter). As in the SDK, settings are fixed once the instance
    /// is first used (a read, write, listen, ``disableNetwork()``…).
    ///
    /// - Throws: ``RPCStatusCode/failedPrecondition`` once the instance was used or terminated ("Firestore
    ///   instance has already been started and its settings can no longer be changed…", as the SDK
    ///   raises); ``RPCStatusCode/invalidArgument`` for a persistent cache smaller than
    ///   ``PersistentCacheSettings/minimumSizeBytes``.
    public func setSettings(_ settings: FirestoreSettings) throws(FirestoreError) {
        if let error = settings.validationError { throw error }
        try client.withLock { client throws(FirestoreError) in
            guard client.engine == nil else {
                throw FirestoreError(
                    .failedPrecondition,
                    "Firestore instance has already been started and its settings "
                        + "can no longer be changed. You can only set settings before calling any other "
                        + "methods on a Firestore instance.")
            }
            client.settings = settings
        }
    }

    /// Deletes the persistent cache's file (Firebase's `clearPersistence()`): the documents it kept and the
    /// pending writes of every user, which are then never sent. Does nothing with a memory cache.
    ///
    /// - Throws: ``RPCStatusCode/failedPrecondition`` while the instance is running: call it before the
    ///   first use (after ``setSettings(_:)``) or after ``terminate()``, as in the SDK.
    public func clearPersistence() async throws {
        try client.withLock { client throws(FirestoreError) in
            if let engine = client.engine, !engine.isTerminated {
                throw FirestoreError(
                    .failedPrecondition,
                    "Persistence can only be cleared before a Firestore instance "
                        + "is initialized or after it is terminated.")
            }
            guard let persistent = client.settings.persistentCache else { return }
            let url = ClientCacheFile.url(directory: persistent.directory, appName: appName, database: databaseID)
            for file in [url, url.appendingPathExtension("tmp")] where FileManager.default.fileExists(atPath: file.path)
            {
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw FirestoreError(.unknown, "Cannot delete the cache file \(file.path): \(error)")
                }
            }
        }
    }

    /// The engine: local writes, listeners, commits. Started on first use, with the settings of that moment
    /// (a persistent cache is opened then, under this lock: no user code runs meanwhile).
    var engine: SyncEngine { engine(startingOffline: false) }

    /// The engine, started offline when this is the first use (`disableNetwork()`), so that pending writes
    /// restored from a persistent cache are not sent before the network is enabled.
    private func engine(startingOffline: Bool) -> SyncEngine {
        let (engine, created) = client.withLock { client -> (SyncEngine, Bool) in
            if let engine = client.engine { return (engine, false) }
            let cacheURL = client.settings.persistentCache.map {
                ClientCacheFile.url(directory: $0.directory, appName: appName, database: databaseID)
            }
            let engine = SyncEngine(
                database: databaseID, backend: backend, credentials: credentials, cacheURL: cacheURL,
                cacheIO: client.settings.persistenceIO,
                cacheSizeBytes: client.settings.persistentCache?.sizeBytes
                    ?? PersistentCacheSettings.unlimitedSizeBytes,
                cacheCollection: client.settings.cacheCollection)
            engine.start(offline: startingOffline)
            client.engine = engine
            return (engine, true)
        }
        if created { engine.observeUserChanges() }  // outside the lock: Auth may run other listeners meanwhile
        return engine
    }

    // MARK: - Entry points

    /// The default database of the default app.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``firestore(app:database:)``.
    public static func firestore() throws(ComponentError) -> Firestore {
        try firestore(app: ProductEntryPoint.defaultApp(), database: DatabaseID.defaultDatabase)
    }

    /// A database of the default app.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``firestore(app:database:)``.
    public static func firestore(database: String) throws(ComponentError) -> Firestore {
        try firestore(app: ProductEntryPoint.defaultApp(), database: database)
    }

    /// The default database of `app`.
    ///
    /// - Throws: the errors of ``firestore(app:database:)``.
    public static func firestore(app: FlintApp) throws(ComponentError) -> Firestore {
        try firestore(app: app, database: DatabaseID.defaultDatabase)
    }

    /// The instance of `app` for `database` (`(default)` or a named database), created on first use.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``FirestoreLibrary`` was not
    ///   registered before `app` was configured, `ComponentError.appDeleted(name:)` for a deleted app,
    ///   `ComponentError.invalidOptions(product:reason:)` when the app's options have no `projectID`,
    ///   `ComponentError.invalidArgument(product:reason:)` for a malformed database ID.
    public static func firestore(app: FlintApp, database: String) throws(ComponentError) -> Firestore {
        let provider = try ProductEntryPoint.require(
            FirestoreProvider.self, in: app, product: Firestore.self,
            library: FirestoreLibrary.self)
        return try provider.firestore(database: database)
    }

    // MARK: - References

    /// The collection at `collectionPath` (an odd number of segments, e.g. `users` or `users/ada/posts`).
    /// A malformed path gives a reference whose operations throw ``RPCStatusCode/invalidArgument``.
    public func collection(_ collectionPath: String) -> CollectionReference {
        CollectionReference(firestore: self, parsing: collectionPath)
    }

    /// The document at `documentPath` (an even number of segments, e.g. `users/ada`). A malformed path
    /// gives a reference whose operations throw ``RPCStatusCode/invalidArgument``.
    public func document(_ documentPath: String) -> DocumentReference {
        DocumentReference(firestore: self, parsing: documentPath)
    }

    /// Every collection named `collectionID`, at any depth (`collectionGroup("posts")` spans
    /// `users/ada/posts` and `groups/g/posts`). An ID containing `/` is invalid.
    public func collectionGroup(_ collectionID: String) -> Query {
        var query = QueryDescription(target: .collectionGroup(collectionID))
        if collectionID.isEmpty || collectionID.contains("/") {
            query.error = FirestoreError(
                .invalidArgument,
                "Invalid collection ID '\(collectionID)' passed to "
                    + "collectionGroup(). Collection IDs must not contain '/' and must not be empty.")
        }
        return Query(firestore: self, description: query)
    }

    // MARK: - Writes

    /// A new batch of writes, committed atomically by ``WriteBatch/commit()``.
    public func batch() -> WriteBatch {
        WriteBatch(firestore: self)
    }

    /// Returns once every write made before the call is acknowledged by the backend (or rejected).
    public func waitForPendingWrites() async throws {
        try await engine.waitForPendingWrites()
    }

    // MARK: - Network

    /// Takes the client offline: writes stay pending (their `async` calls wait), other clients' changes are
    /// not received, reads and new listeners are served from the local cache, and listeners' snapshots report
    /// `isFromCache == true`.
    public func disableNetwork() async {
        engine(startingOffline: true).disableNetwork()
    }

    /// Brings the client back online: pending writes are committed, held changes applied, every listener's
    /// view brought up to date with the backend, and snapshots report `isFromCache == false` again.
    public func enableNetwork() async {
        engine.enableNetwork()
    }

    // MARK: - Snapshots in sync

    /// Calls `listener` once soon after registration, then each time every snapshot listener of this instance
    /// has received the snapshots of one change (Firebase's `addSnapshotsInSyncListener`): when it runs, all
    /// query and document listeners reflect the same state of the data. It is not called after the
    /// registration is removed, nor once the instance is terminated.
    @discardableResult
    public func addSnapshotsInSyncListener(_ listener: @escaping @Sendable () -> Void) -> any ListenerRegistration {
        engine.addSnapshotsInSyncListener(listener, onTerminate: {})
    }

    // MARK: - Lifecycle

    /// Terminates this instance (Firebase's `terminate()`): its listeners end with ``RPCStatusCode/cancelled``,
    /// writes still waiting for an acknowledgement and every later operation fail with
    /// ``RPCStatusCode/failedPrecondition`` ("The client has already been terminated."), and
    /// `Firestore.firestore(app:database:)` returns a new instance for the same database from now on. Writes the
    /// backend already acknowledged stay written. Calling it again does nothing.
    ///
    /// Deleting the app terminates its instances the same way.
    public func terminate() async {
        terminate(reason: .terminated)
    }

    // MARK: - Internals

    /// Applies one batch of mutations locally and waits for the backend.
    func write(_ mutations: [Mutation]) async throws {
        let result: Result<Void, FirestoreError> = await withCheckedContinuation { continuation in
            engine.write(mutations) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// A reference to the document at `path` of this database.
    func reference(to path: ResourcePath) -> DocumentReference {
        DocumentReference(firestore: self, path: path)
    }

    /// Converts stored fields to public values for this database's readers.
    func publicFields(_ fields: ObjectValue, behavior: ServerTimestampBehavior) -> [String: FirestoreValue] {
        fields.publicFields(behavior: behavior) { _, path in .reference(self.reference(to: path)) }
    }

    /// Converts one stored value to a public value.
    func publicValue(_ value: Value, behavior: ServerTimestampBehavior) -> FirestoreValue {
        value.publicValue(behavior: behavior) { _, path in .reference(self.reference(to: path)) }
    }

    /// Terminates the instance, by ``terminate()`` or because its app is being deleted, and drops it from its
    /// provider's cache.
    func terminate(reason: SyncEngine.TerminationReason) {
        // An unused instance gets an engine that never starts (no watch, no cache file), so later calls fail
        // as terminated.
        let engine = client.withLock { client in
            if let engine = client.engine { return engine }
            let engine = SyncEngine(database: databaseID, backend: backend, credentials: credentials)
            client.engine = engine
            return engine
        }
        engine.terminate(reason: reason)
        release(self)
    }
}
