// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// A query's stream carries only its part of the location.
@Suite("Database over REST: query streams")
struct HTTPQueryStreamTests {
    @Test func aQuerysDataReplacesOnlyTheChildrenItCovers() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/s", ["a": 1, "b": 2, "c": 3])
            let db = try makeEmulatedDatabase(server)
            let range = EventLog()
            db.reference(withPath: "s").queryOrderedByKey().queryStarting(atValue: "b").log([.value], into: range)
            #expect(try await range.take(1) == [#"value {"b":2,"c":3}"#])
            // The server's answer for the query, after a reconnection, say: only what is in range, c deleted.
            let stream = try #require(fake.streams.first)
            stream.writer.send(FakeDatabaseServer.event("put", path: "/", try DatabaseNode(parsing: ["b": 20], now: 0)))
            #expect(try await range.take(1) == [#"value {"b":20}"#])
            // Outside the range, a is still known: a plain listener added now gets it at once from its stream.
            #expect(db.engine.localNode(at: DatabasePath(keys: ["s", "a"])) == DatabaseNode(.number(1)))
        }
    }

    @Test func aQuerysStreamDefersToAPlainListenOfTheLocation() async throws {
        try await withFakeDatabaseServer { fake, server in
            try fake.set("/s", ["a": 1, "b": 2, "c": 3])
            let db = try makeEmulatedDatabase(server)
            let all = EventLog()
            let top = EventLog()
            db.reference(withPath: "s").log(into: all)
            #expect(try await all.takeThroughValue().last == #"value {"a":1,"b":2,"c":3}"#)
            db.reference(withPath: "s").queryOrderedByKey().queryLimited(toFirst: 1).log([.value], into: top)
            #expect(try await top.take(1) == [#"value {"a":1}"#])
            // The limited query's own answer holds only its window: the plain listen's stream is what counts, so
            // the plain listener loses nothing (and sees no state the other stream alone would make).
            let queryStream = try #require(fake.streams.first { $0.request.parameters["limitToFirst"] == "1" })
            queryStream.writer.send(
                FakeDatabaseServer.event("put", path: "/", try DatabaseNode(parsing: ["a": 5], now: 0)))
            try fake.set("/s/b", 7)
            #expect(try await all.takeThroughValue() == ["changed b after a", #"value {"a":1,"b":7,"c":3}"#])
            try fake.set("/s/a", 0)
            #expect(try await top.take(1) == [#"value {"a":0}"#])
        }
    }
}
