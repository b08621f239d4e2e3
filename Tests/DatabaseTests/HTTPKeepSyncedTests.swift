// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// `keepSynced(_:)` over REST: a stream kept open with no observer.
@Suite("Database over REST: keepSynced")
struct HTTPKeepSyncedTests {
    @Test func keepSyncedKeepsOneStreamOpenUntilTurnedOff() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/a", 1)
            let db = try makeEmulatedDatabase(server)
            let ref = db.reference(withPath: "a")
            ref.keepSynced(true)
            ref.keepSynced(true)
            try await waitUntil { db.engine.localNode(at: DatabasePath(keys: ["a"])) == DatabaseNode(.number(1)) }
            try fake.set("/a", 2)
            try await waitUntil { db.engine.localNode(at: DatabasePath(keys: ["a"])) == DatabaseNode(.number(2)) }
            // An observer added now shares the stream and starts from the synced data.
            let log = EventLog()
            ref.log([.value], into: log)
            #expect(try await log.take(1) == ["value 2"])
            ref.removeAllObservers()
            // Observers gone, the data still follows the server.
            try fake.set("/a", 3)
            try await waitUntil { db.engine.localNode(at: DatabasePath(keys: ["a"])) == DatabaseNode(.number(3)) }
            #expect(fake.streams.count == 1)
            #expect(server.openConnectionCount == 1)
            ref.keepSynced(false)
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/a")
                return server.openConnectionCount == 0
            }
            #expect(db.engine.listenerCount == 0)
        }
    }
}
