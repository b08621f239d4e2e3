// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// The client of one database: the server's value as last seen, the local writes not yet acknowledged, the
/// local value (the first with the second applied) and the listeners' views of it.
///
/// A write applies locally at once and its events are delivered before `write` returns (unless another
/// thread is delivering, which then delivers them); it is then sent to the backend in order. The backend's
/// change for it removes it from the pending writes; a refusal removes it and reverts the local value, with
/// events. Changes from other clients arrive through the backend watch. With a backend that listens per location
/// (``HTTPDatabaseBackend``), each listener's query is also listened to through the backend, and the listener
/// becomes active once that data is in the watch.
///
/// Events are computed under the lock, in the order of state changes, and delivered after it is released by
/// a ``DeliveryQueue``; listeners on deeper paths get theirs first.
///
/// With a disk cache (``DatabaseClientCache``), a write is recorded before it applies, the server's value at
/// listened locations whenever it changes, and an acknowledged or refused write's end; a later engine starts
/// with the recorded pending writes (sent first) and, when it starts offline or its backend listens per
/// location, with the recorded data (for the latter, laid over the backend's until it sends each location).
final class DatabaseEngine: Sendable {
    typealias Callback = @Sendable (EngineDelivery) -> Void

    /// Where and how a disk cache is kept.
    struct CacheSettings {
        /// The cache file.
        var url: URL
        /// Its writes (tests inject failures).
        var io: PersistenceIO
        /// The size of cached data kept when the file is opened.
        var sizeBytes: Int
    }

    let url: String
    private let backendBox: Locked<any DatabaseBackend>
    /// The backend (replaced by ``replaceBackend(with:)`` before the engine starts).
    var backend: any DatabaseBackend { backendBox.withLock { $0 } }
    /// The caller's credentials, asked for before each backend operation.
    let credentials: DatabaseCredentials
    /// This client's session: its writes' origins are `{origin}/{write number}`.
    let origin = UUID().uuidString
    /// Everything that changes, under one lock.
    let state: Locked<DatabaseEngineState>
    /// The listeners' events, delivered in order after the lock is released.
    let deliveries = DeliveryQueue()
    /// The backend watch while online.
    let watch = Locked<DatabaseBackendWatch?>(nil)
    /// The operations at the backend (reads, writes, transactions, `onDisconnect`), ended by ``terminate()``.
    let operations = InFlightOperations()

    init(url: String, backend: any DatabaseBackend, credentials: DatabaseCredentials) {
        self.url = url
        backendBox = Locked(backend)
        self.credentials = credentials
        state = Locked(DatabaseEngineState(server: .null, local: .null))
    }

    /// Starts following the backend, or (`offline`) starts disconnected. With `cache`, opens the disk cache
    /// first: its pending writes apply locally and are sent before any other (once online), and an offline
    /// start begins with its data. A cache that cannot be opened makes every operation fail with its error.
    func start(offline: Bool = false, cache settings: CacheSettings? = nil) {
        var cache: DatabaseClientCache?
        var contents: DatabaseClientCache.Contents?
        var failure: DatabaseError?
        if let settings {
            do throws(DatabaseError) {
                (cache, contents) = try DatabaseClientCache.open(
                    url: settings.url, io: settings.io, sizeBytes: settings.sizeBytes)
            } catch {
                failure = error
            }
        }
        let watch = offline ? nil : backend.watch(database: url) { [weak self] change in self?.receive(change) }
        state.withLock { state in
            state.cache = cache
            state.cacheFailure = failure
            if backend.listensPerLocation {
                // The backend sends data per listened location: the cached values stand in until it does.
                state.provisional = contents?.entries ?? [:]
                state.backendRoot = watch?.initial ?? .null
                state.server = state.overlaid(state.backendRoot)
            } else {
                // The backend's watch holds all its data: the cached data stands in only while offline.
                state.server = watch?.initial ?? contents?.data ?? .null
            }
            if offline {
                state.online = false
                state.connection += 1
            }
            for write in contents?.writes ?? [] {
                state.nextWrite += 1
                state.pending.append(DatabaseEngineState.PendingWrite(id: state.nextWrite, write: write))
                let (id, previous) = (state.nextWrite, state.lastCommit)
                state.lastCommit = Task { [self] in
                    await previous?.value
                    await commit(write, id: id)
                }
            }
            state.local = state.localValue
        }
        self.watch.withLock { $0 = watch }
    }

    // MARK: - Reads

    /// The local value at `path`.
    func localNode(at path: DatabasePath) -> DatabaseNode {
        state.withLock { $0.local.node(at: path.keys) }
    }

    /// The server's value at `path`, read with the caller's credentials.
    func read(_ spec: QuerySpec) async throws(DatabaseError) -> DatabaseNode {
        try checkAlive()
        if let failure = state.withLock({ $0.cacheFailure }) { throw failure }
        if !state.withLock({ $0.online }) { return localNode(at: spec.path) }
        await waitForCommits()
        let caller = try await credentials.caller()
        let (backend, url) = (backend, url)
        return try await atBackend { () async throws(DatabaseError) -> DatabaseNode in
            try await backend.read(DatabaseBackendQuery(spec: spec), database: url, caller: caller).node
        }
    }

    /// `operation` at the backend, ended at once when the instance is terminated (its app deleted) with
    /// ``gone``, which cancels it (and its HTTP request).
    func atBackend<T: Sendable>(_ operation: @escaping @Sendable () async throws(DatabaseError) -> T)
        async throws(DatabaseError) -> T
    {
        try await OperationRace.run(
            in: operations,
            endedBy: { ending in
                ending == .closed ? Self.gone : DatabaseError(.unavailable, "The operation was cancelled.")
            },
            operation)
    }

    // MARK: - Writes

    /// Applies `sets` locally (events at once), then sends them to the backend; `completion` gets nil once
    /// acknowledged, or the error (the local value reverted). `wire`: the same sets with server values kept, for
    /// a backend whose server resolves them (``sendsServerValues``).
    func write(
        _ sets: [(path: DatabasePath, node: DatabaseNode)], wire: [(path: DatabasePath, node: DatabaseNode)]? = nil,
        completion: @escaping @Sendable (DatabaseError?) -> Void
    ) {
        let write = DatabaseBackendWrite(sets: sets, wire: wire)
        let refusal = state.withLock { state -> DatabaseError? in
            guard !state.terminated else { return Self.gone }
            if let failure = state.cacheFailure { return failure }
            state.nextWrite += 1
            let id = state.nextWrite
            do throws(DatabaseError) {
                // Recorded before it applies: a write that cannot be recorded is not made.
                try state.cache?.recordWrite(write, id: id)
            } catch {
                return error
            }
            for (transaction, entry) in state.transactions
            where entry.abort == nil
                && sets.contains(where: { $0.path.contains(entry.path) || entry.path.contains($0.path) })
            {
                state.transactions[transaction]?.abort = Self.overridden
            }
            state.pending.append(DatabaseEngineState.PendingWrite(id: id, write: write))
            state.outstanding[.write(id)] = completion
            transition(&state, to: write.applied(to: state.local), paths: sets.map(\.path))
            // Chained, so that the backend receives the writes in the order they were made.
            let previous = state.lastCommit
            state.lastCommit = Task { [self] in
                await previous?.value
                await commit(write, id: id)
            }
            return nil
        }
        deliveries.drain()
        if let refusal { completion(refusal) }
    }

    /// Sends write `id` once online, unless ``purgeOutstandingWrites()`` cancelled it first, and reports the
    /// outcome to its completion (when it is still outstanding).
    private func commit(_ write: DatabaseBackendWrite, id: Int) async {
        let purged: @Sendable () -> Bool = { [state] in
            state.withLock { !$0.pending.contains { $0.id == id } }
        }
        let completion: @Sendable (DatabaseError?) -> Void = { [state] error in
            state.withLock { $0.outstanding.removeValue(forKey: .write(id)) }?(error)
        }
        do throws(DatabaseError) {
            let online = await waitUntilOnline(unless: purged)
            if purged() { return }
            guard online else { throw Self.gone }
            let caller = try await credentials.caller()
            let (backend, url, origin) = (backend, url, "\(origin)/\(id)")
            try await atBackend { () async throws(DatabaseError) in
                try await backend.write(write, database: url, caller: caller, origin: origin)
            }
            state.withLock { state in
                if state.pending.contains(where: { $0.id == id }) { state.committed.insert(id) }
                state.cache?.recordDone(id)
            }
            completion(nil)
        } catch {
            revert(id)
            completion(error)
        }
    }

    /// Returns once every write sent so far reached the backend.
    private func waitForCommits() async {
        await state.withLock { $0.lastCommit }?.value
    }

    /// Removes pending write `id` (refused, or the instance is gone: then it stays in the disk cache, for a later
    /// instance to send) and reverts its local change.
    func revert(_ id: Int) {
        state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.id == id }) else { return }
            if !state.terminated { state.cache?.recordDone(id) }
            let write = state.pending.remove(at: index).write
            transition(&state, to: state.localValue, paths: write.sets.map(\.path))
        }
        deliveries.drain()
    }

    /// A change from the backend watch (ignored while offline): the server's value moves, and a change made by
    /// one of this client's writes (by its origin) ends that pending write.
    func receive(_ change: DatabaseBackendChange) {
        state.withLock { state in
            guard !state.terminated, state.online else { return }
            var paths = change.paths
            for path in change.paths { state.confirm(path, in: change.root) }
            state.backendRoot = change.root
            state.server = state.overlaid(change.root)
            if let origin = change.origin, origin.hasPrefix(self.origin + "/"),
                let id = Int(origin.dropFirst(self.origin.count + 1)),
                let index = state.pending.firstIndex(where: { $0.id == id })
            {
                paths += state.pending.remove(at: index).write.sets.map(\.path)
                state.committed.remove(id)
            }
            transition(&state, to: state.localValue, paths: paths)
            recordData(&state, touching: change.paths)
        }
        deliveries.drain()
    }

    /// Records in the disk cache the server's values that changed at `paths` for the listened locations: the
    /// whole location when a path is at or above it, the path's value when it is inside one.
    func recordData(_ state: inout DatabaseEngineState, touching paths: [DatabasePath]) {
        guard let cache = state.cache, state.online else { return }
        var recorded = Set<DatabasePath>()
        let paths = paths.map(\.location)  // a priority write records its location
        for location in Set(state.listeners.values.filter { $0.view != nil }.map(\.spec.path)) {
            for path in paths where path.contains(location) || location.contains(path) {
                recorded.insert(path.contains(location) ? location : path)
            }
        }
        // A path inside another is recorded with it (an ancestor test per key: an update may touch many paths).
        let outermost = recorded.filter { path in
            var ancestor = path.parent
            while let current = ancestor {
                if recorded.contains(current) { return false }
                ancestor = current.parent
            }
            return true
        }
        let server = state.server
        cache.recordData(outermost.sorted { $0.description < $1.description }.map { ($0, server.node(at: $0.keys)) })
    }

    /// Moves the local value to `local`, of which `paths` may differ, and queues every listener's events.
    func transition(_ state: inout DatabaseEngineState, to local: DatabaseNode, paths: [DatabasePath]) {
        let old = state.local
        state.local = local
        // A priority write changes its location (listeners see that location change, not a `.priority` child).
        let changed = paths.map(\.location).filter { old.node(at: $0.keys) != local.node(at: $0.keys) }
        guard !changed.isEmpty else { return }
        let ordered = state.listeners.filter { $0.value.view != nil }.sorted {
            ($0.value.spec.path.keys.count, -$0.key) > ($1.value.spec.path.keys.count, -$1.key)
        }
        var items: [(depth: Int, rank: Int, item: @Sendable () -> Void)] = []
        for (id, listener) in ordered {
            let location = listener.spec.path
            var keys: ChangedKeys?
            for path in changed {
                if path.contains(location) {
                    keys = .all
                    break
                }
                if location.contains(path) {
                    let key = path.keys[location.keys.count]
                    if case .keys(var set) = keys ?? .keys([]) {
                        set.insert(key)
                        keys = .keys(set)
                    }
                }
            }
            guard let keys, var view = listener.view else { continue }
            let (events, valueChanged) = view.apply(local.node(at: location.keys), changed: keys)
            state.listeners[id]?.view = view
            let depth = location.keys.count
            for event in events where listener.types.contains(event.type) {
                items.append((depth, Self.rank(event.type), delivery(.child(event), to: id, listener)))
            }
            if valueChanged, listener.types.contains(.value) {
                items.append((depth, Self.rank(.value), delivery(.value(view.snapshotNode), to: id, listener)))
            }
        }
        // Deeper listeners first; at one depth, by type (removed, added, moved, changed, value) across listeners,
        // as the SDK raises a view's events; otherwise in registration and query order (the sort is stable).
        let sorted = items.enumerated().sorted {
            ($0.element.depth, -$0.element.rank, -$0.offset) > ($1.element.depth, -$1.element.rank, -$1.offset)
        }
        deliveries.enqueue(sorted.map(\.element.item))
    }

    private static func rank(_ type: DataEventType) -> Int {
        switch type {
        case .childRemoved: 0
        case .childAdded: 1
        case .childMoved: 2
        case .childChanged: 3
        case .value: 4
        }
    }

    // MARK: - Lifecycle

    /// The error of a transaction a local write overrode (the SDK's `set`).
    static let overridden = DatabaseError(
        .overriddenBySet,
        "Transaction aborted: set (a setValue at its location overrode it)")

    /// The error of the operations ``purgeOutstandingWrites()`` cancelled (the SDK's `write_canceled`).
    static let writeCanceled = DatabaseError(.writeCanceled, "Write cancelled by user")

    /// Cancels every write, `onDisconnect` operation and transaction not yet acknowledged (Firebase's
    /// `purgeOutstandingWrites()`): their completions get ``writeCanceled`` at once, the local value loses them
    /// (with events), the disk cache forgets them, and those not sent yet are never sent. A write already at
    /// the backend may still be applied by it; its answer is ignored. Writes acknowledged and waiting for
    /// their change stay.
    func purgeOutstandingWrites() {
        let (completions, waiters) = state.withLock {
            state -> ([@Sendable (DatabaseError?) -> Void], [CheckedContinuation<Void, Never>]) in
            guard !state.terminated else { return ([], []) }
            let completions = state.outstanding.sorted { $0.key.order < $1.key.order }.map(\.value)
            state.outstanding = [:]
            for (id, entry) in state.transactions where entry.abort == nil {
                state.transactions[id]?.abort = Self.writeCanceled
            }
            let removed = state.pending.filter { !state.committed.contains($0.id) }
            for write in removed { state.cache?.recordDone(write.id) }
            state.pending.removeAll { !state.committed.contains($0.id) }
            transition(&state, to: state.localValue, paths: removed.flatMap { $0.write.sets.map(\.path) })
            // The operations waiting to be online look again: the cancelled ones end.
            defer { state.onlineWaiters = [] }
            return (completions, state.onlineWaiters)
        }
        deliveries.drain()
        for element in waiters { element.resume() }
        for completion in completions { completion(Self.writeCanceled) }
    }

    /// The error of every operation once the instance is gone (``terminate()``).
    static let gone = DatabaseError(.unavailable, "The database instance is gone (its app was deleted).")

    /// Shuts the engine down (its app is being deleted): the operations at the backend in flight end with
    /// ``gone`` (and are cancelled), the watch stops, every listener is removed and gets ``EngineDelivery/finished``,
    /// later writes fail with ``DatabaseErrorCode/unavailable``.
    func terminate() {
        operations.close()
        watch.withLock { $0 }?.remove()
        backend.disconnect(session: origin, database: url)
        let (callbacks, waiters, registrations) = state.withLock {
            state
                -> ([Callback], [CheckedContinuation<Void, Never>], [any ListenerRegistration]) in
            guard !state.terminated else { return ([], [], []) }
            state.terminated = true
            defer { state.onlineWaiters = [] }
            let waiters = state.onlineWaiters
            defer { state.listeners = [:] }
            let listeners = state.listeners.sorted { $0.key < $1.key }.map(\.value)
            return (listeners.map(\.callback), waiters, listeners.compactMap(\.registration))
        }
        for element in registrations { element.remove() }
        for element in waiters { element.resume() }
        deliveries.enqueue(callbacks.map { callback in { callback(.finished) } })
        deliveries.drain()
    }

    private func checkAlive() throws(DatabaseError) {
        if state.withLock({ $0.terminated }) {
            throw DatabaseError(.unavailable, "The database instance is gone (its app was deleted).")
        }
    }
}

extension DatabaseEngine {
    /// Whether writes should carry their server values unresolved too (``DatabaseBackendWrite``'s wire form):
    /// for a backend that listens per location, which talks to a server that resolves them.
    var sendsServerValues: Bool { backend.listensPerLocation }

    /// Replaces the backend (``Database/useEmulator(withHost:port:)``, before the instance is used and so before
    /// ``start(offline:cache:)``).
    func replaceBackend(with newBackend: any DatabaseBackend) {
        backendBox.withLock { $0 = newBackend }
    }
}
