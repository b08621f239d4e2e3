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
///
/// **Bounds.** ``requestTimeout`` (60 s by default) bounds each request as a whole, from its start to the answer's
/// last byte (not only the time between two packets): a server dribbling its answer fails it with
/// ``DatabaseErrorCode/unavailable`` at the deadline; deleting the app ends the requests in flight the same way. An
/// answer is read against ``maximumResponseSize`` (256 MiB, the Realtime Database's own limit on one response) as it
/// arrives; an event stream's lines against 16 MiB each, each event (its `data:` lines together) against
/// ``maximumEventSize``, and what arrives ahead of the events parsed against twice that: past a limit the
/// connection is closed and the request or listen fails (``DatabaseErrorCode/unknown`` for a listen).
public final class HTTPDatabaseBackend: DatabaseBackend {
    typealias Watcher = @Sendable (DatabaseBackendChange) -> Void

    /// An `onDisconnect` set kept for its session, with the credentials it was registered with.
    struct DisconnectOperation {
        let path: DatabasePath
        let node: DatabaseNode
        let caller: DatabaseCaller
    }

    /// One listen of a shared stream.
    struct Subscriber {
        let onReady: @Sendable () -> Void
        let onCancel: @Sendable (DatabaseError) -> Void
    }

    /// The event stream of one query, shared by its listens.
    struct SharedListen {
        let stream: DatabaseEventStream
        /// The database and the query.
        let database: String
        let spec: QuerySpec
        var subscribers: [Int: Subscriber]
        var isReady = false
    }

    /// A write sent and not answered yet: its sets, and for each whether a listen already carried its value.
    struct InFlight {
        let database: String
        let sets: [(path: DatabasePath, node: DatabaseNode)]
        var echoed: [Bool]
    }

    /// What the backend knows and keeps, under one lock.
    struct State {
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

    /// The largest answer to a request read (256 MiB, the Realtime Database's limit on one response).
    public static let maximumResponseSize = 256 << 20
    /// The largest event of a listen's stream read (16 MiB, its `data:` lines together).
    public static let maximumEventSize = 16 << 20

    /// The emulator every request goes to (e.g. `http://127.0.0.1:9000`), or nil for the database URL itself.
    public let emulatorOrigin: URL?
    /// How long one request may take, as a whole: from its start to the answer's last byte (seconds).
    public let requestTimeout: TimeInterval
    /// How long a listen waits for the response's head (its status and headers) on each connection, in seconds:
    /// a server that takes the connection and answers nothing within it is treated as a dropped connection (closed,
    /// and connected to again after the backoff). 30 s by default, as the SDK's connection timeout.
    public let listenResponseTimeout: TimeInterval
    /// ``listenResponseTimeout`` unless given: 30 s (the Firebase SDKs' `kWebsocketConnectTimeout`).
    public static let defaultListenResponseTimeout: TimeInterval = 30
    /// Waits between reconnection attempts of a listen.
    let sleep: @Sendable (Duration) async throws -> Void
    private let session = CredentialSafeSession.make()
    /// The listens, the data they and the writes told, the watchers and the kept `onDisconnect` operations.
    let state = Locked(State())
    /// The watchers' changes, delivered in order after the lock is released.
    let deliveries = DeliveryQueue()

    /// A backend talking to each database at its URL, or to the emulator at `emulatorOrigin`, bounding each request
    /// by `requestTimeout` seconds and the wait for each listen connection's response head by
    /// `listenResponseTimeout` seconds; `sleep` waits between reconnection attempts of a listen (inject one in tests).
    public init(
        emulatorOrigin: URL? = nil, requestTimeout: TimeInterval = 60,
        listenResponseTimeout: TimeInterval = defaultListenResponseTimeout,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.emulatorOrigin = emulatorOrigin
        self.requestTimeout = requestTimeout
        self.listenResponseTimeout = listenResponseTimeout
        self.sleep = sleep
    }

    // MARK: - Requests

    /// A request to `path` of `database`, with the caller's credentials when the server may receive them.
    func makeRequest(
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
    func send(_ request: URLRequest, accepting: Set<Int> = []) async throws(DatabaseError) -> (
        Data, HTTPURLResponse
    ) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSessionCalls.data(
                for: request, in: session, deadline: requestTimeout, maximumSize: Self.maximumResponseSize)
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

    /// `string` as a path (`/` is the root).
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` for a malformed path.
    static func path(_ string: String) throws(DatabaseError) -> DatabasePath {
        if string == "/" { return .root }
        do {
            return try DatabasePath(validating: string)
        } catch {
            throw .invalid(error.description)
        }
    }
}
