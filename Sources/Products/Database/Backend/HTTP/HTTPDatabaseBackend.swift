// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``DatabaseBackend`` speaking the Realtime Database's REST protocol with Server-Sent Events, to
/// `https://<database>.firebaseio.com` (the database URL) or to the Emulator Suite
/// (``Database/useEmulator(withHost:port:)``, or `emulatorOrigin`).
///
/// ```swift
/// let backend = HTTPDatabaseBackend()                         // production: the database URL
/// let app = try registry.configure(options: options, overrides: [.instance(backend, as: DatabaseBackend.self)])
/// ```
///
/// - **Listens**: one `GET {path}.json` with `Accept: text/event-stream` per observed location or query
///   (its `orderBy`, `startAt`, `endAt`, `equalTo`, `limitToFirst`/`limitToLast`), kept open by a
///   `DatabaseEventStream`: `put` and `patch` events update the data this backend knows, which its watchers
///   (the client engine) receive as changes, so observers get the same events as with the embedded backend.
///   `cancel` fails the listen with ``DatabaseErrorCode/permissionDenied``; `auth_revoked` reconnects with a
///   fresh ID token; a dropped connection reconnects after a backoff (waited with the injected `sleep`).
/// - **Writes**: a set is a `PUT` (a removal a `DELETE`), an update a `PATCH` of the locations' closest
///   common ancestor; server values (`{".sv": …}`) are sent as they are and resolved by the server (the
///   answer's value is what the client then holds).
/// - **Transactions** (``compareAndSet(_:expected:database:caller:origin:)``): `GET` with
///   `X-Firebase-ETag: true`, then `PUT` with `if-match`; a `412 Precondition Failed` answers the current
///   value and ETag, with which the client runs the transaction again.
/// - **Reads** (`getData()`): a `GET` with the query's parameters.
/// - **Credentials**: the ID token as `?auth=`, the App Check token as `X-Firebase-AppCheck`, only over
///   HTTPS or to a loopback host; sessions refuse redirects. `?ns=<namespace>` names the database on an
///   emulator. Keys are percent-encoded, so none changes the URL's meaning.
/// - **onDisconnect**: REST has no connection the server could watch, so the operations are kept by this
///   backend and sent by it when the client disconnects (`goOffline()`, or its app is deleted), as a best
///   effort: a client that crashes or loses the network never sends them.
///
/// Requests are not retried: a failure is reported (``DatabaseErrorCode/unavailable`` when the server could
/// not be reached) and the client reverts the write. Errors map as `DatabaseRESTError` says.
public final class HTTPDatabaseBackend: DatabaseBackend {
    private typealias Watcher = @Sendable (DatabaseBackendChange) -> Void

    private struct DisconnectOperation {
        let path: DatabasePath
        let node: DatabaseNode
        let caller: DatabaseCaller
    }

    /// One listen of a shared stream.
    private struct Subscriber {
        let onReady: @Sendable () -> Void
        let onCancel: @Sendable (DatabaseError) -> Void
    }

    /// The event stream of one query, shared by its listens.
    private struct SharedListen {
        let stream: DatabaseEventStream
        /// The database and the query.
        let database: String
        let spec: QuerySpec
        var subscribers: [Int: Subscriber]
        var isReady = false
    }

    /// A write sent and not answered yet: its sets, and for each whether a listen already carried its value.
    private struct InFlight {
        let database: String
        let sets: [(path: DatabasePath, node: DatabaseNode)]
        var echoed: [Bool]
    }

    private struct State {
        /// The open event streams by database and query.
        var listens: [String: SharedListen] = [:]
        var nextSubscriber = 0
        /// What each database holds, as far as the listens and writes told.
        var roots: [String: DatabaseNode] = [:]
        var watchers: [String: [Int: Watcher]] = [:]
        var nextWatcher = 0
        /// The `onDisconnect` operations of each database's client sessions, in registration order.
        var disconnects: [String: [String: [DisconnectOperation]]] = [:]
        /// Writes sent and not answered yet (see ``change(_:origin:source:_:)``).
        var inFlight: [Int: InFlight] = [:]
        var nextInFlight = 0
        /// Per database, acknowledged writes the listens have not echoed yet (see ``change(_:origin:source:_:)``).
        var unconfirmed: [String: [(path: DatabasePath, node: DatabaseNode, answer: UInt64)]] = [:]
        /// How many writes were answered so far (marks the listens' connections).
        var answers: UInt64 = 0
        /// The last ETag seen per location (`database` + path), with the value it belongs to.
        var etags: [String: (node: DatabaseNode, etag: String)] = [:]
    }

    /// The emulator every request goes to (e.g. `http://127.0.0.1:9000`), or nil for the database URL itself.
    public let emulatorOrigin: URL?
    private let sleep: @Sendable (Duration) async throws -> Void
    private let session = CredentialSafeSession.make()
    private let state = Locked(State())
    private let deliveries = DeliveryQueue()

    /// A backend talking to each database at its URL, or to the emulator at `emulatorOrigin`; `sleep` waits
    /// between reconnection attempts of a listen (inject one in tests).
    public init(
        emulatorOrigin: URL? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.emulatorOrigin = emulatorOrigin
        self.sleep = sleep
    }

    // MARK: - Reads and listens

    /// `GET {path}.json` of the location.
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`); ``DatabaseErrorCode/invalidArgument`` for a
    ///   malformed path.
    public func read(_ path: String, database: String, caller: DatabaseCaller) async throws(DatabaseError)
        -> DatabaseBackendValue
    {
        try await read(
            DatabaseBackendQuery(spec: QuerySpec(path: try Self.path(path))), database: database, caller: caller)
    }

    /// `GET {path}.json` with the query's parameters.
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`).
    public func read(
        _ query: DatabaseBackendQuery, database: String,
        caller: DatabaseCaller
    ) async throws(DatabaseError) -> DatabaseBackendValue {
        let request = try makeRequest(
            database, query.spec.path, method: "GET", caller: caller,
            parameters: DatabaseRESTLocation.parameters(of: query.spec) + [("format", "export")])
        let (body, _) = try await send(request)
        return DatabaseBackendValue(node: try DatabaseJSON.node(from: body))
    }

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
                credentials: credentials,
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
                guard let relative = try? DatabasePath(validating: key) else {
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

    // MARK: - Writes

    /// `PUT` (a set), `DELETE` (a removal) or `PATCH` (an update) with the caller's credentials; then the
    /// watchers receive the written values as the server answered them, tagged with `origin`.
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`); nothing was written.
    public func write(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        origin: String
    ) async throws(DatabaseError) {
        try await send(write, database: database, caller: caller, origin: origin)
    }

    private func send(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        origin: String?
    ) async throws(DatabaseError) {
        guard !write.sets.isEmpty else { return }
        let flight = beginWrite(write, database: database)
        let written: [(path: DatabasePath, node: DatabaseNode)]
        do {
            written = try await exchange(write, database: database, caller: caller)
        } catch {
            endWrite(flight)
            throw error
        }
        change(database, origin: origin, source: .acknowledged(flight)) { root in
            for (path, node) in written { root = root.setting(node, at: path.keys) }
            return written.map(\.path)
        }
    }

    /// Sends `write` (a `PUT`, `DELETE` or `PATCH`); returns its sets as the server answered them (server values
    /// resolved), or as sent when the answer does not say.
    private func exchange(
        _ write: DatabaseBackendWrite, database: String,
        caller: DatabaseCaller
    ) async throws(DatabaseError) -> [(path: DatabasePath, node: DatabaseNode)] {
        let wire = write.wire ?? write.sets
        guard let first = wire.first else { return [] }
        if wire.count == 1 {
            let isRemoval = first.node.isNull
            var request = try makeRequest(database, first.path, method: isRemoval ? "DELETE" : "PUT", caller: caller)
            if !isRemoval { request.httpBody = DatabaseJSON.data(of: first.node) }
            let (body, _) = try await send(request)
            if !isRemoval, let resolved = try? DatabaseJSON.node(from: body) { return [(first.path, resolved)] }
            return write.sets
        }
        var base = first.path.keys
        for set in wire.dropFirst() {
            base = Array(zip(base, set.path.keys).prefix { $0.0 == $0.1 }.map(\.0))
        }
        let basePath = DatabasePath(keys: base)
        let relative = wire.map { (key: basePath.relative($0.path).joined(separator: "/"), node: $0.node) }
        var request = try makeRequest(database, basePath, method: "PATCH", caller: caller)
        request.httpBody = DatabaseJSON.data(of: relative)
        let (body, _) = try await send(request)
        guard let answer = (try? DatabaseJSON.jsonObject(from: body)) as? [String: Any] else { return write.sets }
        return zip(write.sets, relative).map { set, sent in
            guard let value = answer[sent.key], let node = try? DatabaseJSON.node(fromJSONObject: value) else {
                return set
            }
            return (set.path, node)
        }
    }

    /// Notes `write` as sent, to recognise its echo on the listens (nil for a write with server values, whose
    /// stored value is the server's).
    private func beginWrite(_ write: DatabaseBackendWrite, database: String) -> Int? {
        guard write.wire == nil else { return nil }
        return state.withLock { state in
            state.nextInFlight += 1
            state.inFlight[state.nextInFlight] = InFlight(
                database: database, sets: write.sets,
                echoed: Array(repeating: false, count: write.sets.count))
            return state.nextInFlight
        }
    }

    /// Forgets a write that failed (or was refused).
    private func endWrite(_ flight: Int?) {
        guard let flight else { return }
        state.withLock { _ = $0.inFlight.removeValue(forKey: flight) }
    }

    /// A transaction's compare-and-set with ETags: the location's ETag (from the last answer when it was for
    /// `expected`, else a `GET` with `X-Firebase-ETag: true`), then a `PUT` with `if-match`. Returns nil once
    /// written, or the server's value when it is not `expected` (a `412` answers it).
    /// - Throws: ``DatabaseError`` (`DatabaseRESTError`).
    public func compareAndSet(
        _ write: DatabaseBackendWrite, expected: DatabaseBackendValue, database: String,
        caller: DatabaseCaller, origin: String
    ) async throws(DatabaseError) -> DatabaseBackendValue? {
        guard let set = (write.wire ?? write.sets).first, let local = write.sets.first else { return nil }
        let key = database + set.path.description
        var etag = state.withLock { state -> String? in
            guard let cached = state.etags[key], cached.node == expected.node else { return nil }
            return cached.etag
        }
        if etag == nil {
            var request = try makeRequest(
                database, set.path, method: "GET", caller: caller, parameters: [("format", "export")])
            request.setValue("true", forHTTPHeaderField: "X-Firebase-ETag")
            let (body, response) = try await send(request)
            let current = try DatabaseJSON.node(from: body)
            guard let tag = response.value(forHTTPHeaderField: "ETag") else {
                throw DatabaseError(.unknown, "The server did not send an ETag for \(set.path).")
            }
            state.withLock { $0.etags[key] = (current, tag) }
            guard current == expected.node else { return DatabaseBackendValue(node: current) }
            etag = tag
        }
        var request = try makeRequest(database, set.path, method: "PUT", caller: caller)
        request.setValue(etag, forHTTPHeaderField: "if-match")
        request.httpBody = DatabaseJSON.data(of: set.node)
        let flight = beginWrite(write, database: database)
        let (body, response): (Data, HTTPURLResponse)
        do {
            (body, response) = try await send(request, accepting: [412])
        } catch {
            endWrite(flight)
            throw error
        }
        if response.statusCode == 412 {
            endWrite(flight)
            let current = try DatabaseJSON.node(from: body)
            state.withLock { state in
                if let tag = response.value(forHTTPHeaderField: "ETag") {
                    state.etags[key] = (current, tag)
                } else {
                    state.etags[key] = nil
                }
            }
            return DatabaseBackendValue(node: current)
        }
        let written = (try? DatabaseJSON.node(from: body)) ?? local.node
        state.withLock { state in
            if let tag = response.value(forHTTPHeaderField: "ETag") {
                state.etags[key] = (written, tag)
            } else {
                state.etags[key] = nil
            }
        }
        change(database, origin: origin, source: .acknowledged(flight)) { root in
            root = root.setting(written, at: set.path.keys)
            return [set.path]
        }
        return nil
    }

    // MARK: - onDisconnect

    /// Keeps `write` for when `session` disconnects (REST has no connection-bound operations: see the type's
    /// documentation). The server checks the rules only when it is sent.
    public func onDisconnect(
        _ write: DatabaseBackendWrite, database: String, caller: DatabaseCaller,
        session: String
    ) async throws(DatabaseError) {
        let operations = (write.wire ?? write.sets).map {
            DisconnectOperation(path: $0.path, node: $0.node, caller: caller)
        }
        state.withLock { $0.disconnects[database, default: [:]][session, default: []] += operations }
    }

    /// Forgets the kept `onDisconnect` operations of `session` at `path` and below.
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for a malformed path.
    public func cancelOnDisconnect(
        _ path: String, database: String, caller: DatabaseCaller,
        session: String
    ) async throws(DatabaseError) {
        let location = try Self.path(path)
        state.withLock { state in
            state.disconnects[database]?[session]?.removeAll { location.contains($0.path) }
        }
    }

    /// Sends the kept `onDisconnect` operations of `session`, in order, from a task of their own (best
    /// effort: failures are ignored), and forgets them.
    public func disconnect(session: String, database: String) {
        let operations = state.withLock { $0.disconnects[database]?.removeValue(forKey: session) } ?? []
        guard !operations.isEmpty else { return }
        Task { [self] in
            for operation in operations {
                try? await send(
                    DatabaseBackendWrite(sets: [(operation.path, operation.node)]), database: database,
                    caller: operation.caller, origin: nil)
            }
        }
    }

    // MARK: - Watch

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
    private enum ChangeSource {
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
    private func change(
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
    private static func pruneUnconfirmed(_ database: String, _ state: inout State) {
        guard let entries = state.unconfirmed[database] else { return }
        let kept = entries.filter { isListened($0.path, database: database, state) }
        state.unconfirmed[database] = kept.isEmpty ? nil : kept
    }

    // MARK: - Requests

    /// A request to `path` of `database`, with the caller's credentials when the server may receive them.
    private func makeRequest(
        _ database: String, _ path: DatabasePath, method: String, caller: DatabaseCaller,
        parameters: [(String, String)] = []
    ) throws(DatabaseError) -> URLRequest {
        let location = DatabaseRESTLocation(database: database, emulatorOrigin: emulatorOrigin)
        let trusted = location.acceptsCredentials
        guard let url = location.url(path, parameters: parameters, idToken: trusted ? caller.idToken : nil) else {
            throw DatabaseError(.invalidArgument, "Cannot make a URL for \(path) of \(database).")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if trusted, let token = caller.appCheckToken {
            request.setValue(token, forHTTPHeaderField: "X-Firebase-AppCheck")
        }
        if method != "GET", method != "DELETE" {
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// Sends `request`; a status other than 2xx (or one of `accepting`) is its `DatabaseRESTError`.
    private func send(_ request: URLRequest, accepting: Set<Int> = []) async throws(DatabaseError) -> (
        Data, HTTPURLResponse
    ) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSessionCalls.data(for: request, in: session)
        } catch {
            throw DatabaseRESTError.unreachable(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw DatabaseError(.unknown, "The server's answer was not HTTP.")
        }
        guard (200..<300).contains(http.statusCode) || accepting.contains(http.statusCode) else {
            throw DatabaseRESTError.error(status: http.statusCode, body: data)
        }
        return (data, http)
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
