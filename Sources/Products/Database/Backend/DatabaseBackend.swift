// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The server side of the Realtime Database: what a ``Database`` client reads from, writes to and watches.
///
/// Resolved through the app's container: ``DatabaseLibrary`` registers a ``LocalDatabaseBackend`` (an
/// in-process server for development and tests) per app. Override the component to share one backend
/// between apps, so that each sees the other's writes as another client's, or to talk to a real server
/// with ``HTTPDatabaseBackend`` (the REST and Server-Sent Events protocol):
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
/// types are opaque, so a custom backend usually wraps a ``LocalDatabaseBackend`` or an
/// ``HTTPDatabaseBackend``.
///
/// The operations are `async` so that a backend may go over the network; a synchronous implementation (as
/// ``LocalDatabaseBackend``'s) satisfies them.
public protocol DatabaseBackend: AnyObject, Sendable {
    /// The value at `path` (`/a/b`).
    /// - Throws: ``DatabaseError`` (for example ``DatabaseErrorCode/permissionDenied``).
    func read(_ path: String, database: String, caller: DatabaseCaller) async throws(DatabaseError)
        -> DatabaseBackendValue

    /// The value `query` selects (its location's value, or a subset of its children holding at least the ones
    /// the query selects); the client applies the query to it. By default, ``read(_:database:caller:)`` of
    /// the query's location.
    /// - Throws: ``DatabaseError``.
    func read(
        _ query: DatabaseBackendQuery, database: String,
        caller: DatabaseCaller
    ) async throws(DatabaseError) -> DatabaseBackendValue

    /// Checks that `caller` may listen to `path`; the client then follows the database through its watch.
    /// Used when ``listensPerLocation`` is false.
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` (or another ``DatabaseError``).
    func authorizeRead(_ path: String, database: String, caller: DatabaseCaller) throws(DatabaseError)

    /// Whether the backend fetches data per listened location (``listen(_:database:credentials:onReady:onCancel:)``)
    /// rather than knowing the whole database (false by default).
    var listensPerLocation: Bool { get }

    /// Starts listening to `query` and returns at once; `onReady` is called once the query's data is in the
    /// watch's value (the watchers saw it as a change: at once when it already is), and the data is kept up to
    /// date until the returned registration is removed. `onCancel` reports the listen's end: refused, or
    /// ended by the server later (``DatabaseErrorCode/permissionDenied`` when the caller may no longer read).
    /// `credentials` gives the caller (with a fresh ID token when asked to force a refresh). The callbacks of
    /// listens of one query are called in the order the listens were made, never under a lock.
    ///
    /// By default: ``authorizeRead(_:database:caller:)`` of the query's location (from a task), and a
    /// registration that does nothing.
    func listen(
        _ query: DatabaseBackendQuery, database: String, credentials: @escaping DatabaseCredentialSource,
        onReady: @escaping @Sendable () -> Void,
        onCancel: @escaping @Sendable (DatabaseError) -> Void
    ) -> any ListenerRegistration

    /// Applies `write` atomically: all of its paths or, when one is refused, none. Watchers then receive the
    /// change tagged with `origin`.
    /// - Throws: ``DatabaseError``; nothing was written.
    func write(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        origin: String) async throws(DatabaseError)

    /// Compare-and-set, for transactions: applies `write` (one set) like ``write(_:database:caller:origin:)``
    /// only when the value at its path equals `expected`, atomically. Returns nil once written, or the value
    /// there now (nothing written).
    /// - Throws: ``DatabaseError``; nothing was written.
    func compareAndSet(
        _ write: DatabaseBackendWrite, expected: DatabaseBackendValue, database: String,
        caller: DatabaseCaller, origin: String
    ) async throws(DatabaseError) -> DatabaseBackendValue?

    /// Registers `write` to be applied when the client `session` disconnects (an `onDisconnect` operation);
    /// the rules are checked now, as the server does.
    /// - Throws: ``DatabaseError``; nothing was registered.
    func onDisconnect(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        session: String) async throws(DatabaseError)

    /// Forgets the `onDisconnect` operations of `session` at `path` and below.
    /// - Throws: ``DatabaseError``.
    func cancelOnDisconnect(
        _ path: String, database: String, caller: DatabaseCaller,
        session: String) async throws(DatabaseError)

    /// The client `session` went away: applies its `onDisconnect` operations (in the order they were
    /// registered, as one write) and forgets them.
    func disconnect(session: String, database: String)

    /// Starts a watch: the returned value holds the database's value now, and `onChange` receives every later
    /// change, in order, until the watch is removed.
    func watch(database: String, _ onChange: @escaping @Sendable (DatabaseBackendChange) -> Void)
        -> DatabaseBackendWatch
}

extension DatabaseBackend {
    /// ``read(_:database:caller:)`` of the query's location.
    public func read(
        _ query: DatabaseBackendQuery, database: String,
        caller: DatabaseCaller
    ) async throws(DatabaseError) -> DatabaseBackendValue {
        try await read(query.path, database: database, caller: caller)
    }

    /// False: the backend knows the whole database and its watch carries every change.
    public var listensPerLocation: Bool { false }

    /// Checks ``authorizeRead(_:database:caller:)`` from a task; the watch already carries the data.
    public func listen(
        _ query: DatabaseBackendQuery, database: String, credentials: @escaping DatabaseCredentialSource,
        onReady: @escaping @Sendable () -> Void,
        onCancel: @escaping @Sendable (DatabaseError) -> Void
    ) -> any ListenerRegistration {
        Task {
            do throws(DatabaseError) {
                try authorizeRead(query.path, database: database, caller: try await credentials(false))
                onReady()
            } catch {
                onCancel(error)
            }
        }
        return ClosureListenerRegistration {}
    }
}
