// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The connection: ``DatabaseEngine/goOffline()`` (with the `onDisconnect` sets applied locally) and
/// ``DatabaseEngine/goOnline()``, and the wait of the operations queued while offline.
extension DatabaseEngine {
    /// Waits until the client is online; false when the instance was shut down first, or when `cancelled`
    /// (checked again after each ``DatabaseEngine/purgeOutstandingWrites()``) says the operation is cancelled.
    func waitUntilOnline(unless cancelled: @Sendable () -> Bool = { false }) async -> Bool {
        while true {
            let (online, terminated) = state.withLock { ($0.online, $0.terminated) }
            if online { return true }
            if terminated || cancelled() { return false }
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
}
