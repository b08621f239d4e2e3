// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCore
import FlintDatabase
import FlintEmulator
import FlintTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Database service: Flint's REST Database client and raw REST against the emulator")
struct DatabaseServiceTests {
    /// An app whose Auth and Database both use the emulator.
    private func clients(_ emulator: FlintEmulator) throws -> (Auth, Database) {
        let app = try TestApp.make(libraries: [AuthLibrary.self, DatabaseLibrary.self], options: emulatorOptions)
        let auth = try Auth.auth(app: app)
        let authEndpoint = try #require(emulator.endpoints[.auth])
        auth.useEmulator(withHost: authEndpoint.host, port: authEndpoint.port)
        let database = try Database.database(app: app)
        let databaseEndpoint = try #require(emulator.endpoints[.database])
        try database.useEmulator(withHost: databaseEndpoint.host, port: databaseEndpoint.port)
        return (auth, database)
    }

    /// Rules: `/users/<uid>` only for that signed-in user; everything else open.
    private static let ownerRules: @Sendable (DatabaseRulesRequest) -> Bool = { request in
        let keys = request.path.split(separator: "/")
        guard keys.first == "users" else { return true }
        return keys.count >= 2 && request.uid == String(keys[1])
    }

    @Test func signedInWriteAndReadGoWithTheIDToken() async throws {
        try await withEmulator(databaseRules: Self.ownerRules) { emulator in
            let (auth, database) = try clients(emulator)
            let uid = try await auth.createUser(withEmail: "ada@example.com", password: "analytical").user.uid
            let profile = database.reference(withPath: "users/\(uid)/profile")
            try await profile.setValue(["name": "Ada", "born": 1815])
            let snapshot = try await profile.getData()
            #expect((snapshot.value as? [String: Any])?["name"] as? String == "Ada")
            // Without the token, the rules refuse the same read: the client's requests did send `auth=`.
            let anonymous = try await RawHTTP.send(
                "GET", emulator.url(.database, "/users/\(uid)/profile.json?ns=demo-flint-default-rtdb"))
            #expect(anonymous.status == 401)
            #expect(anonymous.json["error"] as? String == "Permission denied")
            try auth.signOut()
            await #expect(throws: (any Error).self) {
                try await database.reference(withPath: "users/\(uid)/other").setValue(1)
            }
        }
    }

    @Test func badInputGetsDatabaseShapedErrors() async throws {
        try await withEmulator(.init(services: [.database], ports: [.database: 0], maximumBodySize: 1024)) {
            emulator in
            func url(_ path: String) -> URL { emulator.url(.database, path) }
            let malformed = try await RawHTTP.send("PUT", url("/a.json"), body: Data("{oops".utf8))
            #expect(malformed.status == 400)
            #expect((malformed.json["error"] as? String)?.hasPrefix("Invalid data") == true)
            let notAnObject = try await RawHTTP.json("PATCH", url("/a.json"), [1, 2])
            #expect(notAnObject.status == 400)
            let badKey = try await RawHTTP.json("PUT", url("/a.json"), ["b.c": 1])
            #expect(badKey.status == 400)
            #expect(badKey.json["error"] is String)
            let noSuffix = try await RawHTTP.send("GET", url("/a"))
            #expect(noSuffix.status == 404)
            let huge = try await RawHTTP.send(
                "PUT", url("/a.json"), body: Data(repeating: UInt8(ascii: "1"), count: 4096))
            #expect(huge.status == 413)
            #expect(huge.json["error"] is String)
            let badToken = try await RawHTTP.send("GET", url("/a.json?auth=not-a-token"))
            #expect(badToken.status == 401)
        }
    }

    @Test func restWritesReadsAndPush() async throws {
        try await withEmulator { emulator in
            func url(_ path: String) -> URL { emulator.url(.database, path) }
            let put = try await RawHTTP.json("PUT", url("/scores.json?ns=demo"), ["ada": 3, "bob": 1, "cy": 2])
            #expect(put.status == 200)
            #expect(put.json["ada"] as? Int == 3)
            let patch = try await RawHTTP.json("PATCH", url("/scores.json?ns=demo"), ["dan": 5, "bob": NSNull()])
            #expect(patch.status == 200)
            let pushed = try await RawHTTP.json("POST", url("/log.json?ns=demo"), ["event": "start"])
            let name = try #require(pushed.json["name"] as? String)
            #expect(name.count == 20)
            let all = try await RawHTTP.send("GET", url("/.json?ns=demo"))
            #expect((all.json["scores"] as? [String: Any])?.keys.sorted() == ["ada", "cy", "dan"])
            #expect(((all.json["log"] as? [String: Any])?[name] as? [String: Any])?["event"] as? String == "start")
            let shallow = try await RawHTTP.send("GET", url("/.json?ns=demo&shallow=true"))
            #expect(shallow.json["scores"] as? Bool == true)
            let silent = try await RawHTTP.json("PUT", url("/x.json?ns=demo&print=silent"), 1)
            #expect(silent.status == 204)
            let deleted = try await RawHTTP.send("DELETE", url("/scores.json?ns=demo"))
            #expect(deleted.status == 200)
            #expect(String(decoding: deleted.body, as: UTF8.self) == "null")
            // Another namespace is another database.
            let other = try await RawHTTP.send("GET", url("/x.json?ns=other"))
            #expect(String(decoding: other.body, as: UTF8.self) == "null")
        }
    }

    @Test func queriesOrderFilterAndLimit() async throws {
        try await withEmulator { emulator in
            func get(_ query: String) async throws -> [String] {
                try await RawHTTP.send("GET", emulator.url(.database, "/people.json?ns=q&" + query)).json.keys.sorted()
            }
            _ = try await RawHTTP.json(
                "PUT", emulator.url(.database, "/people.json?ns=q"),
                [
                    "a": ["age": 30, "city": "London"], "b": ["age": 25, "city": "Paris"],
                    "c": ["age": 35, "city": "London"], "d": ["age": 20],
                ])
            #expect(try await get(#"orderBy="city"&equalTo="London""#) == ["a", "c"])
            #expect(try await get(#"orderBy="age"&limitToFirst=2"#) == ["b", "d"])
            #expect(try await get(#"orderBy="age"&startAt=25&endAt=30"#) == ["a", "b"])
            #expect(try await get(#"orderBy="$key"&limitToLast=1"#) == ["d"])
            let missingOrder = try await RawHTTP.send(
                "GET", emulator.url(.database, "/people.json?ns=q&limitToFirst=1"))
            #expect(missingOrder.status == 400)
        }
    }

    @Test func conditionalWritesUseETags() async throws {
        try await withEmulator { emulator in
            let url = emulator.url(.database, "/counter.json?ns=e")
            _ = try await RawHTTP.json("PUT", url, 1)
            let read = try await RawHTTP.send("GET", url, headers: ["X-Firebase-ETag": "true"])
            let tag = try #require(read.headers["etag"])
            let ok = try await RawHTTP.json("PUT", url, 2, headers: ["if-match": tag])
            #expect(ok.status == 200)
            let stale = try await RawHTTP.json("PUT", url, 3, headers: ["if-match": tag])
            #expect(stale.status == 412)
            #expect(String(decoding: stale.body, as: UTF8.self) == "2")
            #expect(stale.headers["etag"] != nil && stale.headers["etag"] != tag)
        }
    }

    @Test func serverValuesAreResolvedByTheServer() async throws {
        try await withEmulator { emulator in
            let url = emulator.url(.database, "/stats.json?ns=s")
            _ = try await RawHTTP.json("PUT", url, ["visits": 41])
            let answer = try await RawHTTP.json(
                "PATCH", url, ["visits": [".sv": ["increment": 1]], "at": [".sv": "timestamp"]])
            #expect(answer.json["visits"] as? Int == 42)
            #expect((answer.json["at"] as? Double ?? 0) > 1_700_000_000_000)
        }
    }

    @Test func clientTransactionAndListenerWork() async throws {
        try await withEmulator { emulator in
            let (_, database) = try clients(emulator)
            let counter = database.reference(withPath: "counter")
            let values = counter.value
            let first = try await collect(1, from: values)
            #expect(first.first?.value == nil || first.first?.value is NSNull)
            try await counter.setValue(10)
            _ = try await RawHTTP.json("PUT", emulator.url(.database, "/counter.json?ns=demo-flint-default-rtdb"), 11)
            let (committed, snapshot) = try await counter.runTransactionBlock { data in
                data.value = ((data.value as? Int) ?? 0) + 1
                return .success(withValue: data)
            }
            #expect(committed)
            #expect(snapshot.value as? Int == 12)
        }
    }

    @Test func eventStreamSendsPutsAndEndsWhenTheEmulatorStops() async throws {
        let emulator = try await FlintEmulator.start(configuration: .ephemeral(services: [.database]), log: { _ in })
        let base = emulator.endpoints[.database]!.url.absoluteString
        _ = try await RawHTTP.json("PUT", URL(string: base + "/room.json?ns=sse")!, ["topic": "engines"])
        var request = URLRequest(url: URL(string: base + "/room.json?ns=sse")!)
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        let stream = EventStreamReader(request)
        let first = try await collect(1, from: stream.dataLines)
        #expect(first == [#"put data: {"data":{"topic":"engines"},"path":"/"}"#])
        _ = try await RawHTTP.json("PUT", URL(string: base + "/room/topic.json?ns=sse")!, "looms")
        let second = try await collect(1, from: stream.dataLines)
        #expect(second == [#"put data: {"data":"looms","path":"/topic"}"#])
        _ = try await RawHTTP.json(
            "PATCH", URL(string: base + "/room.json?ns=sse")!, ["topic": "mills", "size": 3])
        let third = try await collect(1, from: stream.dataLines)
        #expect(third == [#"patch data: {"data":{"size":3,"topic":"mills"},"path":"/"}"#])
        // Stopping ends the open stream instead of waiting for it.
        try await value(of: Task { try await emulator.stop() })
        try await value(of: Task { for await _ in stream.dataLines {} })
    }
}

extension DatabaseServiceTests {
    @Test func eventStreamIsCancelledWhenTheRulesNoLongerAllowTheRead() async throws {
        let open = Locked(true)
        let rules: @Sendable (DatabaseRulesRequest) -> Bool = { request in
            request.operation == .write || open.withLock { $0 }
        }
        try await withEmulator(.ephemeral(services: [.database]), databaseRules: rules) { emulator in
            let base = emulator.endpoints[.database]!.url.absoluteString
            var request = URLRequest(url: URL(string: base + "/room.json?ns=rules")!)
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            let stream = EventStreamReader(request)
            #expect(try await collect(1, from: stream.dataLines) == [#"put data: {"data":null,"path":"/"}"#])
            open.withLock { $0 = false }
            _ = try await RawHTTP.json("PUT", URL(string: base + "/room/topic.json?ns=rules")!, "looms")
            #expect(try await collect(1, from: stream.dataLines) == ["cancel data: null"])
            // The stream ends after the cancel.
            try await value(of: Task { for await _ in stream.dataLines {} })
        }
    }
}

extension DatabaseServiceTests {
    @Test func aNamespaceHostNameNamesTheDatabase() async throws {
        try await withEmulator(.ephemeral(services: [.database])) { emulator in
            let endpoint = try #require(emulator.endpoints[.database])
            let (named, nsWins) = try await RawHTTPConnection(
                host: endpoint.host, port: endpoint.port, hostHeader: "mydb.localhost:\(endpoint.port)"
            ).run { exchange in
                try await exchange.send(.PUT, "/room.json", body: #""mine""#)
                let put = try await exchange.response()
                #expect(put.status == 200)
                try await exchange.send(.GET, "/room.json")
                let named = try await exchange.response()
                // `ns=` names the database even when the host name names another.
                try await exchange.send(.PUT, "/room.json?ns=other", body: #""theirs""#)
                #expect(try await exchange.response().status == 200)
                try await exchange.send(.GET, "/room.json?ns=other")
                return (named.body, try await exchange.response().body)
            }
            #expect(named == #""mine""#)
            #expect(nsWins == #""theirs""#)
            // The write went to `mydb`: not the default namespace, and not `other`'s.
            func read(_ query: String) async throws -> String {
                let response = try await RawHTTP.send("GET", emulator.url(.database, "/room.json" + query))
                return String(decoding: response.body, as: UTF8.self)
            }
            #expect(try await read("?ns=mydb") == #""mine""#)
            #expect(try await read("?ns=other") == #""theirs""#)
            #expect(try await read("") == "null")
            #expect(try await read("?ns=demo-flint-default-rtdb") == "null")
        }
    }
}

/// The `data:` lines of a Server-Sent Events response, each after its event's type (`put data: {…}`), as they arrive (a delegate: `URLSession.bytes` is not in
/// FoundationNetworking); finished when the response ends.
final class EventStreamReader: NSObject, URLSessionDataDelegate, Sendable {
    let dataLines: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let buffer = Locked((data: Data(), event: ""))
    private let session = Locked<URLSession?>(nil)

    init(_ request: URLRequest) {
        (dataLines, continuation) = AsyncStream.makeStream(of: String.self)
        super.init()
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        self.session.withLock { $0 = session }
        session.dataTask(with: request).resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let lines = buffer.withLock { state -> [String] in
            state.data.append(data)
            var lines: [String] = []
            while let newline = state.data.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.data[state.data.startIndex..<newline], as: UTF8.self)
                state.data.removeSubrange(state.data.startIndex...newline)
                if line.hasPrefix("event: ") { state.event = String(line.dropFirst("event: ".count)) }
                if line.hasPrefix("data:") { lines.append("\(state.event) \(line)") }
            }
            return lines
        }
        for line in lines { continuation.yield(line) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        continuation.finish()
        session.finishTasksAndInvalidate()
    }
}
