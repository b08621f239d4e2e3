// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FEventTests.m` (`FirebaseDatabase/Tests/Integration`): which events a write raises, and
/// observer removal.
@Suite("SDK FEventTests")
struct SDKEventTests {
    /// `testWriteLeafExpectValueChanged`, `testWRiteLeafNodeThenExpectValueEvent`,
    /// `testSetMultipleEventListenersOnSameNode`.
    @Test func everyValueObserverOfBothClientsSeesALeaf() async throws {
        let (one, two) = try makeTwoClients()
        let writer = one.reference(withPath: "leaf")
        try await writer.setValue(1234)
        let log = EventLog()
        writer.log([.value], into: log, label: "w1 ")
        writer.log([.value], into: log, label: "w2 ")
        two.reference(withPath: "leaf").log([.value], into: log, label: "r1 ")
        two.reference(withPath: "leaf").log([.value], into: log, label: "r2 ")
        #expect(Set(try await log.take(4)) == ["w1 value 1234", "w2 value 1234", "r1 value 1234", "r2 value 1234"])
    }

    /// `testWriteLeafNodeThenExpectChildAddedEventThenValueEvent`.
    @Test func aChildWriteRaisesChildAddedThenValue() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        try await node.child("foo").setValue(878_787)
        let log = EventLog()
        node.log([.childAdded, .value], into: log)
        #expect(try await log.take(2) == ["added foo", #"value {"foo":878787}"#])
    }

    /// `testUnsubscribeEventsAndConfirmThatEventsNoLongerFire`, `testRegisteringCallbackMultipleTimesAndUnregistering`,
    /// `testUnregisteringTheSameCallbackTooManyTimesDoesNothing`.
    @Test func removedHandlesHearNothingMoreAndRemovingTwiceIsHarmless() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        let log = EventLog()
        let handles = (1...3).map { node.log([.value], into: log, label: "\($0) ")[0] }
        try await log.take(3)
        try await node.setValue(42)
        #expect(Set(try await log.take(3)) == ["1 value 42", "2 value 42", "3 value 42"])
        node.removeObserver(withHandle: handles[0])
        node.removeObserver(withHandle: handles[0])
        try await node.setValue(84)
        #expect(Set(try await log.take(2)) == ["2 value 84", "3 value 84"])
        node.removeObserver(withHandle: handles[1])
        try await node.setValue(168)
        #expect(try await log.take(1) == ["3 value 168"])
        node.removeObserver(withHandle: handles[2])
        node.log([.value], into: log, label: "marker ")
        try await node.setValue(376)
        #expect(try await log.take(2) == ["marker value 168", "marker value 376"])
    }

    /// `testCanWriteACompoundObjectAndGetMoreGranularEventsForIndividualChanges`.
    @Test func aCompoundWriteRaisesValueOnlyForTheChangedChildren() async throws {
        let (one, two) = try makeTwoClients()
        let writer = one.reference(withPath: "node")
        try await writer.setValue(["a": 10, "b": 20])
        let log = EventLog()
        for (ref, label) in [(writer, "w "), (two.reference(withPath: "node"), "r ")] {
            ref.child("a").log([.value], into: log, label: label + "a ")
            ref.child("b").log([.value], into: log, label: label + "b ")
        }
        try await log.take(4)
        try await writer.setValue(["a": 10, "b": 30])
        #expect(Set(try await log.take(2)) == ["w b value 30", "r b value 30"])
        writer.log([.value], into: log, label: "marker ")
        #expect(try await log.take(1) == [#"marker value {"a":10,"b":30}"#])
    }

    /// `testValueEventIsFiredForEmptyNode`, `testOnEmptyChildFires`.
    @Test func anEmptyNodeAndAnEmptyChildFireNull() async throws {
        let node = try makeDatabase().reference(withPath: "empty")
        let log = EventLog()
        node.log([.value], into: log)
        node.child("test").log([.value], into: log, label: "child ")
        #expect(Set(try await log.take(2)) == ["value null", "child value null"])
    }

    /// `testCorrectEventsRaisedWhenLeafTurnsIntoInternalNode`.
    @Test func aLeafTurningIntoAnObjectAndBack() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        let log = EventLog()
        node.log([.childAdded, .childRemoved, .value], into: log)
        try await log.take(1)
        try await node.setValue(42)
        try await node.setValue(["a": 2])
        try await node.setValue(84)
        try await node.setValue(nil)
        #expect(
            try await log.take(6) == [
                "value 42", "added a", #"value {"a":2}"#, "removed a", "value 84", "value null",
            ])
    }

    /// `testOnceValueFiresExacltyOnceEvenIfThereIsASetInsideCallback`.
    @Test func aSingleValueEventFiresOnceEvenWhenItsCallbackWrites() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        try await node.setValue(42)
        let calls = Locked<[String]>([])
        node.observeSingleEvent(of: .value) { snapshot in
            calls.withLock { $0.append(json(snapshot.value)) }
            node.setValue(43) { _, _ in }
        }
        try await waitUntil { calls.withLock { !$0.isEmpty } }
        try await node.setValue(84)
        let log = EventLog()
        node.log([.value], into: log)
        #expect(try await log.take(1) == ["value 84"])
        #expect(calls.withLock { $0 } == ["42"])
    }

    /// `testOnceChildAddedFiresOnceEvenWithCompoundObject`.
    @Test func aSingleChildAddedFiresOnceForTheFirstChild() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        try await node.setValue(["foo": 42, "bar": 84])
        let calls = Locked<[String]>([])
        node.observeSingleEvent(of: .childAdded) { snapshot in calls.withLock { $0.append(snapshot.key) } }
        try await waitUntil { calls.withLock { !$0.isEmpty } }
        try await node.setValue(nil)
        try await node.child("baz").setValue(1)
        let log = EventLog()
        node.log([.value], into: log)
        try await log.take(1)
        #expect(calls.withLock { $0 } == ["bar"])
    }
}
