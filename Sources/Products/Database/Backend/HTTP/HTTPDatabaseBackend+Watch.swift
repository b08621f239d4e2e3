// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Watches: the data of a database as far as the listens and writes told, and its changes.
extension HTTPDatabaseBackend {
    /// Starts a watch of `database`: the data known now, then every change the listens and writes bring.
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

    /// Where a change comes from.
    enum ChangeSource {
        /// A listen's `put` or `patch`, from a connection opened when ``State/answers`` writes were answered.
        case event(UInt64)
        /// The server's answer to this client's write (its ``beginWrite(_:database:)`` number, if any).
        case acknowledged(Int?)
    }

    /// Changes the database's data with `update` (which returns the changed paths) and queues the change for
    /// the watchers, delivered in order after the lock is released.
    ///
    /// The answer to a write and the listens' events come on different connections, so a listen may still
    /// send data from before the write after its answer arrived. An acknowledged write at a listened location
    /// therefore stands over the listens' events until one of them carries it (its echo: every later event is
    /// newer than the write), or no listen covers it any more.
    func change(
        _ database: String, origin: String?, source: ChangeSource,
        _ update: (inout DatabaseNode) -> [DatabasePath]
    ) {
        state.withLock { state in
            var root = state.roots[database] ?? .null
            let paths = update(&root)
            switch source {
            case .acknowledged(let flight):
                state.answers += 1
                let echoed = flight.flatMap { state.inFlight.removeValue(forKey: $0) }
                for path in paths where Self.isListened(path, database: database, state) {
                    // Its echo already came (before the answer), or its value is the server's (server values):
                    // nothing to wait for.
                    guard let echoed, let index = echoed.sets.firstIndex(where: { $0.path == path }),
                        !echoed.echoed[index]
                    else { continue }
                    state.unconfirmed[database, default: []].removeAll { path.contains($0.path) }
                    state.unconfirmed[database, default: []].append((path, root.node(at: path.keys), state.answers))
                }
            case .event(let mark):
                for (id, flight) in state.inFlight where flight.database == database {
                    for (index, set) in flight.sets.enumerated()
                    where paths.contains(where: { $0.contains(set.path) || set.path.contains($0) })
                        && root.node(at: set.path.keys) == set.node
                    {
                        state.inFlight[id]?.echoed[index] = true
                    }
                }
                var kept: [(path: DatabasePath, node: DatabaseNode, answer: UInt64)] = []
                for entry in state.unconfirmed[database] ?? [] {
                    guard paths.contains(where: { $0.contains(entry.path) || entry.path.contains($0) }) else {
                        kept.append(entry)
                        continue
                    }
                    // A connection opened after the answer sends what came after the write.
                    if mark >= entry.answer { continue }
                    if root.node(at: entry.path.keys) == entry.node { continue }  // the echo
                    root = root.setting(entry.node, at: entry.path.keys)
                    kept.append(entry)
                }
                state.unconfirmed[database] = kept.isEmpty ? nil : kept
            }
            state.roots[database] = root
            let change = DatabaseBackendChange(root: root, paths: paths, origin: origin)
            let watchers = (state.watchers[database] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
            deliveries.enqueue(watchers.map { watcher in { watcher(change) } })
        }
        deliveries.drain()
    }

    /// Whether a listen of `database` covers `path` (at, above or below it).
    private static func isListened(_ path: DatabasePath, database: String, _ state: State) -> Bool {
        state.listens.values.contains { listen in
            listen.database == database && (listen.spec.path.contains(path) || path.contains(listen.spec.path))
        }
    }

    /// Forgets the acknowledged writes of `database` that no listen covers any more.
    static func pruneUnconfirmed(_ database: String, _ state: inout State) {
        guard let entries = state.unconfirmed[database] else { return }
        let kept = entries.filter { isListened($0.path, database: database, state) }
        state.unconfirmed[database] = kept.isEmpty ? nil : kept
    }
}
