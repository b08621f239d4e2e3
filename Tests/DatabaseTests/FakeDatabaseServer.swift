// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintDatabase

/// A small in-memory Realtime Database REST server for ``TestHTTPServer``: `GET` (with
/// `Accept: text/event-stream`, an event stream: `put` of the location's value first, then a `put` or
/// `patch` for every write that touches it), `PUT`, `PATCH`, `POST` (push), `DELETE`, `print=silent`,
/// ETags (`X-Firebase-ETag`, `if-match` → `412` with the current value), server values (resolved at
/// ``now``), writes at a location's `.priority` (400 where it has no data), `{"error": "Permission denied"}` with 401 for what ``rules`` refuse.
///
/// Queries are not evaluated: the server answers the whole location (a superset of what a query selects,
/// which the client narrows down); tests check the parameters it received instead.
final class FakeDatabaseServer: Sendable {
    /// One open event stream.
    struct Stream: Sendable {
        let path: DatabasePath
        let writer: TestHTTPStreamWriter
        let request: TestHTTPRequest
    }

    private struct State {
        var root = DatabaseNode.null
        var streams: [Stream] = []
        var nextPush = 0
        var failures: [(status: Int, body: String)] = []
        /// Writes to make before answering each of the next `PUT`s with `if-match` (another client's).
        var conflictingWrites: [(DatabasePath, DatabaseNode)] = []
        var echoesClientWrites = true
    }

    /// The server time server values resolve to.
    static let now: Double = 1_700_000_000_000

    private let state = Locked(State())
    /// Decides (method, path, `auth` parameter) whether a request is allowed.
    private let rules: @Sendable (String, DatabasePath, String?) -> Bool

    /// A server with an empty database and the given rules (everything allowed by default).
    init(
        rules: @escaping @Sendable (_ method: String, _ path: DatabasePath, _ auth: String?) -> Bool = { _, _, _ in true
        }
    ) {
        self.rules = rules
    }

    /// The whole database as JSON.
    var json: String {
        Self.json(state.withLock { $0.root }.exportValue ?? NSNull())
    }

    /// The value at `path` as Foundation values.
    func value(at path: String) -> Any? {
        state.withLock { $0.root.node(at: Self.keys(path)) }.value
    }

    /// The event streams opened so far (open or not).
    var streams: [Stream] { state.withLock { $0.streams } }

    /// Makes the next requests (one per element) answer `status` with `body`.
    func failNext(status: Int, body: String) {
        state.withLock { $0.failures.append((status, body)) }
    }

    /// Makes another client write `value` at `path` just before each of the next conditional `PUT`s is
    /// answered (one per call), so that it fails with 412.
    func conflictOnNextConditionalPut(path: String, value: Any?) throws {
        let node = try DatabaseNode(parsing: value, now: Self.now)
        state.withLock { $0.conflictingWrites.append((DatabasePath(keys: Self.keys(path)), node)) }
    }

    /// Whether the streams receive events for the clients' own writes (`PUT`, `PATCH`, …); true by default. Turn it
    /// off to send a write's echo by hand, late (as a busy server's stream may).
    var echoesClientWrites: Bool {
        get { state.withLock { $0.echoesClientWrites } }
        set { state.withLock { $0.echoesClientWrites = newValue } }
    }

    /// Another client's write: stores `value` at `path` and tells the streams.
    func set(_ path: String, _ value: Any?) throws {
        let node = try DatabaseNode(parsing: value, now: Self.now)
        write([(DatabasePath(keys: Self.keys(path)), node)], patchBase: nil)
    }

    /// Sends `event` to every stream open on `path`.
    func send(_ event: TestServerSentEvent, toStreamsAt path: String) {
        let keys = Self.keys(path)
        for stream in streams where stream.path.keys == keys { stream.writer.send(event) }
    }

    /// Closes every open event stream mid-body (the clients see the connection drop).
    func dropStreams() {
        let streams = state.withLock { state in
            defer { state.streams = [] }
            return state.streams
        }
        for stream in streams { stream.writer.abort() }
    }

    /// Answers one request.
    func handle(_ request: TestHTTPRequest) -> TestHTTPResponse {
        if let failure = state.withLock({ $0.failures.isEmpty ? nil : $0.failures.removeFirst() }) {
            return .json(failure.body, status: failure.status)
        }
        let components = URLComponents(string: "http://x" + request.path)
        let query = Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
        var rawPath = components?.percentEncodedPath ?? request.pathWithoutQuery
        guard rawPath.hasSuffix(".json") else { return .json(#"{"error": "Paths must end in .json"}"#, status: 400) }
        rawPath.removeLast(5)
        let keys = rawPath.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        let path = DatabasePath(keys: keys)
        guard rules(request.method, path, query["auth"]) else {
            return .json(#"{"error": "Permission denied"}"#, status: 401)
        }
        let silent = query["print"] == "silent"
        switch request.method {
        case "GET":
            if request.headers["Accept"] == "text/event-stream" { return listen(path, request) }
            let node = state.withLock { $0.root.node(at: path.keys) }
            var response = TestHTTPResponse.json(String(decoding: DatabaseJSON.data(of: node), as: UTF8.self))
            if request.headers["X-Firebase-ETag"] == "true" { response.headers["ETag"] = Self.etag(node) }
            return response
        case "PUT", "POST", "PATCH", "DELETE":
            return change(request, path: path, silent: silent)
        default:
            return .json(#"{"error": "Method not allowed"}"#, status: 405)
        }
    }

    private func listen(_ path: DatabasePath, _ request: TestHTTPRequest) -> TestHTTPResponse {
        let writer = TestHTTPStreamWriter()
        state.withLock { state in
            state.streams.append(Stream(path: path, writer: writer, request: request))
            writer.send(Self.event("put", path: "/", state.root.node(at: path.keys)))
        }
        return .stream(writer, eventStream: true)
    }

    private func change(_ request: TestHTTPRequest, path: DatabasePath, silent: Bool) -> TestHTTPResponse {
        let body: Any?
        do {
            body =
                request.method == "DELETE"
                ? nil : try JSONSerialization.jsonObject(with: request.body, options: [.fragmentsAllowed])
        } catch {
            return .json(#"{"error": "Invalid data; couldn't parse JSON object."}"#, status: 400)
        }
        let current = state.withLock { $0.root.node(at: path.keys) }
        var sets: [(DatabasePath, DatabaseNode)] = []
        var answer: String
        do {
            switch request.method {
            case "PATCH":
                guard let object = body as? [String: Any] else {
                    return .json(#"{"error": "Invalid data; couldn't parse JSON object."}"#, status: 400)
                }
                var resolved = DatabaseNode.null
                for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                    let relative = key.split(separator: "/").map(String.init)
                    let node = try DatabaseNode(parsing: value, existing: current.node(at: relative), now: Self.now)
                    sets.append((DatabasePath(keys: path.keys + relative), node))
                    resolved = resolved.setting(node, at: relative)
                }
                answer = Self.json(
                    sets.reduce(into: [String: Any]()) { result, set in
                        result[set.0.keys.dropFirst(path.keys.count).joined(separator: "/")] =
                            set.1.exportValue ?? NSNull()
                    })
            case "POST":
                let name = state.withLock { state -> String in
                    state.nextPush += 1
                    return String(format: "-Fake%015d", state.nextPush)
                }
                let node = try DatabaseNode(parsing: body, now: Self.now)
                sets.append((path.appending(name), node))
                answer = Self.json(["name": name])
            default:
                let node = try DatabaseNode(parsing: body, existing: current, now: Self.now)
                sets.append((path, node))
                answer = String(decoding: DatabaseJSON.data(of: node), as: UTF8.self)
            }
        } catch {
            return .json(#"{"error": "Invalid data: \#(error)"}"#, status: 400)
        }
        // A priority write at a location without data is refused (the SDK's `testSetPriorityOnNonexistentNodeFails`).
        let refused = state.withLock { state in
            var root = state.root
            return sets.contains { path, node in
                defer { root = root.setting(node, at: path.keys) }
                return path.isPriority && root.node(at: path.location.keys).isNull
            }
        }
        if refused { return .json(#"{"error": "Invalid data; cannot set the priority of nothing."}"#, status: 400) }
        if let expected = request.headers["if-match"] {
            if let conflict = state.withLock({ $0.conflictingWrites.isEmpty ? nil : $0.conflictingWrites.removeFirst() }
            ) {
                write([conflict], patchBase: nil)
            }
            let now = state.withLock { $0.root.node(at: path.keys) }
            guard Self.etag(now) == expected else {
                var response = TestHTTPResponse.json(
                    String(decoding: DatabaseJSON.data(of: now), as: UTF8.self), status: 412)
                response.headers["ETag"] = Self.etag(now)
                return response
            }
        }
        write(sets, patchBase: request.method == "PATCH" ? path : nil, notify: echoesClientWrites)
        if silent { return TestHTTPResponse(status: 204) }
        var response = TestHTTPResponse.json(answer)
        if request.method == "PUT" {
            response.headers["ETag"] = Self.etag(state.withLock { $0.root.node(at: path.keys) })
        }
        return response
    }

    /// Stores `sets` and sends each stream the events for it: a `patch` to streams at or above `patchBase`,
    /// else a `put` of the written value (or of the stream's whole location, for a write above it).
    private func write(_ sets: [(DatabasePath, DatabaseNode)], patchBase: DatabasePath?, notify: Bool = true) {
        state.withLock { state in
            for (path, node) in sets { state.root = state.root.setting(node, at: path.keys) }
            guard notify else { return }
            for stream in state.streams {
                if let base = patchBase, stream.path.contains(base) {
                    var data: [String: Any] = [:]
                    for (path, node) in sets {
                        data[path.keys.dropFirst(base.keys.count).joined(separator: "/")] = node.exportValue ?? NSNull()
                    }
                    let relative = "/" + base.keys.dropFirst(stream.path.keys.count).joined(separator: "/")
                    stream.writer.send(
                        TestServerSentEvent(event: "patch", data: Self.json(["path": relative, "data": data])))
                    continue
                }
                for (path, _) in sets {
                    if stream.path.contains(path) {
                        let relative = "/" + path.keys.dropFirst(stream.path.keys.count).joined(separator: "/")
                        stream.writer.send(Self.event("put", path: relative, state.root.node(at: path.keys)))
                    } else if path.contains(stream.path) {
                        stream.writer.send(Self.event("put", path: "/", state.root.node(at: stream.path.keys)))
                    }
                }
            }
        }
    }

    /// A `put`/`patch` event carrying `node` at `path`.
    static func event(_ type: String, path: String, _ node: DatabaseNode) -> TestServerSentEvent {
        TestServerSentEvent(event: type, data: json(["path": path, "data": node.exportValue ?? NSNull()]))
    }

    /// The ETag of a value: a digest of its JSON.
    static func etag(_ node: DatabaseNode) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in json(node.exportValue ?? NSNull()).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))\""
    }

    static func json(_ object: Any) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func keys(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}
