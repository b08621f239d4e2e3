import FlintCore

/// The server side of the Realtime Database: what a ``Database`` client reads from, writes to and watches.
///
/// Resolved through the app's container: ``DatabaseLibrary`` registers a ``LocalDatabaseBackend`` (an
/// in-process server for development and tests) per app. Override the component to share one backend
/// between apps, so that each sees the other's writes as another client's:
///
/// ```swift
/// let backend = LocalDatabaseBackend()
/// let alice = try registry.configure(name: "alice", options: options,
///                                    overrides: [.instance(backend, as: DatabaseBackend.self)])
/// let bob = try registry.configure(name: "bob", options: options,
///                                  overrides: [.instance(backend, as: DatabaseBackend.self)])
/// ```
///
/// Databases are named by their URL. Implementations must be thread-safe, must never call a watcher while
/// holding a lock, and must deliver each database's changes in the order they were applied. The payload
/// types are opaque, so a custom backend usually wraps a ``LocalDatabaseBackend``.
public protocol DatabaseBackend: AnyObject, Sendable {
    /// The value at `path` (`/a/b`).
    /// - Throws: ``DatabaseError`` (for example ``DatabaseErrorCode/permissionDenied``).
    func read(_ path: String, database: String, caller: DatabaseCaller) throws(DatabaseError) -> DatabaseBackendValue

    /// Checks that `caller` may listen to `path`; the client then follows the database through its watch.
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` (or another ``DatabaseError``).
    func authorizeRead(_ path: String, database: String, caller: DatabaseCaller) throws(DatabaseError)

    /// Applies `write` atomically: all of its paths or, when one is refused, none. Watchers then receive the
    /// change tagged with `origin`.
    /// - Throws: ``DatabaseError``; nothing was written.
    func write(_ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
               origin: String) throws(DatabaseError)

    /// Compare-and-set, for transactions: applies `write` (one set) like ``write(_:database:caller:origin:)``
    /// only when the value at its path equals `expected`, atomically. Returns nil once written, or the value
    /// there now (nothing written).
    /// - Throws: ``DatabaseError``; nothing was written.
    func compareAndSet(_ write: DatabaseBackendWrite, expected: DatabaseBackendValue, database: String,
                       caller: DatabaseCaller, origin: String) throws(DatabaseError) -> DatabaseBackendValue?

    /// Registers `write` to be applied when the client `session` disconnects (an `onDisconnect` operation);
    /// the rules are checked now, as the server does.
    /// - Throws: ``DatabaseError``; nothing was registered.
    func onDisconnect(_ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
                      session: String) throws(DatabaseError)

    /// Forgets the `onDisconnect` operations of `session` at `path` and below.
    /// - Throws: ``DatabaseError``.
    func cancelOnDisconnect(_ path: String, database: String, caller: DatabaseCaller,
                            session: String) throws(DatabaseError)

    /// The client `session` went away: applies its `onDisconnect` operations (in the order they were
    /// registered, as one write) and forgets them.
    func disconnect(session: String, database: String)

    /// Starts a watch: the returned value holds the database's value now, and `onChange` receives every later
    /// change, in order, until the watch is removed.
    func watch(database: String, _ onChange: @escaping @Sendable (DatabaseBackendChange) -> Void) -> DatabaseBackendWatch
}
