// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// Scenarios of the SDK's `syncPointSpec.json` (run by `FSyncPointTests.m`, `FirebaseDatabase/Tests/Unit`)
/// that the public API can express: a `serverUpdate`/`serverMerge` is another client's write, a `set` this
/// client's. Flint's embedded backend answers a listen at once, so each listen first raises its initial
/// events (the spec's have none until the server answers); the scenarios check what follows.
@Suite("SDK syncPointSpec")
struct SDKSyncPointTests {
    /// "Default listen handles a parent set".
    @Test func aDefaultListenHandlesAParentSet() async throws {
        let root = try makeDatabase().reference(withPath: "spec")
        let log = EventLog()
        root.child("a").log(into: log)
        #expect(try await log.take(1) == ["value null"])
        try await root.setValue(["a": 1, "b": 2])
        #expect(try await log.take(1) == ["value 1"])
    }

    /// "Default listen handles a set at the same level".
    @Test func aDefaultListenHandlesASetAtTheSameLevel() async throws {
        let a = try makeDatabase().reference(withPath: "spec/a")
        let log = EventLog()
        a.log(into: log)
        try await log.take(1)
        try await a.setValue(["foo": "bar", "yes": true])
        #expect(try await log.take(3) == ["added foo", "added yes after foo", #"value {"foo":"bar","yes":true}"#])
    }

    /// "Server merge on listener with complete children".
    @Test func aServerMergeOnAListenerWithCompleteChildren() async throws {
        let (mine, theirs) = try makeTwoClients()
        let log = EventLog()
        mine.reference(withPath: "spec/a/b").log(into: log, label: "a/b ")
        try await log.take(1)
        try await theirs.reference(withPath: "spec/a/b").setValue(1)
        #expect(try await log.take(1) == ["a/b value 1"])
        mine.reference(withPath: "spec/a").log([.childAdded, .childChanged], into: log, label: "a ")
        #expect(try await log.take(1) == ["a added b"])
        try await theirs.reference(withPath: "spec/a/b").updateChildValues(["c": 3, "d": 4])
        #expect(
            try await log.take(4) == [
                "a/b added c", "a/b added d after c", #"a/b value {"c":3,"d":4}"#, "a changed b",
            ])
    }

    /// "Empty set doesn't prevent server updates".
    @Test func anEmptySetDoesNotPreventServerUpdates() async throws {
        let (mine, theirs) = try makeTwoClients()
        let log = EventLog()
        let root = mine.reference(withPath: "spec")
        root.log(into: log)
        try await log.take(1)
        try await theirs.reference(withPath: "spec").setValue(["foo": "bar"])
        #expect(try await log.take(2) == ["added foo", #"value {"foo":"bar"}"#])
        try await root.child("empty-path").setValue(nil)
        try await theirs.reference(withPath: "spec").setValue(["foo": "new-bar"])
        #expect(try await log.take(2) == ["changed foo", #"value {"foo":"new-bar"}"#])
    }

    /// "Update child listener twice".
    @Test func aChildListenerUpdatedTwice() async throws {
        let (mine, theirs) = try makeTwoClients()
        let log = EventLog()
        mine.reference(withPath: "spec/a/b").log(into: log, label: "a/b ")
        mine.reference(withPath: "spec/a").log([.childAdded, .childChanged], into: log, label: "a ")
        try await log.take(1)
        try await theirs.reference(withPath: "spec/a/b").setValue(1)
        #expect(try await log.take(2) == ["a/b value 1", "a added b"])
        try await mine.reference(withPath: "spec/a/b/c").setValue("foo")
        #expect(try await log.take(3) == ["a/b added c", #"a/b value {"c":"foo"}"#, "a changed b"])
    }

    /// "Update child of default listen that already has a complete cache".
    @Test func aChildSetUnderADefaultListenWithACompleteCache() async throws {
        let (mine, theirs) = try makeTwoClients()
        let log = EventLog()
        let a = mine.reference(withPath: "spec/a")
        a.log(into: log)
        try await log.take(1)
        try await theirs.reference(withPath: "spec/a").setValue(["b": 2, "c": 3])
        #expect(try await log.take(3) == ["added b", "added c after b", #"value {"b":2,"c":3}"#])
        try await a.child("b").setValue(4)
        #expect(try await log.take(2) == ["changed b", #"value {"b":4,"c":3}"#])
    }

    /// "Update (via set) a child below an empty query", "Update (via set) the child of a query with a full
    /// cache".
    @Test func aChildSetBelowAKeyRangedQuery() async throws {
        let a = try makeDatabase().reference(withPath: "spec/a")
        let log = EventLog()
        a.queryStarting(atValue: nil, childKey: "b").queryEnding(atValue: nil, childKey: "g").log(into: log)
        #expect(try await log.take(1) == ["value null"])
        try await a.child("h").setValue(8)
        try await a.child("e").setValue(5)
        #expect(try await log.take(2) == ["added e", #"value {"e":5}"#])
        try await a.child("c").setValue(3)
        #expect(try await log.take(2) == ["added c", #"value {"c":3,"e":5}"#])
    }
}
