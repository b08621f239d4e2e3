// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database events: initial load, order of a change's events, deep writes, moves, windows")
struct EventTests {
    @Test func initialLoadIsOneChildAddedPerChildInOrderThenOneValue() async throws {
        let ref = try makeDatabase().reference(withPath: "list")
        try await ref.setValue(["c": 3, "a": 1, "b": 2])
        let log = EventLog()
        ref.log(into: log)
        #expect(
            try await log.take(4) == ["added a", "added b after a", "added c after b", #"value {"a":1,"b":2,"c":3}"#])
    }

    @Test func anEmptyLocationGivesOneValueThatDoesNotExist() async throws {
        let ref = try makeDatabase().reference(withPath: "nothing")
        let snapshot = try await first(of: ref.value)
        #expect(!snapshot.exists())
        #expect(snapshot.value == nil)
        let log = EventLog()
        ref.log(into: log)
        #expect(try await log.take(1) == ["value null"])
    }

    @Test func aChangesEventsComeRemovedAddedMovedChangedThenValue() async throws {
        let ref = try makeDatabase().reference(withPath: "scores")
        try await ref.setValue(["a": 1, "b": 2, "c": 3])
        let log = EventLog()
        ref.queryOrderedByValue().log(into: log)
        try await log.take(4)
        try await ref.updateChildValues(["a": nil, "d": 5, "b": 10])
        #expect(
            try await log.take(5) == [
                "removed a", "added d after c", "moved b after d", "changed b after d",
                #"value {"b":10,"c":3,"d":5}"#,
            ])
    }

    @Test func writingTheSameValueAgainFiresNothing() async throws {
        let ref = try makeDatabase().reference(withPath: "same")
        try await ref.setValue(["a": 1, "b": ["x": true]])
        let log = EventLog()
        ref.log(into: log)
        try await log.take(3)
        try await ref.child("a").setValue(1)
        try await ref.child("b").setValue(["x": true])
        try await ref.updateChildValues(["a": 1])
        try await ref.child("a").setValue(2)
        #expect(try await log.take(2) == ["changed a", #"value {"a":2,"b":{"x":true}}"#])
        #expect(log.all.isEmpty)
    }

    @Test func aDeepWriteFiresChildChangedOnTheParentAndValueOnEveryAncestorDeeperFirst() async throws {
        let root = try makeDatabase().reference()
        try await root.child("a/b/x").setValue(0)
        let log = EventLog()
        root.log([.value], into: log, label: "root:")
        root.child("a").log([.childAdded, .childChanged, .value], into: log, label: "a:")
        root.child("a/b").log([.value], into: log, label: "ab:")
        try await log.take(4)
        try await root.child("a/b/c").setValue(1)
        #expect(
            try await log.take(4) == [
                #"ab:value {"c":1,"x":0}"#, "a:changed b", #"a:value {"b":{"c":1,"x":0}}"#,
                #"root:value {"a":{"b":{"c":1,"x":0}}}"#,
            ])
    }

    @Test func childMovedAccompaniesChildChangedWhenTheSortPositionChanges() async throws {
        let ref = try makeDatabase().reference(withPath: "prio")
        try await ref.child("a").setValue("a", andPriority: 1)
        try await ref.child("b").setValue("b", andPriority: 2)
        try await ref.child("c").setValue("c", andPriority: 3)
        let log = EventLog()
        ref.log([.childMoved, .childChanged], into: log)
        try await ref.child("a").setPriority(4)
        #expect(try await log.take(2) == ["moved a after c", "changed a after c"])
        try await ref.child("b").setValue("B", andPriority: 2)
        #expect(try await log.take(1) == ["changed b"])
    }

    @Test func aLimitedWindowRemovesTheChildPushedOutAndAddsTheNewcomer() async throws {
        let ref = try makeDatabase().reference(withPath: "window")
        try await ref.setValue(["a": 1, "b": 2, "c": 3])
        let log = EventLog()
        ref.queryOrderedByKey().queryLimited(toLast: 2).log(into: log)
        #expect(try await log.take(3) == ["added b", "added c after b", #"value {"b":2,"c":3}"#])
        try await ref.child("d").setValue(4)
        #expect(try await log.take(3) == ["removed b", "added d after c", #"value {"c":3,"d":4}"#])
        try await ref.child("d").removeValue()
        #expect(try await log.take(3) == ["removed d", "added b", #"value {"b":2,"c":3}"#])
        try await ref.child("a").setValue(100)
        try await ref.child("c").setValue(30)
        #expect(try await log.take(2) == ["changed c after b", #"value {"b":2,"c":30}"#])
    }

    @Test func aLimitedWindowByValueFollowsMoves() async throws {
        let ref = try makeDatabase().reference(withPath: "top")
        try await ref.setValue(["a": 1, "b": 2, "c": 3])
        let log = EventLog()
        ref.queryOrderedByValue().queryLimited(toFirst: 2).log(
            [.childRemoved, .childAdded, .childMoved, .childChanged], into: log)
        try await log.take(2)
        try await ref.child("a").setValue(10)
        #expect(try await log.take(2) == ["removed a", "added c after b"])
    }

    @Test func localWritesRaiseEventsAtOnce() async throws {
        let ref = try makeDatabase().reference(withPath: "now")
        let log = EventLog()
        ref.log([.value], into: log)
        try await log.take(1)
        try await waitUntil { ref.database.engine.isIdle }
        let acknowledged = Locked(false)
        ref.setValue("x") { _, _ in acknowledged.withLock { $0 = true } }
        #expect(log.all == [#"value "x""#])
        try await waitUntil { acknowledged.withLock { $0 } }
    }

    @Test func valueEventsReadArraysBackAsArrays() async throws {
        let ref = try makeDatabase().reference(withPath: "arr")
        let log = EventLog()
        ref.log([.value], into: log)
        try await log.take(1)
        try await ref.setValue(["x", "y"])
        try await ref.child("3").setValue("z")
        #expect(try await log.take(2) == [#"value ["x","y"]"#, #"value ["x","y",null,"z"]"#])
    }

    @Test func removingChildrenFiresChildRemovedAndANullValueAtTheEnd() async throws {
        let ref = try makeDatabase().reference(withPath: "gone")
        try await ref.setValue(["a": 1, "b": 2])
        let log = EventLog()
        ref.log(into: log)
        try await log.take(3)
        try await ref.removeValue()
        #expect(try await log.take(3) == ["removed a", "removed b", "value null"])
    }

    @Test func observeSingleEventFiresOnce() async throws {
        let ref = try makeDatabase().reference(withPath: "once")
        let log = EventLog()
        ref.observeSingleEvent(of: .value) { log.record(EventLog.line(.value, $0, nil, label: "")) }
        try await log.take(1)
        try await ref.setValue(1)
        try await waitUntil { ref.database.engine.isIdle }
        #expect(log.all.isEmpty)
        #expect(ref.database.engine.listenerCount == 0)
    }

    @Test func removedObserversGetNothingMore() async throws {
        let ref = try makeDatabase().reference(withPath: "rm")
        let log = EventLog()
        let handles = ref.log([.value], into: log)
        ref.queryOrderedByValue().log([.value], into: log)
        try await log.take(2)
        ref.removeObserver(withHandle: handles[0])
        try await ref.setValue(1)
        #expect(try await log.take(1) == ["value 1"])
        ref.removeAllObservers()
        try await ref.setValue(2)
        try await waitUntil { ref.database.engine.isIdle }
        #expect(log.all.isEmpty)
        #expect(ref.database.engine.listenerCount == 0)
    }

    @Test func orderByChildMovesAChildWhoseOrderingValueChanges() async throws {
        let ref = try makeDatabase().reference(withPath: "players")
        try await ref.setValue(["a": ["score": 1], "b": ["score": 2], "c": ["score": 3]])
        let log = EventLog()
        ref.queryOrdered(byChild: "score").log([.childMoved, .childChanged], into: log)
        try await ref.child("c/score").setValue(0)
        #expect(try await log.take(2) == ["moved c", "changed c"])
        try await ref.child("c/name").setValue("Cy")
        #expect(try await log.take(1) == ["changed c"])
    }

    @Test func anotherClientsWritesRaiseTheSameEvents() async throws {
        let (alice, bob) = try makeTwoClients()
        let log = EventLog()
        bob.reference(withPath: "room").log(into: log)
        try await log.take(1)
        try await alice.reference(withPath: "room").updateChildValues(["m1": "hi", "m2": "there"])
        #expect(try await log.take(3) == ["added m1", "added m2 after m1", #"value {"m1":"hi","m2":"there"}"#])
        try await alice.reference(withPath: "room/m1").removeValue()
        #expect(try await log.take(2) == ["removed m1", #"value {"m2":"there"}"#])
    }

    @Test func removingAnUnknownHandleDoesNothing() throws {
        let ref = try makeDatabase().reference(withPath: "h")
        ref.removeObserver(withHandle: 0)
        ref.removeObserver(withHandle: .max)
        #expect(ref.database.engine.listenerCount == 0)
    }
}
