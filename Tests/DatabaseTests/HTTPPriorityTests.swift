// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// Priorities over REST (``HTTPDatabaseBackend`` against ``FakeDatabaseServer``): a priority write goes to the
/// location's `.priority` child, as the SDK's `setPriority` writes it.
@Suite("Database over REST: priorities")
struct HTTPPriorityTests {
    @Test func setPriorityWithoutListeningKeepsTheData() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", "hello")
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "a").setPriority(5)
            let put = try #require(server.requests.last)
            #expect(put.method == "PUT")
            #expect(put.pathWithoutQuery == "/a/.priority.json")
            #expect(String(decoding: put.body, as: UTF8.self) == "5")
            #expect(fake.json == #"{"a":{".priority":5,".value":"hello"}}"#)
        }
    }

    @Test func setPriorityOnALocationWithoutDataFailsAndWritesNothing() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/other", 1)
            let db = try makeEmulatedDatabase(server)
            let code = await databaseCode { try await db.reference(withPath: "a").setPriority(5) }
            #expect(code == .invalidArgument)
            #expect(fake.json == #"{"other":1}"#)
        }
    }

    @Test func aListenerSeesAPriorityChangeAndItsEcho() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", ["b": 1])
            let db = try makeEmulatedDatabase(server)
            let ref = db.reference(withPath: "a")
            let log = EventLog()
            ref.log([.value], into: log)
            _ = try await log.take(1)
            try await ref.setPriority("p")
            #expect(try await ref.getData().priority as? String == "p")
            #expect(fake.json == #"{"a":{".priority":"p","b":1}}"#)
            try await ref.setPriority(nil)
            #expect(fake.json == #"{"a":{"b":1}}"#)
            #expect(try await ref.getData().priority == nil)
        }
    }

    @Test func priorityKeysInAnUpdateArePatchedAsPriorityPaths() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", ["b": 1, "c": 2])
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "a").updateChildValues(["b/.priority": 3, "c": 4])
            let patch = try #require(server.requests.last)
            #expect(patch.method == "PATCH")
            #expect(try JSONSerialization.jsonObject(with: patch.body) as? [String: Int] == ["b/.priority": 3, "c": 4])
            #expect(fake.json == #"{"a":{"b":{".priority":3,".value":1},"c":4}}"#)
        }
    }

    @Test func aServerValuePriorityIsSentForTheServerToResolve() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", "hello")
            let db = try makeEmulatedDatabase(server)
            try await db.reference(withPath: "a").setPriority(ServerValue.timestamp())
            let put = try #require(server.requests.last)
            #expect(put.pathWithoutQuery == "/a/.priority.json")
            #expect(String(decoding: put.body, as: UTF8.self) == #"{".sv":"timestamp"}"#)
            #expect(fake.json == #"{"a":{".priority":1700000000000,".value":"hello"}}"#)
            try await db.reference(withPath: "b").setValue("x", andPriority: ServerValue.increment(2))
            let body = try JSONSerialization.jsonObject(with: try #require(server.requests.last).body)
            #expect(json(body) == #"{".priority":{".sv":{"increment":2}},".value":"x"}"#)
            #expect(try await db.reference(withPath: "b").getData().priority as? Int == 2)
        }
    }
}
