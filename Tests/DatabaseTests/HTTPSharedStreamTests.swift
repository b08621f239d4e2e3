// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// Listens of one query share one event stream.
@Suite("Database over REST: shared event streams")
struct HTTPSharedStreamTests {
    @Test func observersOfOneQueryShareAStreamUntilTheLastGoes() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/s", ["x": 1])
            let db = try makeEmulatedDatabase(server)
            let first = EventLog()
            let second = EventLog()
            let ref = db.reference(withPath: "s")
            let firstHandle = ref.log([.value], into: first)[0]
            #expect(try await first.take(1) == [#"value {"x":1}"#])
            let secondHandle = ref.log([.value], into: second)[0]
            #expect(try await second.take(1) == [#"value {"x":1}"#])
            // Another query of the same location has a stream of its own.
            let top = EventLog()
            ref.queryOrderedByValue().queryLimited(toFirst: 1).log([.value], into: top)
            #expect(try await top.take(1) == [#"value {"x":1}"#])
            #expect(fake.streams.count == 2)
            #expect(server.openConnectionCount == 2)
            ref.removeObserver(withHandle: firstHandle)
            try fake.set("/s/x", 2)
            #expect(try await second.take(1) == [#"value {"x":2}"#])
            #expect(try await top.take(1) == [#"value {"x":2}"#])
            #expect(first.all.isEmpty)
            ref.removeObserver(withHandle: secondHandle)
            // The plain location's stream closes; the query's stays.
            try await waitUntil {
                fake.send(TestServerSentEvent(event: "keep-alive", data: "null"), toStreamsAt: "/s")
                return server.openConnectionCount == 1
            }
        }
    }
}
