// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The state of a ``DatabaseEngine``, changed under its lock: the server's value as last seen, the local writes
/// not yet acknowledged, the local value (``localValue``: the first with the second applied), the listeners and
/// their views, the running transactions, the connection, the `onDisconnect` sets and the disk cache.
struct DatabaseEngineState {
    /// A local write not yet acknowledged: its number (in its origin, `{origin}/{id}`) and its sets.
    struct PendingWrite {
        let id: Int
        let write: DatabaseBackendWrite
    }

    /// A listener of a query: what it listens to, its view once active, and its backend listen.
    struct Listener {
        let spec: QuerySpec
        let types: Set<DataEventType>
        let once: Bool
        /// A listener of ``DatabaseEngine/keepSynced(_:_:)``: no observer's, so `removeListeners(matching:)` leaves it.
        var hidden = false
        let callback: DatabaseEngine.Callback
        var view: QueryView?
        /// The backend listen of a backend that listens per location (nil otherwise, or while offline).
        var registration: (any ListenerRegistration)?
    }

    var server: DatabaseNode
    var local: DatabaseNode
    var pending: [PendingWrite] = []
    var nextWrite = 0
    var listeners: [Int: Listener] = [:]
    var nextListener = 0
    var terminated = false
    var lastCommit: Task<Void, Never>?
    var lastActivation: Task<Void, Never>?
    /// Running transactions: their location, and the error that aborts them once a later local write overrode
    /// them or ``DatabaseEngine/purgeOutstandingWrites()`` cancelled them.
    var transactions: [Int: (path: DatabasePath, abort: DatabaseError?)] = [:]
    /// The completions of the writes and server operations not yet answered, by ``OutstandingOperation``:
    /// ``DatabaseEngine/purgeOutstandingWrites()`` takes them all and an operation whose completion is gone is
    /// not sent (or, already sent, not reported again).
    var outstanding: [OutstandingOperation: @Sendable (DatabaseError?) -> Void] = [:]
    var nextServerOperation = 0
    var nextTransaction = 0
    /// Whether the client is connected (``DatabaseEngine/goOffline()`` disconnects it).
    var online = true
    /// Commits waiting for the client to be online again.
    var onlineWaiters: [CheckedContinuation<Void, Never>] = []
    /// The `onDisconnect` sets the backend accepted (server values kept as placeholders), applied locally when
    /// going offline, server values resolved then (as the SDK does).
    var disconnectSets: [(path: DatabasePath, node: DatabaseNode)] = []
    /// Pending writes the backend accepted whose change has not arrived (it is ignored while offline).
    var committed: Set<Int> = []
    /// Counts the times the client went offline: a backend listen started before the last time is stopped.
    var connection = 0
    /// The queries kept in sync (``DatabaseEngine/keepSynced(_:_:)``) and their hidden listeners (0 while being made).
    var synced: [(spec: QuerySpec, id: Int)] = []
    /// The disk cache, nil without one (appended to under this lock: its owner serializes it).
    var cache: DatabaseClientCache?
    /// Why the disk cache could not be opened: every operation fails with it.
    var cacheFailure: DatabaseError?
    /// With a backend that listens per location: the disk cache's values the backend has not sent yet,
    /// by location, laid over its data (``overlaid(_:)``) until a change or a listen covers them.
    var provisional: [DatabasePath: DatabaseNode] = [:]
    /// The backend's data as last received (``server`` is it with ``provisional`` laid over it).
    var backendRoot = DatabaseNode.null

    /// `root` with the ``provisional`` values laid over it, shallower locations first (a deeper one is newer).
    func overlaid(_ root: DatabaseNode) -> DatabaseNode {
        provisional.sorted { $0.key.keys.count < $1.key.keys.count }.reduce(root) {
            $0.setting($1.value, at: $1.key.keys)
        }
    }

    /// Drops the ``provisional`` values that `root`'s value at `path` replaces: those at and below it, and
    /// that part of those above it.
    mutating func confirm(_ path: DatabasePath, in root: DatabaseNode) {
        for (location, node) in provisional {
            if path.contains(location) {
                provisional[location] = nil
            } else if location.contains(path) {
                let inner = Array(path.keys.dropFirst(location.keys.count))
                provisional[location] = node.setting(root.node(at: path.keys), at: inner)
            }
        }
    }

    /// Whether a ``provisional`` value covers `path` (it is at or above it).
    func provisionallyCovers(_ path: DatabasePath) -> Bool {
        provisional.keys.contains { $0.contains(path) }
    }

    /// The server's value with the pending writes applied over it, in the order they were made: the local value,
    /// which ``local`` holds after every change (a change of ``server`` or of ``pending`` moves it there).
    var localValue: DatabaseNode {
        pending.reduce(server) { $1.write.applied(to: $0) }
    }
}

/// An operation waiting to be sent or answered: a write (by its number) or an `onDisconnect` operation.
enum OutstandingOperation: Hashable {
    case write(Int)
    case server(Int)

    /// Writes in the order they were made, then the server operations in theirs.
    var order: (Int, Int) {
        switch self {
        case .write(let id): (0, id)
        case .server(let id): (1, id)
        }
    }
}

extension DatabaseBackendWrite {
    /// `root` with the write's sets stored in order.
    func applied(to root: DatabaseNode) -> DatabaseNode {
        sets.reduce(root) { $0.setting($1.node, at: $1.path.keys) }
    }
}
