// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FNodeTests.m` (`FirebaseDatabase/Tests/Unit`), on ``DatabaseNode`` and through references.
@Suite("SDK FNodeTests")
struct SDKNodeTests {
    private func node(_ value: Any?, priority: Any? = nil) throws -> DatabaseNode {
        let parsed = try DatabaseNode(parsing: value, now: 0)
        return priority == nil ? parsed : parsed.with(priority: try DatabaseNode.priority(priority))
    }

    /// `testLeafNodeEqualsHashCode`.
    @Test func leavesAreEqualByTypeAndValue() throws {
        let leaves: [Any?] = [false, true, "one", "two", 0, 1, nil]
        for (i, a) in leaves.enumerated() {
            for (j, b) in leaves.enumerated() {
                #expect((try node(a) == node(b)) == (i == j), "\(String(describing: a)) vs \(String(describing: b))")
            }
        }
        #expect(try node(nil) == node(NSNull()))
    }

    /// `testLeafNodePrioritiesEqualsHashCode`.
    @Test func leavesWithPrioritiesAreEqualByValueAndPriority() throws {
        let pairs: [(Any, Any)] = [(1, 1), ("value", 1), (1, "value"), ("value", "value")]
        for (i, a) in pairs.enumerated() {
            for (j, b) in pairs.enumerated() {
                #expect((try node(a.0, priority: a.1) == node(b.0, priority: b.1)) == (i == j))
            }
        }
    }

    /// `testChildrenNodeEqualsHashCode`.
    @Test func objectsAreEqualByChildrenAndPriority() throws {
        let one = try node(["one": 1, "two": 2, ".priority": "prio"])
        let two = DatabaseNode.null.setting(child: try node(1), forKey: "one").setting(
            child: try node(2), forKey: "two"
        )
        .with(priority: .string("prio"))
        #expect(one == two)
        #expect(one.with(priority: nil) != one)
        #expect(one.setting(child: .null, forKey: "one") != one)
        #expect(one.setting(child: try node(2), forKey: "one") != one)
    }

    /// `testLeadingZerosWorkCorrectly`, `testLeadindZerosArePreservedInValue`.
    @Test func keysWithLeadingZerosAreDistinct() throws {
        let data: [String: Any] = ["1": 1, "01": 2, "001": 3, "0001": 4]
        let parsed = try node(data)
        #expect(parsed.child("1").value as? Int == 1)
        #expect(parsed.child("01").value as? Int == 2)
        #expect(parsed.child("001").value as? Int == 3)
        #expect(parsed.child("0001").value as? Int == 4)
        #expect(json(parsed.value) == json(data))
    }

    /// `testEmptyNodeEqualsEmptyChildrenNode`.
    @Test func anEmptyObjectIsNull() throws {
        #expect(try node([String: Any]()) == .null)
        #expect(try node([Any]()) == .null)
    }

    /// `testUpdatingEmptyChildrenDoesntOverwriteLeafNode`.
    @Test func removingAChildOfALeafKeepsTheLeaf() async throws {
        let leaf = try node("value")
        #expect(leaf.setting(child: .null, forKey: "child") == leaf)
        #expect(leaf.setting(.null, at: ["child", "grandchild"]) == leaf)
        let ref = try makeDatabase().reference(withPath: "leaf")
        try await ref.setValue("value")
        try await ref.child("child").removeValue()
        try await ref.updateChildValues(["child/deeper": nil])
        #expect(try await ref.getData().value as? String == "value")
    }

    /// `testUpdatingPrioritiesOnEmptyNodesIsANoOp`.
    @Test func aPriorityOnNothingIsDropped() async throws {
        #expect(DatabaseNode.null.with(priority: .string("prio")).priority == nil)
        let reemptied = DatabaseNode.null.setting(try node("value"), at: ["child"]).setting(.null, at: ["child"])
        #expect(reemptied.with(priority: .string("prio")).priority == nil)
        // A priority write there is refused by the server (the SDK's `testSetPriorityOnNonexistentNodeFails`).
        let ref = try makeDatabase().reference(withPath: "nothing")
        #expect(await databaseCode { try await ref.setPriority("prio") } == .invalidArgument)
        let snapshot = try await ref.getData()
        #expect(!snapshot.exists())
        #expect(snapshot.priority == nil)
    }

    /// `testDeletingLastChildFromChildrenNodeRemovesPriority`.
    @Test func removingTheLastChildRemovesThePriority() async throws {
        let withPriority = DatabaseNode.null.setting(try node("value"), at: ["child"]).with(priority: .string("prio"))
        #expect(withPriority.priority == .string("prio"))
        #expect(withPriority.setting(.null, at: ["child"]).priority == nil)
        let ref = try makeDatabase().reference(withPath: "node")
        try await ref.setValue(["child": "value"], andPriority: "prio")
        try await ref.child("child").removeValue()
        try await ref.child("other").setValue(1)
        #expect(try await ref.getData().priority == nil)
    }

    /// `testFromNodeReturnsEmptyNodesWithoutPriority`.
    @Test func anObjectWithOnlyAPriorityIsNull() throws {
        #expect(try node([".priority": "prio"]) == .null)
        #expect(try node(["dummy": NSNull(), ".priority": "prio"]) == .null)
    }
}
