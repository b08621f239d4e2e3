// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Listens: one event stream per query of a database, shared by its listens, whose `put` and `patch` events
/// update the data the watchers see.
extension HTTPDatabaseBackend {
    /// Nothing: listens are authorized by the server when they start.
    public func authorizeRead(_ path: String, database: String, caller: DatabaseCaller) throws(DatabaseError) {}

    /// True: data arrives per listened location.
    public var listensPerLocation: Bool { true }

    /// Listens to `query`: every listen of one query of one database shares one event stream (see
    /// `DatabaseEventStream`), opened by the first and closed when the last is removed. `onReady` is called
    /// once the stream's first data is applied (at once, from here, when it already was); `onCancel` when the
    /// stream ends (a refusal, a `cancel` event, a malformed event).
    public func listen(
        _ query: DatabaseBackendQuery, database: String, credentials: @escaping DatabaseCredentialSource,
        onReady: @escaping @Sendable () -> Void,
        onCancel: @escaping @Sendable (DatabaseError) -> Void
    ) -> any ListenerRegistration {
        let spec = query.spec
        let parameters = DatabaseRESTLocation.parameters(of: spec) + [("format", "export")]
        let key =
            database + " " + spec.path.description + "?" + parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        let (listen, id, isNew, isReady) = state.withLock { state -> (SharedListen, Int, Bool, Bool) in
            state.nextSubscriber += 1
            let subscriber = Subscriber(onReady: onReady, onCancel: onCancel)
            if var existing = state.listens[key] {
                existing.subscribers[state.nextSubscriber] = subscriber
                state.listens[key] = existing
                return (existing, state.nextSubscriber, false, existing.isReady)
            }
            let stream = DatabaseEventStream(
                request: { [self] caller in
                    guard
                        var request = try? makeRequest(
                            database, spec.path, method: "GET", caller: caller,
                            parameters: parameters)
                    else { return nil }
                    request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
                    request.timeoutInterval = 24 * 60 * 60
                    // Every write answered before now is in what this connection will send.
                    return (request, self.state.withLock { $0.answers })
                },
                credentials: credentials, responseTimeout: listenResponseTimeout,
                apply: { [weak self] type, path, data, mark throws(DatabaseError) in
                    try self?.apply(type, path: path, data: data, spec: spec, database: database, mark: mark)
                },
                onReady: { [weak self] in self?.listenIsReady(key) },
                onEnd: { [weak self] error in self?.listenEnded(key, error) },
                sleep: sleep)
            let listen = SharedListen(
                stream: stream, database: database, spec: spec,
                subscribers: [state.nextSubscriber: subscriber])
            state.listens[key] = listen
            return (listen, state.nextSubscriber, true, false)
        }
        if isNew { listen.stream.start() }
        if isReady { onReady() }
        return ClosureListenerRegistration { [weak self] in
            let stopped = self?.state.withLock { state -> DatabaseEventStream? in
                guard var shared = state.listens[key], shared.stream === listen.stream else { return nil }
                shared.subscribers[id] = nil
                if shared.subscribers.isEmpty {
                    state.listens[key] = nil
                    Self.pruneUnconfirmed(shared.database, &state)
                    return shared.stream
                }
                state.listens[key] = shared
                return nil
            }
            stopped?.remove()
        }
    }

    /// The shared stream of `key` has its data: its listens are told, in the order they were made.
    private func listenIsReady(_ key: String) {
        let subscribers = state.withLock { state -> [Subscriber] in
            guard var shared = state.listens[key] else { return [] }
            shared.isReady = true
            state.listens[key] = shared
            return shared.subscribers.sorted { $0.key < $1.key }.map(\.value)
        }
        for element in subscribers { element.onReady() }
    }

    /// The shared stream of `key` ended with `error`: its listens are told, in order, and forgotten.
    private func listenEnded(_ key: String, _ error: DatabaseError) {
        let subscribers = state.withLock { state -> [Subscriber] in
            guard let shared = state.listens.removeValue(forKey: key) else { return [] }
            Self.pruneUnconfirmed(shared.database, &state)
            return shared.subscribers.sorted { $0.key < $1.key }.map(\.value)
        }
        for element in subscribers { element.onCancel(error) }
    }

    /// Applies a `put` or `patch` event of the listen of `spec` to the database's data, and tells the watchers.
    private func apply(
        _ type: String, path: [String], data: Any?, spec: QuerySpec, database: String,
        mark: UInt64
    ) throws(DatabaseError) {
        let location = DatabasePath(keys: spec.path.keys + path)
        guard location.keys.count <= DatabasePath.maximumDepth else {
            throw DatabaseError(.unknown, "The server sent an event deeper than \(DatabasePath.maximumDepth) keys.")
        }
        var sets: [(path: DatabasePath, node: DatabaseNode)] = []
        if type == "patch" {
            guard let children = data as? [String: Any] else {
                throw DatabaseError(.unknown, "The server sent a patch that is not an object.")
            }
            for (key, value) in children.sorted(by: { $0.key < $1.key }) {
                guard let relative = try? DatabasePath(validatingWritePath: key) else {
                    throw DatabaseError(.unknown, "The server sent a patch with an invalid key: \(key.prefix(100))")
                }
                sets.append(
                    (DatabasePath(keys: location.keys + relative.keys), try DatabaseJSON.node(fromJSONObject: value)))
            }
        } else {
            sets.append((location, try DatabaseJSON.node(fromJSONObject: data)))
        }
        // A plain listen of the location or above it keeps the whole location up to date: a query's events then
        // bring nothing it does not (its views read the same data), and applying them as well would show
        // the two streams' intermediate states.
        let complete =
            spec.isFiltered
            && state.withLock { state in
                state.listens.values.contains { listen in
                    listen.database == database && listen.isReady && listen.spec.isDefault
                        && listen.spec.path.contains(spec.path)
                }
            }
        if complete { return }
        change(database, origin: nil, source: .event(mark)) { root in
            for (path, node) in sets {
                if path == spec.path, spec.isFiltered {
                    // A query's whole data: replaces the children the query covers, not the others.
                    var existing = root.node(at: path.keys)
                    if existing.hasChildren {
                        for child in existing.children
                        where spec.inRange(spec.index.entry(key: child.key, node: child.node)) {
                            existing = existing.setting(child: .null, forKey: child.key)
                        }
                        for child in node.children { existing = existing.setting(child: child.node, forKey: child.key) }
                        if !node.hasChildren, !node.isNull { existing = node }
                    } else {
                        existing = node
                    }
                    root = root.setting(existing, at: path.keys)
                } else {
                    root = root.setting(node, at: path.keys)
                }
            }
            return sets.map(\.path)
        }
    }
}
