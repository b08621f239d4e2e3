// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// goOffline / goOnline, transactions with a listener, and the events() stream, over REST.
@Suite("Database over REST: connection, transactions, events()")
struct HTTPConnectionTests {
    @Test func writesMadeOfflineAreSentByGoOnline() async throws {
        try await withFakeDatabaseServer { fake, server in
            let db = try makeEmulatedDatabase(server)
            db.goOffline()
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            let sent = Task { try await db.reference(withPath: "a").setValue(1) }
            #expect(try await log.take(1) == ["value 1"])
            #expect(server.requests.isEmpty)
            #expect(fake.streams.isEmpty)
            db.goOnline()
            try await value(of: sent)
            #expect(fake.value(at: "a") as? Int == 1)
            // The listen opened with goOnline: the server's changes arrive.
            try await waitUntil { fake.streams.count == 1 }
            try fake.set("/a", 2)
            // Nothing in between: not the listen's first data (from before the write, or not) undoing the write.
            #expect(try await log.take(1) == ["value 2"])
        }
    }

    @Test func dataFromBeforeAnAnsweredWriteDoesNotUndoIt() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", 1)
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value 1"])
            let stream = try #require(fake.streams.first)
            fake.echoesClientWrites = false
            try await db.reference(withPath: "a").setValue(2)
            #expect(try await log.take(1) == ["value 2"])
            // The stream, opened before the write, still sends what it had before it: the write stands.
            stream.writer.send(FakeDatabaseServer.event("put", path: "/", DatabaseNode(.number(1))))
            // Then the write's echo, after which the stream's data is newer than the write.
            stream.writer.send(FakeDatabaseServer.event("put", path: "/", DatabaseNode(.number(2))))
            try fake.set("/a", 3)
            #expect(try await log.take(1) == ["value 3"])
            stream.writer.send(FakeDatabaseServer.event("put", path: "/", DatabaseNode(.number(4))))
            #expect(try await log.take(1) == ["value 4"])
        }
    }

    @Test func aConnectionOpenedAfterAnAnsweredWriteBringsNewerData() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", 1)
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value 1"])
            fake.echoesClientWrites = false
            try await db.reference(withPath: "a").setValue(2)
            #expect(try await log.take(1) == ["value 2"])
            // The stream drops before the write's echo; another client writes; the new connection's data is newer
            // than the write, and wins.
            fake.dropStreams()
            try fake.set("/a", 5)
            #expect(try await log.take(1) == ["value 5"])
        }
    }

    @Test func aTransactionOnAListenedLocationStartsFromTheServersValue() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/likes", 5)
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "likes").log([.value], into: log)
            #expect(try await log.take(1) == ["value 5"])
            let seen = Locked<[Int?]>([])
            let (committed, snapshot) = try await db.reference(withPath: "likes").runTransactionBlock { current in
                seen.withLock { $0.append(current.value as? Int) }
                current.value = ((current.value as? Int) ?? 0) + 1
                return .success(withValue: current)
            }
            #expect(committed)
            #expect(snapshot.value as? Int == 6)
            #expect(seen.withLock { $0 } == [5])
            #expect(fake.value(at: "likes") as? Int == 6)
            #expect(try await log.take(1) == ["value 6"])
        }
    }

    /// As for a write: a committed transaction whose echo never came (the stream dropped first) does not hide the
    /// newer data of the next connection.
    @Test func aConnectionOpenedAfterACommittedTransactionBringsNewerData() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/likes", 1)
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "likes").log([.value], into: log)
            #expect(try await log.take(1) == ["value 1"])
            fake.echoesClientWrites = false
            let (committed, _) = try await db.reference(withPath: "likes").runTransactionBlock { current in
                current.value = ((current.value as? Int) ?? 0) + 1
                return .success(withValue: current)
            }
            #expect(committed)
            #expect(try await log.take(1) == ["value 2"])
            fake.dropStreams()
            try fake.set("/likes", 5)
            #expect(try await log.take(1) == ["value 5"])
        }
    }

    @Test func aSingleEventObserverGetsTheServersValueAndClosesItsStream() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", ["b": 1])
            let db = try makeEmulatedDatabase(server)
            let log = EventLog()
            db.reference(withPath: "a").observeSingleEvent(of: .value) { snapshot in
                log.record(EventLog.line(.value, snapshot, nil, label: ""))
            }
            #expect(try await log.take(1) == [#"value {"b":1}"#])
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
                return server.openConnectionCount == 0
            }
            #expect(db.engine.listenerCount == 0)
        }
    }

    @Test func breakingOutOfAnEventsLoopClosesTheConnection() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/chat", ["m1": "hi"])
            let db = try makeEmulatedDatabase(server)
            for try await event in db.reference(withPath: "chat").events() {
                if case .childAdded(let snapshot, _) = event { #expect(snapshot.key == "m1") }
                break
            }
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/chat")
                return server.openConnectionCount == 0
            }
            #expect(db.engine.listenerCount == 0)
        }
    }
}
