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
    private var backend: any DatabaseBackend { backendBox.withLock { $0 } }
    private let credentials: DatabaseCredentials
    private let origin = UUID().uuidString
    private let state: Locked<DatabaseEngineState>
    private let deliveries = DeliveryQueue()
    private let watch = Locked<DatabaseBackendWatch?>(nil)

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
                    await commit(write, id: id) { _ in }
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
        return try await backend.read(DatabaseBackendQuery(spec: spec), database: url, caller: caller).node
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
            where sets.contains(where: { $0.path.contains(entry.path) || entry.path.contains($0.path) }) {
                state.transactions[transaction]?.overridden = true
            }
            state.pending.append(DatabaseEngineState.PendingWrite(id: id, write: write))
            transition(&state, to: write.applied(to: state.local), paths: sets.map(\.path))
            // Chained, so that the backend receives the writes in the order they were made.
            let previous = state.lastCommit
            state.lastCommit = Task { [self] in
                await previous?.value
                await commit(write, id: id, completion: completion)
            }
            return nil
        }
        deliveries.drain()
        if let refusal { completion(refusal) }
    }

    private func commit(
        _ write: DatabaseBackendWrite, id: Int,
        completion: @Sendable (DatabaseError?) -> Void
    ) async {
        do throws(DatabaseError) {
            guard await waitUntilOnline() else { throw Self.gone }
            let caller = try await credentials.caller()
            try await backend.write(write, database: url, caller: caller, origin: "\(origin)/\(id)")
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
    private func revert(_ id: Int) {
        state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.id == id }) else { return }
            if !state.terminated { state.cache?.recordDone(id) }
            let write = state.pending.remove(at: index).write
            transition(&state, to: state.localValue, paths: write.sets.map(\.path))
        }
        deliveries.drain()
    }

    private func receive(_ change: DatabaseBackendChange) {
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
    private func recordData(_ state: inout DatabaseEngineState, touching paths: [DatabasePath]) {
        guard let cache = state.cache, state.online else { return }
        var recorded = Set<DatabasePath>()
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
    private func transition(_ state: inout DatabaseEngineState, to local: DatabaseNode, paths: [DatabasePath]) {
        let old = state.local
        state.local = local
        let changed = paths.filter { old.node(at: $0.keys) != local.node(at: $0.keys) }
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

    // MARK: - Connection

    private static let gone = DatabaseError(.unavailable, "The database instance is gone (its app was deleted).")

    /// Waits until the client is online; false when the instance was shut down first.
    private func waitUntilOnline() async -> Bool {
        while true {
            let (online, terminated) = state.withLock { ($0.online, $0.terminated) }
            if online { return true }
            if terminated { return false }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.online || state.terminated { return true }
                    state.onlineWaiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    /// Whether the client is connected.
    var isOnline: Bool { state.withLock { $0.online } }

    /// Disconnects: the backend watch stops (other clients' changes no longer arrive), the backend applies
    /// this client's `onDisconnect` operations and so does the local value (with events); later writes apply
    /// locally at once and are sent by ``goOnline()``.
    func goOffline() {
        let disconnect = state.withLock { state -> [any ListenerRegistration]? in
            guard state.online, !state.terminated else { return nil }
            state.online = false
            state.connection += 1
            var registrations: [any ListenerRegistration] = []
            for id in state.listeners.keys {
                if let registration = state.listeners[id]?.registration { registrations.append(registration) }
                state.listeners[id]?.registration = nil
            }
            return registrations
        }
        guard let disconnect else { return }
        for element in disconnect { element.remove() }
        watch.withLock { watch in
            defer { watch = nil }
            return watch
        }?.remove()
        backend.disconnect(session: origin, database: url)
        state.withLock { state in
            let now = Date()
            let server = state.server
            let sets = state.disconnectSets.map { set -> (path: DatabasePath, node: DatabaseNode) in
                (set.path, set.node.resolvingServerValues(existing: server, at: set.path, now))
            }
            state.disconnectSets = []
            guard !sets.isEmpty else { return }
            state.server = DatabaseBackendWrite(sets: sets).applied(to: state.server)
            transition(&state, to: state.localValue, paths: sets.map(\.path))
        }
        deliveries.drain()
    }

    /// Reconnects: follows the backend again (listeners get the changes made meanwhile) and sends the writes
    /// made while offline, in order.
    func goOnline() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.online, !state.terminated else { return [] }
            // Watched under the lock, so a change made right after the watch starts waits for `server`.
            let watch = backend.watch(database: url) { [weak self] change in self?.receive(change) }
            self.watch.withLock { $0 = watch }
            state.online = true
            state.pending.removeAll { state.committed.contains($0.id) }
            state.committed = []
            state.backendRoot = watch.initial
            state.server = state.overlaid(watch.initial)
            transition(&state, to: state.localValue, paths: [.root])
            recordData(&state, touching: [.root])
            defer { state.onlineWaiters = [] }
            return state.onlineWaiters
        }
        deliveries.drain()
        for element in waiters { element.resume() }
        if backend.listensPerLocation {
            let listeners = state.withLock { state in
                state.listeners.filter { $0.value.registration == nil }.map {
                    ($0.key, $0.value.spec, $0.value.callback)
                }
            }
            for (id, spec, callback) in listeners {
                listenRemotely(id, spec: spec, callback: callback)
            }
        }
    }

    // MARK: - onDisconnect

    /// Registers `sets` with the backend, to apply when this client disconnects; ordered with the writes
    /// (sent once online). `completion` gets nil once registered, or the error. `wire`: as for ``write(_:wire:completion:)``.
    func onDisconnect(
        _ sets: [(path: DatabasePath, node: DatabaseNode)], wire: [(path: DatabasePath, node: DatabaseNode)]? = nil,
        completion: @escaping @Sendable (DatabaseError?) -> Void
    ) {
        serverOperation(completion) { [self] caller async throws(DatabaseError) in
            try await backend.onDisconnect(
                DatabaseBackendWrite(sets: sets, wire: wire), database: url, caller: caller, session: origin)
            state.withLock { $0.disconnectSets += wire ?? sets }
        }
    }

    /// Cancels the `onDisconnect` operations at `path` and below.
    func cancelOnDisconnect(_ path: DatabasePath, completion: @escaping @Sendable (DatabaseError?) -> Void) {
        serverOperation(completion) { [self] caller async throws(DatabaseError) in
            try await backend.cancelOnDisconnect(path.description, database: url, caller: caller, session: origin)
            state.withLock { $0.disconnectSets.removeAll { path.contains($0.path) } }
        }
    }

    /// Runs `body` with the caller's credentials after the writes sent so far, once online.
    private func serverOperation(
        _ completion: @escaping @Sendable (DatabaseError?) -> Void,
        _ body: @escaping @Sendable (DatabaseCaller) async throws(DatabaseError) -> Void
    ) {
        let accepted = state.withLock { state -> Bool in
            guard !state.terminated else { return false }
            let previous = state.lastCommit
            state.lastCommit = Task { [self] in
                await previous?.value
                do throws(DatabaseError) {
                    guard await waitUntilOnline() else { throw Self.gone }
                    try await body(try await credentials.caller())
                    completion(nil)
                } catch {
                    completion(error)
                }
            }
            return true
        }
        if !accepted { completion(Self.gone) }
    }

    // MARK: - Transactions

    /// What one run of a transaction led to.
    private enum TransactionStep {
        /// A local write at the location overrode it, or the instance is gone.
        case stopped(DatabaseError)
        /// The block aborted; the local value at the location.
        case aborted(DatabaseNode)
        /// Sent: the compare-and-set's outcome (nil once written, else the server's value), and the local
        /// write that holds the tentative value.
        case sent(Task<Result<DatabaseNode?, DatabaseError>, Never>, write: Int)
    }

    /// The SDK's limit: the block runs at most this many times more after a first run that lost a race.
    static let maximumTransactionRetries = 25

    /// Runs a transaction at `path`: `update` (user code, called without any lock held, from a task) maps the
    /// value there (the local value first, then the server's after each lost race) to the new value, or nil
    /// to abort. The new value applies locally (events at once when `localEvents`) and is sent as a
    /// compare-and-set; when the server's value changed meanwhile, the local change is reverted and `update`
    /// runs again, up to ``maximumTransactionRetries`` times. A local write at, above or below `path` made
    /// before the transaction was sent aborts it with ``DatabaseErrorCode/overriddenBySet``.
    ///
    /// `completion` receives (nil, true, the committed value), (nil, false, the local value) after an abort, or
    /// the error.
    func transaction(
        at path: DatabasePath, localEvents: Bool,
        update: @escaping @Sendable (DatabaseNode) -> DatabaseNode?,
        completion: @escaping @Sendable (DatabaseError?, Bool, DatabaseNode) -> Void
    ) {
        let id = state.withLock { state -> Int? in
            guard !state.terminated, state.cacheFailure == nil else { return nil }
            state.nextTransaction += 1
            state.transactions[state.nextTransaction] = (path, false)
            return state.nextTransaction
        }
        guard let id else {
            completion(state.withLock { $0.terminated ? nil : $0.cacheFailure } ?? Self.gone, false, .null)
            return
        }
        Task { [self] in
            var input = localNode(at: path)
            var retries = 0
            while true {
                let output = update(input)
                let step = send(id, path: path, input: input, output: output, localEvents: localEvents)
                deliveries.drain()
                switch step {
                case .stopped(let error):
                    return completion(error, false, localNode(at: path))
                case .aborted(let local):
                    return completion(nil, false, local)
                case .sent(let task, let write):
                    let result = await task.value
                    switch result {
                    case .success(nil):
                        finishTransaction(id)
                        return completion(nil, true, output ?? .null)
                    case .failure(let error):
                        revert(write)
                        finishTransaction(id)
                        return completion(error, false, localNode(at: path))
                    case .success(let current?):
                        revert(write)
                        retries += 1
                        if state.withLock({ $0.transactions[id]?.overridden ?? true }) {
                            finishTransaction(id)
                            return completion(Self.overridden, false, localNode(at: path))
                        }
                        if retries > Self.maximumTransactionRetries {
                            finishTransaction(id)
                            return completion(
                                DatabaseError(
                                    .maxRetries,
                                    "Transaction at \(path) failed: maxretry "
                                        + "(the data changed on every one of \(retries) tries)"),
                                false, localNode(at: path))
                        }
                        input = current
                    }
                }
            }
        }
    }

    private static let overridden = DatabaseError(
        .overriddenBySet,
        "Transaction aborted: set (a setValue at its location overrode it)")

    /// Applies `output` locally and queues its compare-and-set, unless the transaction was overridden or aborted.
    private func send(
        _ id: Int, path: DatabasePath, input: DatabaseNode, output: DatabaseNode?,
        localEvents: Bool
    ) -> TransactionStep {
        state.withLock { state -> TransactionStep in
            guard !state.terminated else {
                state.transactions[id] = nil
                return .stopped(DatabaseError(.unavailable, "The database instance is gone (its app was deleted)."))
            }
            guard let entry = state.transactions[id], !entry.overridden else {
                state.transactions[id] = nil
                return .stopped(Self.overridden)
            }
            guard let output else {
                state.transactions[id] = nil
                return .aborted(state.local.node(at: path.keys))
            }
            let write = DatabaseBackendWrite(sets: [(path, output)])
            state.nextWrite += 1
            let writeID = state.nextWrite
            if localEvents {
                state.pending.append(DatabaseEngineState.PendingWrite(id: writeID, write: write))
                transition(&state, to: write.applied(to: state.local), paths: [path])
            }
            let previous = state.lastCommit
            let origin = "\(origin)/\(writeID)"
            let task = Task { [self] () -> Result<DatabaseNode?, DatabaseError> in
                await previous?.value
                do throws(DatabaseError) {
                    guard await waitUntilOnline() else { throw Self.gone }
                    let caller = try await credentials.caller()
                    return .success(
                        try await backend.compareAndSet(
                            write, expected: DatabaseBackendValue(node: input),
                            database: url, caller: caller, origin: origin)?.node)
                } catch {
                    return .failure(error)
                }
            }
            state.lastCommit = Task { _ = await task.value }
            return .sent(task, write: writeID)
        }
    }

    private func finishTransaction(_ id: Int) {
        state.withLock { _ = $0.transactions.removeValue(forKey: id) }
    }

    // MARK: - Listeners

    /// Registers a listener of the `types` events of `spec`; after the backend authorizes the read, it receives
    /// the initial events (a value, or one `childAdded` per child) and then every change's. With `once`, it
    /// is removed after its first event. Returns its handle.
    func listen(
        _ spec: QuerySpec, types: Set<DataEventType>, once: Bool, hidden: Bool = false,
        callback: @escaping Callback
    ) -> Int {
        let id =
            state.withLock { state -> Int? in
                state.nextListener += 1
                guard spec.error == nil, !state.terminated, state.cacheFailure == nil else { return nil }
                state.listeners[state.nextListener] = DatabaseEngineState.Listener(
                    spec: spec, types: types, once: once, hidden: hidden,
                    callback: callback)
                return state.nextListener
            } ?? 0
        if id == 0 {
            if let error = spec.error ?? state.withLock({ $0.terminated ? nil : $0.cacheFailure }) {
                callback(.error(error))
            } else {
                callback(.finished)
            }
            return 0
        }
        if backend.listensPerLocation, !isOnline {
            // Offline: the local data now; the backend listen starts with `goOnline()`.
            activate(id)
            Task { deliveries.drain() }
        } else if backend.listensPerLocation {
            // The backend fetches the data first; the listens of one query share it and become active in the
            // order they were made (a slow query does not hold up the others). With the disk cache's data for the
            // location, active at once.
            if state.withLock({ $0.provisionallyCovers(spec.path) }) {
                activate(id)
                Task { deliveries.drain() }
            }
            listenRemotely(id, spec: spec, callback: callback)
        } else if credentials.isAnonymous {
            // Nobody to ask for tokens: authorize and activate now, so the next write is seen; the initial
            // events are delivered from a task, never before `observe` returns.
            authorize(id, spec: spec, caller: DatabaseCaller(), callback: callback)
            Task { deliveries.drain() }
        } else {
            // Chained, so that listeners become active in the order they were registered.
            state.withLock { state in
                let previous = state.lastActivation
                state.lastActivation = Task { [self] in
                    await previous?.value
                    do throws(DatabaseError) {
                        let caller = try await credentials.caller()
                        authorize(id, spec: spec, caller: caller, callback: callback)
                    } catch {
                        fail(id, error, callback: callback)
                    }
                    deliveries.drain()
                }
            }
        }
        return id
    }

    /// Starts the backend listen of listener `id` and activates it once the data is there; a listener removed
    /// meanwhile has its listen stopped at once.
    private func listenRemotely(_ id: Int, spec: QuerySpec, callback: @escaping Callback) {
        let credentials = credentials
        let connection = state.withLock { $0.connection }
        let registration = backend.listen(
            DatabaseBackendQuery(spec: spec), database: url,
            credentials: { forcingRefresh async throws(DatabaseError) in
                try await credentials.caller(forcingRefresh: forcingRefresh)
            },
            onReady: { [weak self] in
                guard let self else { return }
                confirm(spec.path)
                activate(id)
                // From a task: `onReady` may run inside `observe`, whose events never come before it returns.
                Task { self.deliveries.drain() }
            },
            onCancel: { [weak self] error in
                self?.fail(id, error, callback: callback)
                self?.deliveries.drain()
            })
        let kept = state.withLock { state -> Bool in
            guard state.online, state.connection == connection, state.listeners[id] != nil,
                state.listeners[id]?.registration == nil
            else { return false }
            state.listeners[id]?.registration = registration
            return true
        }
        if !kept { registration.remove() }
    }

    /// The backend's data for `path` arrived: the disk cache's values there no longer stand in for it.
    private func confirm(_ path: DatabasePath) {
        state.withLock { state in
            guard state.online, state.provisional.keys.contains(where: { $0.contains(path) || path.contains($0) })
            else { return }
            state.confirm(path, in: state.backendRoot)
            state.server = state.overlaid(state.backendRoot)
            transition(&state, to: state.localValue, paths: [path])
        }
    }

    private func authorize(_ id: Int, spec: QuerySpec, caller: DatabaseCaller, callback: @escaping Callback) {
        do {
            try backend.authorizeRead(spec.path.description, database: url, caller: caller)
            activate(id)
        } catch {
            fail(id, error, callback: callback)
        }
    }

    /// Removes the listener `id` and queues `error` for it.
    private func fail(_ id: Int, _ error: DatabaseError, callback: @escaping Callback) {
        let registration = state.withLock { state -> (any ListenerRegistration)? in
            guard let listener = state.listeners.removeValue(forKey: id) else { return nil }
            deliveries.enqueue([{ callback(.error(error)) }])
            return listener.registration
        }
        registration?.remove()
    }

    private func activate(_ id: Int) {
        state.withLock { state in
            guard var listener = state.listeners[id], listener.view == nil else { return }
            let view = QueryView(
                spec: listener.spec, node: state.local.node(at: listener.spec.path.keys),
                tracksChildren: listener.types != [.value])
            listener.view = view
            state.listeners[id] = listener
            recordData(&state, touching: [listener.spec.path])
            if listener.types.contains(.childAdded) {
                deliveries.enqueue(view.initialEvents.map { delivery(.child($0), to: id, listener) })
            }
            if listener.types.contains(.value) {
                deliveries.enqueue([delivery(.value(view.snapshotNode), to: id, listener)])
            }
        }
    }

    /// A queued delivery: skipped when the listener was removed meanwhile; a `once` listener is removed by it.
    private func delivery(
        _ event: EngineDelivery, to id: Int, _ listener: DatabaseEngineState.Listener
    ) -> @Sendable () -> Void {
        let callback = listener.callback
        let once = listener.once
        return { [weak self] in
            guard let self else { return }
            let (present, registration) = state.withLock { state -> (Bool, (any ListenerRegistration)?) in
                guard let listener = state.listeners[id] else { return (false, nil) }
                if once { state.listeners[id] = nil }
                return (true, once ? listener.registration : nil)
            }
            registration?.remove()
            if present { callback(event) }
        }
    }

    /// Removes the listener `id` (nothing for an unknown one). With `spec`, only when the listener belongs to it, or
    /// to any query at its location when `spec` is a plain location (the SDK's `removeObserverWithHandle:`).
    func removeListener(_ id: Int, of spec: QuerySpec? = nil) {
        let registration = state.withLock { state -> (any ListenerRegistration)? in
            guard let listener = state.listeners[id], spec.map({ Self.matches(listener.spec, $0) }) ?? true else {
                return nil
            }
            return state.listeners.removeValue(forKey: id)?.registration
        }
        registration?.remove()
    }

    /// Whether a listener of `listened` is one of `spec`'s: the same query, or any at a plain location's path.
    private static func matches(_ listened: QuerySpec, _ spec: QuerySpec) -> Bool {
        spec.isDefault ? listened.path == spec.path : listened == spec
    }

    /// Removes the listeners of `spec`: every listener at its location when it is a plain location.
    func removeListeners(matching spec: QuerySpec) {
        let registrations = state.withLock { state -> [any ListenerRegistration] in
            let removed = state.listeners.filter { _, listener in
                !listener.hidden && Self.matches(listener.spec, spec)
            }
            for id in removed.keys { state.listeners[id] = nil }
            return removed.values.compactMap(\.registration)
        }
        for element in registrations { element.remove() }
    }

    /// Keeps `spec` listened with no observer (`keepSynced(true)`), or stops (`false`); once per query.
    func keepSynced(_ spec: QuerySpec, _ keep: Bool) {
        guard spec.error == nil else { return }
        if keep {
            let claimed = state.withLock { state -> Bool in
                guard !state.terminated, !state.synced.contains(where: { $0.spec == spec }) else { return false }
                state.synced.append((spec, 0))
                return true
            }
            guard claimed else { return }
            let id = listen(spec, types: [.value], once: false, hidden: true) { _ in }
            let stopped = state.withLock { state -> Bool in
                guard let index = state.synced.firstIndex(where: { $0.spec == spec && $0.id == 0 }) else { return true }
                state.synced[index].id = id
                return false
            }
            if stopped { removeListener(id) }
        } else {
            let id = state.withLock { state -> Int? in
                guard let index = state.synced.firstIndex(where: { $0.spec == spec }) else { return nil }
                return state.synced.remove(at: index).id
            }
            if let id, id != 0 { removeListener(id) }
        }
    }

    /// Whether every queued event was delivered.
    var isIdle: Bool { deliveries.isIdle }

    /// The number of registered listeners.
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    // MARK: - Lifecycle

    /// Shuts the engine down (its app is being deleted): the watch stops, every listener is removed and gets
    /// ``EngineDelivery/finished``, later writes fail with ``DatabaseErrorCode/unavailable``.
    func terminate() {
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
