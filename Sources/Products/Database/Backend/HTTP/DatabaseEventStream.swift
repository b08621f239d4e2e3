// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One listen of ``HTTPDatabaseBackend``: a `GET` with `Accept: text/event-stream` kept open, its events
/// applied to the backend's data, reconnecting when needed, until ``remove()``.
///
/// - `put` / `patch` (`{"path": "/rel", "data": …}`) are handed to `apply`; the first one calls `onReady`.
/// - `keep-alive` is ignored.
/// - `cancel` (the caller may no longer read) ends the listen with ``DatabaseErrorCode/permissionDenied``.
/// - `auth_revoked` (the ID token expired) reconnects with a fresh token: at once when data had arrived on the
///   connection, else after a backoff (so a server revoking every token never makes it spin).
/// - A connection whose response head (status and headers) has not arrived within `responseTimeout` seconds is
///   closed and counts as a failure to connect.
/// - A dropped connection, a failure to connect or a transient status (408, 429, 5xx) reconnects after a
///   backoff of 1, 2, 4, … (at most 30) seconds waited with the injected `sleep`; the count restarts once data
///   arrives. On reconnecting, the server sends the location's whole data again (`put` at `/`), which
///   replaces what the client had: no change is lost, and one that did not happen raises no event.
/// - Another status ends the listen with its error (`DatabaseRESTError`); malformed events, a line longer than
///   16 MiB, an event larger than ``HTTPDatabaseBackend/maximumEventSize``, and more than twice that arriving ahead
///   of what was parsed end it with ``DatabaseErrorCode/unknown``, closing the connection at once.
///
/// An ending (before or after the data arrived) goes to `onEnd`, once. After ``remove()``, nothing is
/// reported.
final class DatabaseEventStream: ListenerRegistration {
    /// Applies one `put` or `patch` event: the type, the path below the listened location, the data, and the
    /// mark `request` gave the connection it came on.
    typealias Apply =
        @Sendable (_ type: String, _ path: [String], _ data: Any?, _ mark: UInt64) throws(DatabaseError) -> Void

    /// The longest wait between two connection attempts.
    static let maximumBackoff: Duration = .seconds(30)

    /// A connection's failures: the session's own (a `URLError`; `badServerResponse` for a response that is not
    /// HTTP or a task ending without a head), `CancellationError` when cancelled before it started; more than
    /// ``maximumUnreadSize`` waiting for the parser is ``DatabaseErrorCode/unknown`` (the listen ends).
    private static let connectionFailures = StreamingDataTask.Failures(
        notHTTP: { URLError(.badServerResponse) }, cancelled: { CancellationError() },
        beforeHead: { error in error ?? URLError(.badServerResponse) }, midBody: { error in error },
        tooLarge: { limit in
            DatabaseError(.unknown, "The server sent more than \(limit) bytes faster than the client could read them.")
        })

    /// The most bytes that may arrive ahead of the events read (twice the largest event): a server sending faster
    /// than the client parses cannot make them pile up without bound.
    static let maximumUnreadSize = 2 * HTTPDatabaseBackend.maximumEventSize

    private let listen = StreamingListenTask()
    /// Whether the data arrived (`onReady` was called).
    private let isReady = Locked(false)
    private let request: @Sendable (DatabaseCaller) -> (URLRequest, mark: UInt64)?
    private let credentials: DatabaseCredentialSource
    /// How long a connection waits for its response head (seconds).
    private let responseTimeout: TimeInterval
    private let apply: Apply
    private let onReady: @Sendable () -> Void
    private let onEnd: @Sendable (DatabaseError) -> Void
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A listen sending the request `request` makes for a caller (with a mark its events are applied with), each
    /// connection waiting at most `responseTimeout` seconds for its response head.
    init(
        request: @escaping @Sendable (DatabaseCaller) -> (URLRequest, mark: UInt64)?,
        credentials: @escaping DatabaseCredentialSource, responseTimeout: TimeInterval,
        apply: @escaping Apply, onReady: @escaping @Sendable () -> Void,
        onEnd: @escaping @Sendable (DatabaseError) -> Void,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.request = request
        self.credentials = credentials
        self.responseTimeout = responseTimeout
        self.apply = apply
        self.onReady = onReady
        self.onEnd = onEnd
        self.sleep = sleep
    }

    /// Connects (from a task of its own) and keeps the listen going until ``remove()`` or its end.
    func start() {
        listen.start { [self] in await run() }
    }

    /// Stops listening: the connection closes; nothing more is reported.
    func remove() {
        listen.remove()
    }

    private var isRemoved: Bool { listen.isRemoved }

    /// Ends the listen with `error`, reported to `onEnd` unless it was removed.
    private func end(_ error: DatabaseError) {
        if listen.end() { onEnd(error) }
    }

    /// The data arrived: the first time, `onReady` is called.
    private func markReady() {
        let first = isReady.withLock { isReady -> Bool in
            defer { isReady = true }
            return !isReady
        }
        if first, !isRemoved { onReady() }
    }

    /// What one connection ended with.
    private enum Outcome {
        /// Reconnect after a backoff.
        case dropped
        /// Reconnect at once with a fresh ID token.
        case revoked
        /// Stop with this error.
        case failed(DatabaseError)
        /// The listen was removed.
        case stopped
    }

    private func run() async {
        var failures = 0
        var forcingRefresh = false
        while !Task.isCancelled, !isRemoved {
            let caller: DatabaseCaller
            do {
                caller = try await credentials(forcingRefresh)
            } catch {
                return end(error)
            }
            forcingRefresh = false
            guard let request = request(caller) else {
                return end(DatabaseError(.invalidArgument, "The listen's URL could not be made."))
            }
            var receivedData = false
            switch await connect(request.0, mark: request.mark, receivedData: &receivedData) {
            case .stopped:
                return
            case .failed(let error):
                return end(error)
            case .revoked:
                forcingRefresh = true
                // At once after data; a token revoked again before any data backs off like a failure.
                if receivedData {
                    failures = 0
                    continue
                }
                failures += 1
            case .dropped:
                failures = receivedData ? 1 : failures + 1
            }
            let exponent = min(failures - 1, 5)
            let delay = min(Self.maximumBackoff, .seconds(1 << exponent))
            do {
                try await sleep(delay)
            } catch {
                return
            }
        }
    }

    /// One connection: its events applied until it ends.
    private func connect(_ request: URLRequest, mark: UInt64, receivedData: inout Bool) async -> Outcome {
        let connection = StreamingDataTask(failures: Self.connectionFailures, maximumUnreadSize: Self.maximumUnreadSize)
        guard listen.open(connection) else { return .stopped }
        defer { connection.cancel() }
        let head: StreamingDataTask.Head
        do {
            // A server that takes the connection and never answers must not hold the listen: past the deadline the
            // connection is cancelled and counts as a failure to connect.
            head = try await OperationRace.run(
                deadline: responseTimeout > 0 ? responseTimeout : .infinity,
                endedBy: { _ -> any Error in URLError(.timedOut) }
            ) {
                try await connection.start(request) { .ephemeral }
            }
        } catch {
            return isRemoved || Task.isCancelled ? .stopped : .dropped
        }
        let status = head.statusCode
        guard status == 200 else {
            var body = Data()
            do {
                for try await chunk in head.body {
                    body.append(chunk)
                    if body.count > 64 * 1024 { break }
                }
            } catch {}
            if DatabaseRESTError.isTransient(status: status) { return .dropped }
            return .failed(DatabaseRESTError.error(status: status, body: body))
        }
        var parser = ServerSentEventParser()
        do {
            for try await chunk in head.body {
                for event in try parser.append(chunk) {
                    switch event.type {
                    case "put", "patch":
                        let (path, data) = try Self.payload(event.data)
                        try apply(event.type, path, data, mark)
                        receivedData = true
                        markReady()
                    case "keep-alive":
                        continue
                    case "cancel":
                        let reason = try? DatabaseJSON.jsonObject(from: Data(event.data.utf8))
                        return .failed(
                            DatabaseError(
                                .permissionDenied,
                                "The server cancelled the listen: "
                                    + ((reason as? String) ?? "Permission denied")))
                    case "auth_revoked":
                        return .revoked
                    default:
                        continue
                    }
                }
            }
        } catch let error as DatabaseError {
            return isRemoved ? .stopped : .failed(error)
        } catch {
            return isRemoved || Task.isCancelled ? .stopped : .dropped
        }
        return isRemoved || Task.isCancelled ? .stopped : .dropped
    }

    /// The path (keys) and data of a `put`/`patch` event's `{"path": "/a/b", "data": …}`.
    /// - Throws: ``DatabaseErrorCode/unknown`` for anything else.
    static func payload(_ text: String) throws(DatabaseError) -> ([String], Any?) {
        let object = try DatabaseJSON.jsonObject(from: Data(text.utf8))
        guard let envelope = object as? [String: Any], let path = envelope["path"] as? String,
            envelope.keys.contains("data")
        else {
            throw DatabaseError(.unknown, "The server sent a malformed event: \(text.prefix(200))")
        }
        let keys = path.split(separator: "/").map(String.init)
        guard keys.isEmpty || (try? DatabasePath(validatingWritePath: path)) != nil else {
            throw DatabaseError(.unknown, "The server sent an event with an invalid path: \(path.prefix(200))")
        }
        let data = envelope["data"]
        return (keys, data is NSNull ? nil : data)
    }
}
