// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The embedded Realtime Database server (the default ``DatabaseBackend``): every database it serves lives
/// in memory, in a persistent tree, so a write copies O(log n) nodes per written level and the watchers
/// receive the new root by reference.
///
/// Security rules are an optional Swift closure over a ``DatabaseRulesRequest`` (the operation, the path and
/// the caller's uid): returning false refuses the operation with ``DatabaseErrorCode/permissionDenied``. A
/// write is checked at each of its paths; a listen at its location. Without rules everything is allowed.
///
/// Transactions use ``compareAndSet(_:expected:database:caller:origin:)-45fpo``.
///
/// `onDisconnect` operations are kept per client session and applied when the client goes offline or its
/// app is deleted; their server values (`ServerValue.timestamp()`, `ServerValue.increment(_:)`) are resolved
/// then, against the data and the time of that moment, as Firebase's server does.
///
/// **Persistence** (opt-in): ``init(directory:rules:)`` keeps the databases in a directory, and a backend made
/// later on the same directory starts with them. The file (`database.flintdb`) uses the framed, checksummed
/// record format every Flint product that persists shares (FlintProductSupport's `FramedLogFile`). Every write
/// is appended and synchronized to the disk (`fsync`) before it is applied, so an acknowledged write is never
/// lost; a write that cannot be stored fails with ``DatabaseErrorCode/unavailable`` and changes nothing. The
/// file is compacted into one snapshot when it is opened and every 1,000 writes. A final record cut short (a
/// crash during a write that was never acknowledged) is dropped; any other damage makes the initializer throw
/// ``DatabaseErrorCode/dataLoss``, naming the file.
/// Clients' writes to a persistent backend run on a queue of its own, so flushing the disk never holds a Swift
/// concurrency thread.
/// `onDisconnect` operations are not persisted (they belong to connected clients).
public final class LocalDatabaseBackend: DatabaseBackend {
    private typealias Watcher = @Sendable (DatabaseBackendChange) -> Void

    private struct State {
        var roots: [String: DatabaseNode] = [:]
        var watchers: [String: [Int: Watcher]] = [:]
        var nextWatcher = 0
        /// The `onDisconnect` sets of each database's client sessions, in registration order, server values
        /// kept as placeholders.
        var disconnectSets: [String: [String: [(path: DatabasePath, node: DatabaseNode)]]] = [:]
    }

    private let state = Locked(State())
    private let deliveries = DeliveryQueue()
    private let rules: (@Sendable (DatabaseRulesRequest) -> Bool)?
    /// Where the databases are kept, nil in memory.
    private let persistence: DatabasePersistence?
    /// Where persistent writes run (in order), off the Swift concurrency pool.
    private let ioQueue = DispatchQueue(label: "Flint.LocalDatabaseBackend.io")
    /// The server's clock, for the server values of `onDisconnect` operations.
    private let now: @Sendable () -> Date

    /// A new empty server in memory, with optional security rules.
    public init(rules: (@Sendable (DatabaseRulesRequest) -> Bool)? = nil) {
        self.rules = rules
        persistence = nil
        now = { Date() }
    }

    /// A new empty server in memory whose clock is `now` (tests).
    init(rules: (@Sendable (DatabaseRulesRequest) -> Bool)? = nil, now: @escaping @Sendable () -> Date) {
        self.rules = rules
        persistence = nil
        self.now = now
    }

    /// A server keeping its databases in `directory` (created if needed), starting with what a previous
    /// backend on that directory stored, with optional security rules.
    ///
    /// ```swift
    /// let backend = try LocalDatabaseBackend(directory: appSupport.appendingPathComponent("database"))
    /// ```
    /// - Throws: ``DatabaseErrorCode/dataLoss`` when a stored file is corrupt (the error names it),
    ///   ``DatabaseErrorCode/unavailable`` when the directory cannot be created or read.
    public convenience init(directory: URL, rules: (@Sendable (DatabaseRulesRequest) -> Bool)? = nil)
        throws(DatabaseError)
    {
        try self.init(persistence: DatabasePersistence(directory: directory), rules: rules)
    }

    /// A server kept by `persistence` (tests inject its file operations), whose clock is `now`.
    init(
        persistence: DatabasePersistence, rules: (@Sendable (DatabaseRulesRequest) -> Bool)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(DatabaseError) {
        self.rules = rules
        self.persistence = persistence
        self.now = now
        let roots = try persistence.load()
        state.withLock { $0.roots = roots }
    }

    /// The value at `path`.
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` when the rules refuse the read,
    ///   ``DatabaseErrorCode/invalidArgument`` for a malformed path.
    public func read(_ path: String, database: String, caller: DatabaseCaller) throws(DatabaseError)
        -> DatabaseBackendValue
    {
        let location = try Self.path(path)
        try check(.read, location, database: database, caller: caller)
        return DatabaseBackendValue(node: state.withLock { $0.roots[database] ?? .null }.node(at: location.keys))
    }

    /// Checks the rules for reading `path`.
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` when the rules refuse the read.
    public func authorizeRead(_ path: String, database: String, caller: DatabaseCaller) throws(DatabaseError) {
        try check(.read, try Self.path(path), database: database, caller: caller)
    }

    /// Applies `write` when the rules allow every path of it, then tells the watchers. A set at a location's
    /// `.priority` sets its priority (checked by the rules as a write of the location).
    /// - Throws: ``DatabaseErrorCode/permissionDenied``; ``DatabaseErrorCode/invalidArgument`` for a priority
    ///   set at a location without data, as the server refuses it; nothing was written.
    public func write(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        origin: String
    ) throws(DatabaseError) {
        _ = try apply(write, expected: nil, database: database, caller: caller, origin: origin)
    }

    /// Applies `write` when the value at its first path equals `expected` and the rules allow it.
    /// - Throws: ``DatabaseErrorCode/permissionDenied``; nothing was written.
    public func compareAndSet(
        _ write: DatabaseBackendWrite, expected: DatabaseBackendValue, database: String,
        caller: DatabaseCaller, origin: String
    ) throws(DatabaseError) -> DatabaseBackendValue? {
        try apply(write, expected: expected.node, database: database, caller: caller, origin: origin)
            .map(DatabaseBackendValue.init(node:))
    }

    /// ``write(_:database:caller:origin:)`` for async callers (the ``DatabaseBackend`` requirement): with persistence,
    /// run on a queue of the backend's own, so that synchronizing its file never holds a Swift concurrency thread.
    /// - Throws: as the synchronous form.
    public func write(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        origin: String
    ) async throws(DatabaseError) {
        _ = try await offPool { [self] () throws(DatabaseError) in
            try apply(write, expected: nil, database: database, caller: caller, origin: origin)
        }
    }

    /// ``compareAndSet(_:expected:database:caller:origin:)`` for async callers (the ``DatabaseBackend``
    /// requirement): with persistence, run on a queue of the backend's own.
    /// - Throws: as the synchronous form.
    public func compareAndSet(
        _ write: DatabaseBackendWrite, expected: DatabaseBackendValue, database: String,
        caller: DatabaseCaller, origin: String
    ) async throws(DatabaseError) -> DatabaseBackendValue? {
        try await offPool { [self] () throws(DatabaseError) in
            try apply(write, expected: expected.node, database: database, caller: caller, origin: origin)
        }.map(DatabaseBackendValue.init(node:))
    }

    /// Runs `work` at once in memory; with persistence, on ``ioQueue`` (its file operations may block).
    private func offPool(_ work: @escaping @Sendable () throws(DatabaseError) -> DatabaseNode?)
        async throws(DatabaseError) -> DatabaseNode?
    {
        guard persistence != nil else { return try work() }
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<DatabaseNode?, DatabaseError>, Never>) in
            ioQueue.async {
                do throws(DatabaseError) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Writes unless `expected` is given and differs from the value at the first path; returns that value then.
    /// With `time`, the write's server value placeholders are resolved first, against the data then.
    func apply(
        _ write: DatabaseBackendWrite, expected: DatabaseNode?, database: String,
        caller: DatabaseCaller, origin: String?, checkingRules: Bool = true, resolvingAt time: Date? = nil
    ) throws(DatabaseError) -> DatabaseNode? {
        for set in write.sets where checkingRules {
            try check(.write, set.path.location, database: database, caller: caller)
        }
        let outcome = state.withLock { state -> Result<DatabaseNode?, DatabaseError> in
            var root = state.roots[database] ?? .null
            if let expected, let first = write.sets.first {
                let current = root.node(at: first.path.keys)
                if current != expected { return .success(current) }
            }
            var write = write
            if let time {
                let before = root
                write = DatabaseBackendWrite(
                    sets: write.sets.map { set in
                        (set.path, set.node.resolvingServerValues(existing: before, at: set.path, time))
                    })
            }
            for set in write.sets {
                if set.path.isPriority, root.node(at: set.path.location.keys).isNull {
                    return .failure(Self.noDataForPriority(set.path.location))
                }
                root = root.setting(set.node, at: set.path.keys)
            }
            if let persistence {
                // Stored before it is applied: a write that cannot be stored is not made.
                do throws(DatabaseError) {
                    try persistence.record(write.sets, database: database)
                } catch {
                    return .failure(error)
                }
            }
            state.roots[database] = root
            persistence?.compactIfNeeded(state.roots)
            let change = DatabaseBackendChange(root: root, paths: write.sets.map(\.path), origin: origin)
            let watchers = (state.watchers[database] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
            deliveries.enqueue(watchers.map { watcher in { watcher(change) } })
            return .success(nil)
        }
        deliveries.drain()
        return try outcome.get()
    }

    /// Registers `write` for when `session` disconnects, when the rules allow every path of it now. Its
    /// server values (kept as placeholders in the write's wire form) are resolved when it is applied.
    /// - Throws: ``DatabaseErrorCode/permissionDenied``; nothing was registered.
    public func onDisconnect(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        session: String
    ) throws(DatabaseError) {
        for set in write.sets {
            try check(.write, set.path.location, database: database, caller: caller)
        }
        let sets = write.wire ?? write.sets
        state.withLock { $0.disconnectSets[database, default: [:]][session, default: []] += sets }
    }

    /// Forgets the `onDisconnect` operations of `session` at `path` and below.
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` when the rules refuse writing `path`.
    public func cancelOnDisconnect(
        _ path: String, database: String, caller: DatabaseCaller,
        session: String
    ) throws(DatabaseError) {
        let location = try Self.path(path)
        try check(.write, location, database: database, caller: caller)
        state.withLock { state in
            state.disconnectSets[database]?[session]?.removeAll { location.contains($0.path) }
        }
    }

    /// Applies and forgets the `onDisconnect` operations of `session`, their server values resolved now; its
    /// watchers see one change with no origin.
    public func disconnect(session: String, database: String) {
        let sets = state.withLock { $0.disconnectSets[database]?.removeValue(forKey: session) } ?? []
        guard !sets.isEmpty else { return }
        let apply: @Sendable () -> Void = { [self] in
            _ = try? self.apply(
                DatabaseBackendWrite(sets: sets), expected: nil, database: database, caller: DatabaseCaller(),
                origin: nil, checkingRules: false, resolvingAt: now())
        }
        // With persistence, from the backend's queue: the caller may be a Swift concurrency thread.
        if persistence != nil { ioQueue.async(execute: apply) } else { apply() }
    }

    /// Starts a watch of `database`.
    public func watch(database: String, _ onChange: @escaping @Sendable (DatabaseBackendChange) -> Void)
        -> DatabaseBackendWatch
    {
        let (id, initial) = state.withLock { state -> (Int, DatabaseNode) in
            state.nextWatcher += 1
            state.watchers[database, default: [:]][state.nextWatcher] = onChange
            return (state.nextWatcher, state.roots[database] ?? .null)
        }
        return DatabaseBackendWatch(initial: initial) { [weak self] in
            self?.state.withLock { _ = $0.watchers[database]?.removeValue(forKey: id) }
        }
    }

    private func check(
        _ operation: DatabaseRulesRequest.Operation, _ path: DatabasePath, database: String,
        caller: DatabaseCaller
    ) throws(DatabaseError) {
        guard let rules else { return }
        let request = DatabaseRulesRequest(
            operation: operation, path: path.description, database: database,
            uid: caller.uid, appCheckToken: caller.appCheckToken)
        guard rules(request) else {
            throw DatabaseError(.permissionDenied, "Permission denied: \(operation.rawValue) of \(path)")
        }
    }

    /// The error of a priority write at a location without data, which the server refuses (the SDK's
    /// `testSetPriorityOnNonexistentNodeFails`).
    static func noDataForPriority(_ location: DatabasePath) -> DatabaseError {
        DatabaseError(.invalidArgument, "Cannot set the priority of \(location): it has no data")
    }

    private static func path(_ string: String) throws(DatabaseError) -> DatabasePath {
        if string == "/" { return .root }
        do {
            return try DatabasePath(validating: string)
        } catch {
            throw .invalid(error.description)
        }
    }
}
