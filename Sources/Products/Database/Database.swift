// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintInterop
import FlintProductSupport
import Foundation

/// A client of one Realtime Database of one app (Firebase's `Database`).
///
/// ```swift
/// FlintApp.registerLibrary(DatabaseLibrary.self)
/// try FlintApp.configure(options: options)
/// let scores = try Database.database().reference(withPath: "game/scores")
/// try await scores.child("ada").setValue(42)
/// for try await snapshot in scores.queryOrderedByValue().value {
///     print(snapshot.children.map(\.key))
/// }
/// ```
///
/// **Instances.** Each app's container holds one provider (registered by ``DatabaseLibrary``), which keeps
/// one instance per database URL and shuts them down when the app is deleted (their streams finish, their
/// observers are removed). The entry points follow the shape of every product: `throws(ComponentError)`,
/// never optional, never trapping.
///
/// **Where data lives.** Reads, writes and listens go to the app's ``DatabaseBackend`` component: by
/// default a ``LocalDatabaseBackend``, an in-process server. Two apps configured with the same backend
/// instance are two clients of one database. ``HTTPDatabaseBackend`` (or ``useEmulator(withHost:port:)``)
/// talks to a real server or the Emulator Suite over REST and Server-Sent Events.
public final class Database: Sendable {
    /// The name of the app this instance belongs to.
    public let appName: String
    /// The database URL, e.g. `https://my-project-default-rtdb.firebaseio.com`.
    public let url: String
    /// The client engine: local values, writes, listeners; started on first use (``engine``).
    private let core: DatabaseEngine
    /// Push IDs for `childByAutoId()`.
    let pushIDs = PushIDGenerator()
    /// What may be set before the first use, and whether it came.
    private let setup = Locked(DatabaseSetup())

    /// The app this Database belongs to (Firebase's `app`); nil once the app is gone. Weak: Database never keeps its
    /// app alive.
    public var app: FlintApp? { appReference }
    private weak let appReference: FlintApp?

    init(
        appName: String, url: String, backend: any DatabaseBackend, auth: (any AuthInterop)?,
        appCheck: (any AppCheckInterop)?, app: FlintApp? = nil
    ) {
        self.appName = appName
        appReference = app
        self.url = url
        core = DatabaseEngine(
            url: url, backend: backend,
            credentials: DatabaseCredentials(auth: auth, appCheck: appCheck))
    }

    /// The client engine, started by this first use (with the disk cache when persistence is on).
    var engine: DatabaseEngine {
        startIfNeeded(offline: false)
        return core
    }

    /// Starts the engine (offline, for a first use that is ``goOffline()``) unless it was; returns whether it
    /// started now. Under the setup lock, so no use overtakes the start (no user code runs in it).
    @discardableResult
    private func startIfNeeded(offline: Bool) -> Bool {
        setup.withLock { setup in
            guard !setup.started else { return false }
            setup.started = true
            core.start(offline: offline, cache: setup.cacheSettings(appName: appName, url: url))
            return true
        }
    }

    // MARK: - Entry points

    /// The default database of the default app.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``database(app:url:)``.
    public static func database() throws(ComponentError) -> Database {
        try database(app: ProductEntryPoint.defaultApp())
    }

    /// The database at `url` of the default app.
    ///
    /// - Throws: `ComponentError.defaultAppNotConfigured` without a default app, then the errors of
    ///   ``database(app:url:)``.
    public static func database(url: String) throws(ComponentError) -> Database {
        try database(app: ProductEntryPoint.defaultApp(), url: url)
    }

    /// The default database of `app`: the options' `databaseURL`, or
    /// `https://<projectID>-default-rtdb.firebaseio.com` as the SDK derives it.
    ///
    /// - Throws: the errors of ``database(app:url:)``, and `ComponentError.invalidOptions(product:reason:)`
    ///   when the options have neither a `databaseURL` nor a `projectID`.
    public static func database(app: FlintApp) throws(ComponentError) -> Database {
        let provider = try ProductEntryPoint.require(
            DatabaseProvider.self, in: app, product: Database.self,
            library: DatabaseLibrary.self)
        return try provider.database(url: nil)
    }

    /// The instance of `app` for the database at `url` (`https://host`, no path), created on first use.
    ///
    /// - Throws: `ComponentError.libraryNotRegistered(type:library:)` when ``DatabaseLibrary`` was not
    ///   registered before `app` was configured, `ComponentError.appDeleted(name:)` for a deleted app,
    ///   `ComponentError.invalidArgument(product:reason:)` for a malformed URL.
    public static func database(app: FlintApp, url: String) throws(ComponentError) -> Database {
        let provider = try ProductEntryPoint.require(
            DatabaseProvider.self, in: app, product: Database.self,
            library: DatabaseLibrary.self)
        return try provider.database(url: url)
    }

    // MARK: - References

    /// The root of the database.
    public func reference() -> DatabaseReference {
        startIfNeeded(offline: false)
        return DatabaseReference(database: self, path: .root, error: nil)
    }

    /// The location at `path` (`a/b/c`; `/` is the root). An invalid path gives a reference whose operations
    /// throw ``DatabaseErrorCode/invalidArgument``.
    public func reference(withPath path: String) -> DatabaseReference {
        if path == "/" || path.isEmpty { return reference() }
        return reference().child(path)
    }

    /// The location a full URL of this database names (`https://host/a/b`; each segment decoded as in the SDK:
    /// `+` is a space, percent escapes are undone, malformed ones kept). A URL of another database or a
    /// malformed one gives a reference whose operations throw ``DatabaseErrorCode/invalidArgument``.
    public func reference(fromURL databaseUrl: String) -> DatabaseReference {
        let (origin, path) = DatabaseURLPath.split(databaseUrl)
        guard let parsed = URLComponents(string: origin), let host = parsed.host,
            let scheme = parsed.scheme, ["http", "https"].contains(scheme.lowercased())
        else {
            return DatabaseReference(
                database: self, path: .root,
                error: .invalid("(referenceFromURL:) \(databaseUrl) is not a valid URL."))
        }
        guard Self.origin(scheme: scheme, host: host, port: parsed.port) == url else {
            return DatabaseReference(
                database: self, path: .root,
                error: .invalid(
                    "(referenceFromURL:) Invalid URL (\(databaseUrl)) passed to "
                        + "getReference(). URL was not from the same database (\(url))."))
        }
        return reference(withPath: path)
    }

    /// `scheme://host[:port]`, lowercased: how instances are keyed. Without a port the scheme is `https`
    /// whatever was written, as the SDK's `FUtilities parseUrl` makes every URL without a port secure (an
    /// emulator's `http://localhost:9000` keeps `http`).
    static func origin(scheme: String, host: String, port: Int?) -> String {
        let scheme = port == nil ? "https" : scheme.lowercased()
        return "\(scheme)://\(host.lowercased())" + (port.map { ":\($0)" } ?? "")
    }

    // MARK: - Emulator

    /// Points this instance at a Realtime Database emulator (Firebase's `useEmulator(withHost:port:)`): from now
    /// on it speaks the REST and Server-Sent Events protocol (``HTTPDatabaseBackend``) to
    /// `http://{host}:{port}/{path}.json?ns={namespace}`, the namespace being the first label of the database
    /// URL's host (`my-db` for `https://my-db.firebaseio.com`), whatever the app's backend.
    ///
    /// Call it before making the first reference, as in Firebase.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for an empty host, one with `/ ? # @` or spaces, or a
    ///   port outside 1...65535;
    ///   ``DatabaseErrorCode/failedPrecondition`` once a reference was made (the SDK stops the app then).
    public func useEmulator(withHost host: String, port: Int) throws(DatabaseError) {
        try useEmulator(withHost: host, port: port, sleep: { try await Task.sleep(for: $0) })
    }

    /// ``useEmulator(withHost:port:)`` with the wait between a listen's reconnection attempts injected (tests).
    func useEmulator(
        withHost host: String, port: Int,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) throws(DatabaseError) {
        guard !host.isEmpty else { throw .invalid("Cannot connect to empty host.") }
        guard !host.contains(where: { "/?#@ ".contains($0) || $0.isNewline }) else {
            throw .invalid("Invalid emulator host \(host): a host name or address only.")
        }
        guard (1...65535).contains(port) else { throw .invalid("Invalid emulator port \(port).") }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let origin = URL(string: "http://\(bracketed):\(port)"), origin.host != nil else {
            throw .invalid("Invalid emulator host \(host).")
        }
        try setup.withLock { (setup) throws(DatabaseError) in
            guard !setup.started else {
                throw DatabaseError(
                    .failedPrecondition,
                    "Cannot connect to emulator after database initialization. "
                        + "Call useEmulator(host:port:) before creating a database reference or trying to load data.")
            }
            setup.emulator = origin
            // Under the setup lock, so that a first use on another thread starts with it.
            core.replaceBackend(with: HTTPDatabaseBackend(emulatorOrigin: origin, sleep: sleep))
        }
    }

    /// The emulator set by ``useEmulator(withHost:port:)`` (e.g. `http://127.0.0.1:9000`), or nil.
    public var emulatorOrigin: String? {
        setup.withLock { $0.emulator?.absoluteString }
    }

    // MARK: - Connection

    /// Disconnects from the backend (Firebase's `goOffline()`): the backend applies this client's
    /// `onDisconnect` operations (and so does the local value, with events), other clients' changes stop
    /// arriving, writes apply locally at once (events as usual) and wait to be sent; `getData()` returns the
    /// local value. Their `async` forms and completion blocks finish once they are sent.
    ///
    /// As the first use of the instance, it starts it offline: with persistence on, listeners get the cached
    /// data and the cached pending writes wait for ``goOnline()``.
    public func goOffline() {
        if !startIfNeeded(offline: true) { core.goOffline() }
    }

    /// Reconnects after ``goOffline()`` (Firebase's `goOnline()`): listeners catch up with the changes made
    /// meanwhile, and the writes made offline are sent in order.
    public func goOnline() {
        if !startIfNeeded(offline: false) { core.goOnline() }
    }

    /// Cancels every write not yet acknowledged by the backend (Firebase's `purgeOutstandingWrites()`): the
    /// `setValue`/`updateChildValues`/`removeValue` writes, the `onDisconnect` operations waiting to be sent and
    /// the running transactions. Their completion blocks receive ``DatabaseErrorCode/writeCanceled`` ("Write
    /// cancelled by user") at once, their `async` forms throw it, the local value drops them (with events) and
    /// the disk cache forgets them. Typically called while offline, to drop writes the app no longer wants sent.
    /// A write already at the backend may still be applied there.
    public func purgeOutstandingWrites() {
        engine.purgeOutstandingWrites()
    }

    /// Shuts the instance down (its app is being deleted).
    func terminate() {
        core.terminate()
    }

    /// Sets up the disk cache before the first use; see ``isPersistenceEnabled``.
    func beforeFirstUse<T>(_ body: (inout DatabaseSetup) throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        try setup.withLock { (setup) throws(DatabaseError) -> T in
            guard !setup.started else { throw DatabaseSetup.frozen }
            return try body(&setup)
        }
    }

    /// The setup's value of `key`.
    func setting<T>(_ key: KeyPath<DatabaseSetup, T>) -> T {
        setup.withLock { $0[keyPath: key] }
    }
}
