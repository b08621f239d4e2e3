// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// ``HTTPDatabaseBackend``'s requests and answers (REST), against ``FakeDatabaseServer``.
@Suite("Database over REST: writes, reads, transactions, errors")
struct HTTPBackendTests {
    @Test func setValueIsAPutOfTheExportFormatWithTheNamespace() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "users/ada").setValue(["name": "Ada", "born": 1815])
            let put = try #require(server.requests.last)
            #expect(put.method == "PUT")
            #expect(put.pathWithoutQuery == "/users/ada.json")
            #expect(put.parameters["ns"] == testNamespace)
            #expect(fake.json == #"{"users":{"ada":{"born":1815,"name":"Ada"}}}"#)
            #expect(db.emulatorOrigin == server.origin)
        }
    }

    @Test func getDataReadsTheServer() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/scores", ["a": 1, "b": 2])
            let db = try makeEmulatedDatabase(server)
            let snapshot = try await db.reference(withPath: "scores").getData()
            #expect(json(snapshot.value) == #"{"a":1,"b":2}"#)
            let get = try #require(server.requests.last)
            #expect(get.method == "GET")
            #expect(get.parameters["format"] == "export")
        }
    }

    @Test func updateChildValuesIsOnePatchOfTheCommonAncestor() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "a").updateChildValues(["b/c": 1, "b/d": "x"])
            let patch = try #require(server.requests.last)
            #expect(patch.method == "PATCH")
            #expect(patch.pathWithoutQuery == "/a/b.json")
            #expect(json(try JSONSerialization.jsonObject(with: patch.body)) == #"{"c":1,"d":"x"}"#)
            #expect(fake.json == #"{"a":{"b":{"c":1,"d":"x"}}}"#)
        }
    }

    @Test func removeValueIsADelete() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", ["b": 1, "c": 2])
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "a/b").removeValue()
            #expect(server.requests.last?.method == "DELETE")
            #expect(server.requests.last?.pathWithoutQuery == "/a/b.json")
            #expect(fake.json == #"{"a":{"c":2}}"#)
        }
    }

    @Test func pushedChildrenArePutAtTheirPushID() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            let message = db.reference(withPath: "chat").childByAutoId()
            try await message.setValue("hi")
            let key = try #require(message.key)
            #expect(server.requests.last?.pathWithoutQuery == "/chat/\(key).json")
            #expect(json(fake.value(at: "chat")) == #"{"\#(key)":"hi"}"#)
        }
    }

    @Test func serverValuesAreSentForTheServerToResolve() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/n", 5)
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "at").setValue(ServerValue.timestamp())
            #expect(server.requests.last?.bodyText == #"{".sv":"timestamp"}"#)
            try await db.reference().updateChildValues(["n": ServerValue.increment(2), "m": 1])
            let patch = try #require(server.requests.last)
            #expect(patch.method == "PATCH")
            #expect(json(try JSONSerialization.jsonObject(with: patch.body)) == #"{"m":1,"n":{".sv":{"increment":2}}}"#)
            #expect(fake.value(at: "at") as? Int == Int(FakeDatabaseServer.now))
            #expect(fake.value(at: "n") as? Int == 7)
        }
    }

    @Test func theIDTokenAndAppCheckTokenGoWithEveryRequest() async throws {
        try await withFakeDatabaseServer { _, server in
            let auth = FakeAuth(userID: "ada", token: "ada-token")
            let appCheck = FakeAppCheck(token: "app-check-token")
            let db = try makeEmulatedDatabase(server, auth: auth, appCheck: appCheck)
            try await db.reference(withPath: "a").setValue(1)
            _ = try await db.reference(withPath: "a").getData()
            #expect(server.requests.count == 2)
            for request in server.requests {
                #expect(request.parameters["auth"] == "ada-token")
                #expect(request.headers["X-Firebase-AppCheck"] == "app-check-token")
            }
        }
    }

    @Test func keysWithURLCharactersStayInThePath() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            try await db.reference().child("a?b=1&c%d e").child("x:y@z").setValue(1)
            let put = try #require(server.requests.last)
            #expect(put.pathWithoutQuery == "/a%3Fb%3D1%26c%25d%20e/x%3Ay%40z.json")
            #expect(put.parameters.keys.sorted() == ["ns"])
            #expect(json(fake.value(at: "/")) == #"{"a?b=1&c%d e":{"x:y@z":1}}"#)
        }
    }

    @Test func queryParametersAreSentAsTheRESTAPITakesThem() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/s", ["a": 1, "b": 2, "c": 3])
            let db = try makeEmulatedDatabase(server)
            let scores = db.reference(withPath: "s")
            let first = try await scores.queryOrderedByKey().queryLimited(toFirst: 2).getData()
            #expect(first.children.map(\.key) == ["a", "b"])
            var parameters = try #require(server.requests.last).parameters
            #expect(parameters["orderBy"] == #""$key""#)
            #expect(parameters["limitToFirst"] == "2")

            _ = try await scores.queryOrderedByValue().queryStarting(atValue: 2).queryEnding(atValue: "z").getData()
            parameters = try #require(server.requests.last).parameters
            #expect(parameters["orderBy"] == #""$value""#)
            #expect(parameters["startAt"] == "2")
            #expect(parameters["endAt"] == #""z""#)

            let last = try await scores.queryOrdered(byChild: "age/years").queryEqual(toValue: true)
                .queryLimited(toLast: 1).getData()
            #expect(!last.exists())
            parameters = try #require(server.requests.last).parameters
            #expect(parameters["orderBy"] == #""age/years""# || parameters["orderBy"] == #""age\/years""#)
            #expect(parameters["equalTo"] == "true")
            #expect(parameters["limitToLast"] == "1")

            _ = try await scores.queryOrderedByPriority().queryStarting(afterValue: 1).queryLimited(toFirst: 1)
                .getData()
            parameters = try #require(server.requests.last).parameters
            #expect(parameters["orderBy"] == #""$priority""#)
            #expect(parameters["startAt"] == "1")
            // An exclusive bound has no REST form: the range is sent inclusive and without the limit.
            #expect(parameters["limitToFirst"] == nil)
        }
    }

    @Test func aTransactionConflictRetriesWithTheServersValue() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/likes", 1)
            let db = try makeEmulatedDatabase(server)
            try fake.conflictOnNextConditionalPut(path: "/likes", value: 10)
            let seen = Locked<[Int?]>([])
            let (committed, snapshot) = try await db.reference(withPath: "likes").runTransactionBlock { current in
                seen.withLock { $0.append(current.value as? Int) }
                current.value = ((current.value as? Int) ?? 0) + 1
                return .success(withValue: current)
            }
            #expect(committed)
            #expect(snapshot.value as? Int == 11)
            #expect(fake.value(at: "likes") as? Int == 11)
            // The local value (nothing: not listened), then the server's, then the one the 412 answered.
            #expect(seen.withLock { $0 } == [nil, 1, 10])
            let conditional = server.requests.filter { $0.headers["if-match"] != nil }
            #expect(conditional.count == 2)
            #expect(server.requests.contains { $0.headers["X-Firebase-ETag"] == "true" })
        }
    }

    @Test func aTransactionThatAlwaysConflictsFailsWithMaxRetry() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/likes", 0)
            for value in 1...40 { try fake.conflictOnNextConditionalPut(path: "/likes", value: value * 100) }
            let db = try makeEmulatedDatabase(server)
            let calls = Locked(0)
            let error = await #expect(throws: DatabaseError.self) {
                _ = try await db.reference(withPath: "likes").runTransactionBlock { current in
                    calls.withLock { $0 += 1 }
                    current.value = ((current.value as? Int) ?? 0) + 1
                    return .success(withValue: current)
                }
            }
            #expect(error?.code == .maxRetries)
            #expect(calls.withLock { $0 } == 25)
        }
    }

    @Test(arguments: [
        (401, #"{"error": "Permission denied"}"#, DatabaseErrorCode.permissionDenied),
        (403, #"{"error": "Forbidden"}"#, .permissionDenied),
        (401, #"{"error": "Auth token is expired"}"#, .unauthenticated),
        (400, #"{"error": "Invalid data; couldn't parse JSON object."}"#, .invalidArgument),
        (503, #"{"error": "Service unavailable"}"#, .unavailable),
        (404, #"{"error": "Not found"}"#, .unknown),
    ])
    func errorAnswersMapToCodes(status: Int, body: String, code: DatabaseErrorCode) async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            fake.failNext(status: status, body: body)
            let error = await #expect(throws: DatabaseError.self) {
                try await db.reference(withPath: "a").setValue(1)
            }
            #expect(error?.code == code)
            #expect(error?.message.contains(String(status)) == true)
            // The refused write was reverted locally.
            #expect(db.engine.localNode(at: DatabasePath(keys: ["a"])).isNull)
        }
    }

    @Test func aRefusedListenFailsTheObserverWithPermissionDenied() async throws {
        let fake = FakeDatabaseServer(rules: { method, path, _ in method != "GET" || path.keys != ["secret"] })
        try await withFakeDatabaseServer(fake) { _, server in
            let db = try makeEmulatedDatabase(server)
            let error = await #expect(throws: DatabaseError.self) {
                for try await _ in db.reference(withPath: "secret").value {}
            }
            #expect(error?.code == .permissionDenied)
        }
    }

    @Test func anUnreachableServerIsUnavailable() async throws {
        // Port 1 on loopback: privileged and unused, so the connection is refused.
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        let db = try Database.database(app: app)
        try db.useEmulator(withHost: "127.0.0.1", port: 1)
        let error = await #expect(throws: DatabaseError.self) {
            try await db.reference(withPath: "a").setValue(1)
        }
        #expect(error?.code == .unavailable)
    }

    @Test func useEmulatorAfterTheFirstReferenceIsRefused() throws {
        let db = try makeDatabase()
        _ = db.reference(withPath: "a")
        #expect(
            throws: DatabaseError(
                .failedPrecondition,
                "Cannot connect to emulator after database initialization. "
                    + "Call useEmulator(host:port:) before creating a database reference or trying to load data.")
        ) {
            try db.useEmulator(withHost: "127.0.0.1", port: 9000)
        }
        #expect(db.emulatorOrigin == nil)
    }

    @Test func useEmulatorRefusesAnEmptyHostOrABadPort() throws {
        let db = try makeDatabase()
        #expect(throws: DatabaseError(.invalidArgument, "Cannot connect to empty host.")) {
            try db.useEmulator(withHost: "", port: 9000)
        }
        #expect(throws: DatabaseError(.invalidArgument, "Invalid emulator port 0.")) {
            try db.useEmulator(withHost: "127.0.0.1", port: 0)
        }
    }

    @Test func onDisconnectOperationsAreSentWhenTheClientGoesOffline() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "presence/ada").setValue(true)
            try await db.reference(withPath: "presence/ada").onDisconnectRemoveValue()
            try await db.reference(withPath: "lastSeen/ada").onDisconnectSetValue(ServerValue.timestamp())
            try await db.reference(withPath: "lastSeen/ada").onDisconnectSetValue(ServerValue.timestamp())
            try await db.reference(withPath: "lastSeen").cancelDisconnectOperations()
            #expect(fake.value(at: "presence/ada") as? Bool == true)
            db.goOffline()
            try await waitUntil { fake.value(at: "presence/ada") == nil }
            #expect(!server.requests.contains { $0.pathWithoutQuery == "/lastSeen/ada.json" })
        }
    }

    @Test func deeplyNestedAnswersAreAnErrorNotACrash() async throws {
        let depth = 100_000
        let nested = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        try await withTestHTTPServer({ _ in .json(nested) }) { server in
            let app = try TestApp.make(libraries: [DatabaseLibrary.self])
            let db = try Database.database(app: app)
            try db.useEmulator(withHost: server.host, port: server.port)
            let error = await #expect(throws: DatabaseError.self) {
                _ = try await db.reference(withPath: "a").getData()
            }
            #expect(error?.code == .unknown)
            #expect(error?.message.contains("nested deeper") == true)
        }
    }
}
