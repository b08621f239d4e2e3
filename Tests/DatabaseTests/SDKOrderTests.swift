// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FOrder.m` (`FirebaseDatabase/Tests/Integration`): the default (priority) order, push IDs and
/// the previous-sibling keys of child events.
@Suite("SDK FOrder")
struct SDKOrderTests {
    /// `testPushEnumerateAndCheckCorrectOrder`, `testPushEnumerateManyPathsWriteAndCheckOrder`,
    /// `testPushDataReconnectReadBackAndVerifyOrder`.
    @Test func pushedChildrenComeBackInPushOrder() async throws {
        let (writer, reader) = try makeTwoClients()
        let node = writer.reference(withPath: "pushed")
        let refs = (0..<20).map { _ in node.childByAutoId() }
        for (i, ref) in refs.enumerated() {
            try await ref.setValue(i)
        }
        for snapshot in [try await node.getData(), try await reader.reference(withPath: "pushed").getData()] {
            #expect(snapshot.children.compactMap { $0.value as? Int } == Array(0..<20))
            #expect(snapshot.childrenCount == 20)
        }
    }

    /// `testPushDataWithPrioritiesReconnectReadBackAndVerifyOrder`,
    /// `testPushDataWithExponentialPrioritiesReconnectReadBackAndVerifyOrder`.
    @Test func prioritiesOrderPushedChildren() async throws {
        let (writer, reader) = try makeTwoClients()
        let node = writer.reference(withPath: "pushed")
        for i in 0..<10 {
            try await node.childByAutoId().setValue(i, andPriority: 10 - i)
        }
        let exponential = writer.reference(withPath: "exponential")
        for i in 0..<10 {
            try await exponential.childByAutoId().setValue(
                i, andPriority: 111_111_111_111_111_111_111_111_111_111.0 / pow(10, Double(i)))
        }
        for path in ["pushed", "exponential"] {
            let snapshot = try await reader.reference(withPath: path).getData()
            #expect(snapshot.children.compactMap { $0.value as? Int } == Array((0..<10).reversed()))
        }
    }

    /// `testThatNodesWithoutValuesAreNotEnumerated`.
    @Test func childrenWithoutValuesAreNotEnumerated() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        _ = node.child("foo")
        try await node.child("bar").setValue("test")
        #expect(try await node.getData().children.map(\.key) == ["bar"])
    }

    /// `testChildMovedEventWhenPriorityChanges`.
    @Test func aPriorityChangeMovesTheChild() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        let log = EventLog()
        node.log([.childAdded, .childMoved, .childChanged, .value], into: log)
        try await log.take(1)
        try await node.child("a").setValue("first", andPriority: 1)
        try await node.child("b").setValue("second", andPriority: 2)
        try await node.child("c").setValue("third", andPriority: 3)
        try await node.child("a").setPriority(15)
        #expect(
            try await log.take(9) == [
                "added a", #"value {"a":"first"}"#, "added b after a", #"value {"a":"first","b":"second"}"#,
                "added c after b", #"value {"a":"first","b":"second","c":"third"}"#, "moved a after c",
                "changed a after c", #"value {"a":"first","b":"second","c":"third"}"#,
            ])
    }

    /// `testCanResetPriorityToNull`.
    @Test func aPriorityCanBeResetToNull() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        try await node.child("a").setValue("a", andPriority: 1)
        try await node.child("b").setValue("b", andPriority: 2)
        let log = EventLog()
        node.log([.childAdded, .childMoved, .childChanged, .value], into: log)
        #expect(try await log.take(3) == ["added a", "added b after a", #"value {"a":"a","b":"b"}"#])
        try await node.child("b").setPriority(nil)
        #expect(try await log.take(3) == ["moved b", "changed b", #"value {"a":"a","b":"b"}"#])
        #expect(try await node.child("b").getData().priority == nil)
    }

    /// `testInsertingANodeUnderALeafPreservesItsPriority`.
    @Test func aChildWrittenUnderALeafKeepsTheLeafsPriority() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        try await node.setValue("a", andPriority: 10)
        try await node.child("deeper").setValue("deeper")
        let snapshot = try await node.getData()
        #expect(json(snapshot.value) == #"{"deeper":"deeper"}"#)
        #expect(snapshot.priority as? Int == 10)
    }

    /// `testVerifyOrderOfMixedNumbersStringNoPriorities`.
    @Test func noPriorityThenNumbersThenStrings() async throws {
        let (writer, reader) = try makeTwoClients()
        let node = writer.reference(withPath: "mixed")
        let priorities: [(String, Any?)] = [
            ("alpha42", "zed"), ("noPriorityC", nil), ("num41", 500), ("noPriorityB", nil), ("num80", 4000.1),
            ("num50", 4000), ("num10", 24), ("alpha41", "zed"), ("alpha20", "horse"), ("num20", 123),
            ("num70", 4000.01), ("noPriorityA", nil), ("alpha30", "tree"), ("num30", 300), ("num60", 4000.001),
            ("alpha10", "0horse"), ("num42", 500), ("alpha40", "zed"), ("num40", 500),
        ]
        for (key, priority) in priorities {
            try await node.child(key).setValue(1, andPriority: priority)
        }
        let expected = [
            "noPriorityA", "noPriorityB", "noPriorityC", "num10", "num20", "num30", "num40", "num41", "num42",
            "num50", "num60", "num70", "num80", "alpha10", "alpha20", "alpha30", "alpha40", "alpha41", "alpha42",
        ]
        #expect(try await node.getData().children.map(\.key) == expected)
        #expect(try await reader.reference(withPath: "mixed").getData().children.map(\.key) == expected)
    }

    /// `testVerifyOrderOfIntegerNames`.
    @Test func integerKeysComeFirstByNumber() async throws {
        let node = try makeDatabase().reference(withPath: "names")
        for key in ["foo", "bar", "03", "0", "100", "20", "5", "3", "003", "9"] {
            try await node.child(key).setValue(1)
        }
        let keys = try await node.getData().children.map(\.key)
        #expect(keys == ["0", "3", "03", "003", "5", "9", "20", "100", "bar", "foo"])
    }

    /// `testPrevNameIsCorrectOnChildAddedEvent`, `testPrevNameIsCorrectWhenAddingNewNodes`,
    /// `testPrevNameIsCorrectWhenAddingNewNodesWithJSON`.
    @Test(arguments: [false, true])
    func childAddedNamesThePreviousSibling(wholeObject: Bool) async throws {
        let node = try makeDatabase().reference(withPath: "node")
        try await node.setValue(["b": 2, "c": 3, "d": 4])
        let log = EventLog()
        node.log([.childAdded], into: log)
        #expect(try await log.take(3) == ["added b", "added c after b", "added d after c"])
        if wholeObject {
            try await node.setValue(["a": 1, "b": 2, "c": 3, "d": 4])
        } else {
            try await node.child("a").setValue(1)
        }
        #expect(try await log.take(1) == ["added a"])
        if wholeObject {
            try await node.setValue(["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
        } else {
            try await node.child("e").setValue(5)
        }
        #expect(try await log.take(1) == ["added e after d"])
    }

    /// `testPrevNameIsCorrectWhenMovingNodes`, `testPrevNameIsCorrectWhenSettingWholeJsonDict`.
    @Test(arguments: [false, true])
    func childMovedNamesThePreviousSibling(wholeObject: Bool) async throws {
        let node = try makeDatabase().reference(withPath: "node")
        let log = EventLog()
        node.log([.childMoved], into: log)
        var priorities: [String: Double] = ["a": 1, "b": 2, "c": 3, "d": 4]
        func write(_ key: String, _ priority: Double) async throws {
            priorities[key] = priority
            if wholeObject {
                try await node.setValue(priorities.mapValues { [".value": "v", ".priority": $0] })
            } else {
                try await node.child(key).setPriority(priority)
            }
        }
        for (key, priority) in priorities.sorted(by: { $0.key < $1.key }) {
            try await node.child(key).setValue("v", andPriority: priority)
        }
        try await write("d", 0)
        #expect(try await log.take(1) == ["moved d"])
        try await write("a", 4)
        #expect(try await log.take(1) == ["moved a after c"])
        try await write("c", 0.5)
        #expect(try await log.take(1) == ["moved c after d"])
    }

    /// `testCase595NoChildMovedEventWhenDeletingPrioritizedGrandchild`.
    @Test func removingAPrioritizedGrandchildMovesNothing() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        let log = EventLog()
        node.log([.childMoved, .value], into: log)
        try await log.take(1)
        try await node.child("test/foo").setValue(42, andPriority: "5")
        try await node.child("test/foo2").setValue(42, andPriority: "10")
        try await node.child("test/foo").removeValue()
        try await node.child("test/foo").removeValue()
        let lines = try await log.take(through: #"value {"test":{"foo2":42}}"#)
        #expect(!lines.contains { $0.hasPrefix("moved") })
    }

    /// `testCanSetAValueWithPriZero`, `testCanSetObjectWithPriZero`.
    @Test func aPriorityOfZeroIsKept() async throws {
        let node = try makeDatabase().reference(withPath: "node")
        try await node.setValue("test", andPriority: 0)
        let leaf = try await node.getData()
        #expect(leaf.value as? String == "test")
        #expect(leaf.priority as? Int == 0)
        try await node.setValue(["x": "test", "y": 7], andPriority: 0)
        let object = try await node.getData()
        #expect(json(object.value) == #"{"x":"test","y":7}"#)
        #expect(object.priority as? Int == 0)
    }
}
