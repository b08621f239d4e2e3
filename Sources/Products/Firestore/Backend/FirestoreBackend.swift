// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The server side of Firestore: what a ``Firestore`` client reads from, commits to and watches.
///
/// Resolved through the app's container: ``FirestoreLibrary`` registers a ``LocalFirestoreBackend`` (an
/// in-process emulator for development and tests) per app. Override the component to share one backend
/// between apps, so that they see each other's writes as another client's:
///
/// ```swift
/// let backend = LocalFirestoreBackend()
/// let alice = try registry.configure(name: "alice", options: options,
///                                    overrides: [.instance(backend, as: FirestoreBackend.self)])
/// let bob = try registry.configure(name: "bob", options: options,
///                                  overrides: [.instance(backend, as: FirestoreBackend.self)])
/// ```
///
/// A backend is synchronous and in-process: the client simulates the network itself (local writes are
/// applied at once and acknowledged later, from a task). Implementations must be thread-safe, must never
/// call a watcher while holding a lock, and must deliver each database's batches in sequence-number order.
/// A `caller` of nil is the client engine reading on its own behalf (to compute latency-compensated
/// documents and refill limited views, as the real SDK reads its local cache): no security rules apply. The
/// client makes those reads while it holds its engine's lock (as the SDK reads its cache on its worker queue),
/// so `document(at:database:caller:)` and `documents(in:database:caller:)` with a nil `caller` must answer
/// without blocking and without calling back into the client.
/// The payload types are opaque, so a custom backend usually wraps a ``LocalFirestoreBackend`` (to inject
/// failures or count calls).
public protocol FirestoreBackend: AnyObject, Sendable {
    /// One document (nil when missing).
    /// - Throws: ``FirestoreError`` (for example ``RPCStatusCode/permissionDenied``).
    func document(
        at path: String, database: DatabaseID,
        caller: FirestoreCaller?
    ) throws(FirestoreError) -> BackendRead<BackendDocument?>

    /// Every document of a target (for a document target: zero or one), in no particular order.
    /// - Throws: ``FirestoreError`` (for example ``RPCStatusCode/permissionDenied``).
    func documents(
        in target: BackendTarget, database: DatabaseID,
        caller: FirestoreCaller?
    ) throws(FirestoreError) -> BackendRead<[BackendDocument]>

    /// Checks that `caller` may listen to `target` (the rules' `get` of a document, `list` of a
    /// collection or group); the client then reads the target on its own behalf.
    /// - Throws: ``RPCStatusCode/permissionDenied`` (or another ``FirestoreError``).
    func authorizeListen(
        to target: BackendTarget, database: DatabaseID,
        caller: FirestoreCaller) throws(FirestoreError)

    /// Applies `writes` atomically, in order: all of them or, when one fails (a precondition, the rules),
    /// none. Watchers then receive the changes as one batch tagged with `origin`.
    /// - Throws: ``FirestoreError``; nothing was written.
    func commit(
        _ writes: [BackendWrite], database: DatabaseID, caller: FirestoreCaller?,
        origin: String?
    ) throws(FirestoreError) -> BackendCommitResult

    /// Calls `onBatch` with every later commit's changes, in sequence-number order, until the returned
    /// registration is removed.
    func watch(database: DatabaseID, _ onBatch: @escaping @Sendable (BackendChangeBatch) -> Void) -> BackendWatch
}
