// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Listeners: their registration, activation (once the backend authorized the read or sent the data), removal,
/// and the queries kept in sync.
extension DatabaseEngine {
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
    func listenRemotely(_ id: Int, spec: QuerySpec, callback: @escaping Callback) {
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
    func delivery(
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
}
