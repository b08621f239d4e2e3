// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// ``HTTPDatabaseBackend``'s listens: Server-Sent Events from ``FakeDatabaseServer`` turned into the same
/// observer events as the embedded backend's, reconnection, cancellation and the streams' lifecycle.
@Suite("Database over REST: event streams")
struct HTTPStreamTests {
    /// A scenario of another client's writes and this client's own, observed at `items` (every event type)
    /// and by a top-2 query; returns each step's lines.
    private func scenario(_ db: Database, otherClient write: (String, Any?) async throws -> Void) async throws
        -> [[String]]
    {
        try await write("items", ["a": 1, "b": 2, "c": 3])
        let log = EventLog()
        let top = EventLog()
        db.reference(withPath: "items").log(into: log)
        db.reference(withPath: "items").queryOrderedByValue().queryLimited(toLast: 2)
            .log([.childRemoved, .childAdded, .childMoved, .childChanged, .value], into: top)
        var steps = [try await log.takeThroughValue(), try await top.takeThroughValue()]
        let changes: [(String, Any?)] = [("items/d", 4), ("items/c", 0), ("items/d", nil), ("items/b", 5)]
        for (index, (path, value)) in changes.enumerated() {
            if index == 1 {
                try await db.reference(withPath: path).setValue(value)  // this client's own write
            } else {
                try await write(path, value)
            }
            steps.append(try await log.takeThroughValue())
            steps.append(try await top.takeThroughValue())
        }
        try await write("items", ["z": 26])
        steps.append(try await log.takeThroughValue())
        steps.append(try await top.takeThroughValue())
        return steps
    }

    @Test func eventsAreTheSameAsTheEmbeddedBackends() async throws {
        let (local, other) = try makeTwoClients()
        let embedded = try await scenario(local) { path, value in
            try await other.reference(withPath: path).setValue(value)
        }
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            let overREST = try await scenario(db) { path, value in try fake.set(path, value) }
            #expect(overREST == embedded)
            #expect(overREST.count == 12)
            #expect(overREST[0] == ["added a", "added b after a", "added c after b", #"value {"a":1,"b":2,"c":3}"#])
        }
    }

    @Test func aListenIsAnEventStreamGETWithTheQuerysParameters() async throws {
        try await withFakeDatabaseServer { fake, server in
            let auth = FakeAuth(userID: "ada", token: "ada-token")
            let db = try makeEmulatedDatabase(server, auth: auth)
            let log = EventLog()
            db.reference(withPath: "s").queryOrderedByKey().queryStarting(atValue: "b").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            let stream = try #require(fake.streams.first).request
            #expect(stream.method == "GET")
            #expect(stream.pathWithoutQuery == "/s.json")
            #expect(stream.headers["Accept"] == "text/event-stream")
            #expect(stream.parameters["orderBy"] == #""$key""#)
            #expect(stream.parameters["startAt"] == #""b""#)
            #expect(stream.parameters["auth"] == "ada-token")
            #expect(stream.parameters["ns"] == testNamespace)
        }
    }

    @Test func keepAliveEventsAreIgnored() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", 1)
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value 1"])
            fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
            fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
            try fake.set("/a", 2)
            #expect(try await log.take(1) == ["value 2"])
        }
    }

    @Test func cancelEndsTheValueStreamWithPermissionDenied() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", 1)
            let db = try makeEmulatedDatabase(server)
            let first = Gate()
            let consumer = Task {
                for try await _ in db.reference(withPath: "a").value { first.open() }
            }
            try await first.wait(timeout: defaultTestTimeout)
            fake.send(TestServerSentEvent(event: "cancel", data: #""Permission denied""#), toStreamsAt: "/a")
            let error = await #expect(throws: DatabaseError.self) { try await value(of: consumer) }
            #expect(error?.code == .permissionDenied)
            #expect(db.engine.listenerCount == 0)
        }
    }

    @Test func authRevokedReconnectsWithAFreshToken() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", 1)
            let auth = FakeAuth(userID: "ada", token: "old-token")
            let sleeps = SleepLog()
            let db = try makeEmulatedDatabase(server, auth: auth, sleeps: sleeps)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value 1"])
            auth.token = "new-token"
            fake.send(TestServerSentEvent(event: "auth_revoked", data: #""token expired""#), toStreamsAt: "/a")
            try await waitUntil { fake.streams.count == 2 }
            #expect(fake.streams.map { $0.request.parameters["auth"] } == ["old-token", "new-token"])
            #expect(auth.getTokenCalls.last == true)
            #expect(sleeps.all.isEmpty)
            try fake.set("/a", 2)
            #expect(try await log.take(1) == ["value 2"])
        }
    }

    @Test func aTokenRevokedBeforeAnyDataBacksOff() async throws {
        let revoked = TestHTTPResponse.eventStream([TestServerSentEvent(event: "auth_revoked", data: "null")])
        try await withTestHTTPServer({ _ in revoked }) { server in
            let auth = FakeAuth(userID: "ada", token: "ada-token")
            let sleeps = SleepLog()
            let app = try TestApp.make(libraries: [DatabaseLibrary.self], overrides: auth.components)
            let db = try Database.database(app: app)
            try db.useEmulator(withHost: server.host, port: server.port, sleep: sleeps.sleep)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            try await waitUntil { sleeps.all.count >= 3 }
            #expect(Array(sleeps.all.prefix(3)) == [.seconds(1), .seconds(2), .seconds(4)])
            #expect(auth.getTokenCalls.filter { $0 }.count >= 2)
            #expect(log.all.isEmpty)
            await app.delete()
        }
    }

    @Test func aDroppedConnectionReconnectsAfterABackoffAndResumes() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/items", ["a": 1])
            let gate = Gate()
            let sleeps = SleepLog(gate: gate)
            let db = try makeEmulatedDatabase(server, sleeps: sleeps)
            let log = EventLog()
            db.reference(withPath: "items").log(into: log)
            #expect(try await log.takeThroughValue() == ["added a", #"value {"a":1}"#])
            fake.dropStreams()
            // One stream for the five observers of the location.
            try await waitUntil { sleeps.all.count == 1 }
            // Changed while the client was away: the reconnected stream's first `put` brings it.
            try fake.set("/items/b", 2)
            gate.open()
            #expect(try await log.takeThroughValue() == ["added b after a", #"value {"a":1,"b":2}"#])
            #expect(sleeps.all == [.seconds(1)])
            // Nothing is raised twice: the next change is the next event.
            try fake.set("/items/a", 3)
            #expect(try await log.takeThroughValue() == ["changed a", #"value {"a":3,"b":2}"#])
        }
    }

    @Test func repeatedFailuresBackOffExponentially() async throws {
        try await withFakeDatabaseServer { fake, server in
            let sleeps = SleepLog()
            let db = try makeEmulatedDatabase(server, sleeps: sleeps)
            for _ in 0..<4 { fake.failNext(status: 503, body: #"{"error": "unavailable"}"#) }
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            #expect(sleeps.all == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        }
    }

    @Test func cancellingTheConsumerClosesTheConnectionAndRemovesTheListener() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            let first = Gate()
            let consumer = Task {
                for try await _ in db.reference(withPath: "a").value { first.open() }
            }
            try await first.wait(timeout: defaultTestTimeout)
            #expect(server.openConnectionCount == 1)
            consumer.cancel()
            _ = try await result(of: consumer)
            // The server notices the closed connection when a write fails; keep writing until it does.
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
                return server.openConnectionCount == 0
            }
            #expect(db.engine.listenerCount == 0)
        }
    }

    @Test func breakingOutOfTheLoopClosesTheConnection() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            for try await snapshot in db.reference(withPath: "a").value {
                #expect(!snapshot.exists())
                break
            }
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
                return server.openConnectionCount == 0
            }
            #expect(db.engine.listenerCount == 0)
        }
    }

    @Test func deletingTheAppFinishesTheStreamAndClosesTheConnection() async throws {
        try await withFakeDatabaseServer { fake, server in
            let app = try TestApp.make(libraries: [DatabaseLibrary.self])
            let db = try Database.database(app: app)
            try db.useEmulator(withHost: server.host, port: server.port, sleep: SleepLog().sleep)
            let first = Gate()
            let consumer = Task {
                var count = 0
                for try await _ in db.reference(withPath: "a").value {
                    count += 1
                    first.open()
                }
                return count
            }
            try await first.wait(timeout: defaultTestTimeout)
            await app.delete()
            #expect(try await value(of: consumer) == 1)
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
                return server.openConnectionCount == 0
            }
        }
    }

    @Test func aDeeplyNestedEventFailsTheListenerWithoutACrash() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            let depth = 100_000
            let data = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            fake.send(TestServerSentEvent(event: "put", data: #"{"path":"/","data":\#(data)}"#), toStreamsAt: "/a")
            #expect(try await log.take(1) == ["error unknown"])
            #expect(db.engine.listenerCount == 0)
        }
    }

    @Test func aMalformedEventFailsTheListener() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            fake.send(TestServerSentEvent(event: "put", data: #"{"data": 1}"#), toStreamsAt: "/a")
            #expect(try await log.take(1) == ["error unknown"])
        }
    }

    @Test func patchEventsUpdateChildren() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", ["x": 1, "y": 2])
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").log(into: log)
            #expect(try await log.takeThroughValue() == ["added x", "added y after x", #"value {"x":1,"y":2}"#])
            fake.send(
                TestServerSentEvent(event: "patch", data: #"{"path":"/","data":{"y":3,"z/w":4}}"#), toStreamsAt: "/a")
            #expect(
                try await log.takeThroughValue() == [
                    "added z after y", "changed y after x", #"value {"x":1,"y":3,"z":{"w":4}}"#,
                ])
        }
    }

    @Test func goOfflineClosesTheStreamsAndGoOnlineCatchesUp() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", 1)
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value 1"])
            db.goOffline()
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
                return server.openConnectionCount == 0
            }
            try fake.set("/a", 2)
            db.goOnline()
            #expect(try await log.take(1) == ["value 2"])
            #expect(fake.streams.count == 2)
        }
    }
}
