// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database values: parsing, the array rule, priorities, server values")
struct NodeTests {
    private func node(_ value: Any?, existing: DatabaseNode = .null) throws -> DatabaseNode {
        try DatabaseNode(parsing: value, existing: existing, now: 1_700_000_000_000)
    }

    @Test func leavesRoundTrip() throws {
        #expect(try node(true).value as? Bool == true)
        #expect(try node(5).value as? Int == 5)
        #expect(try node(2.5).value as? Double == 2.5)
        #expect(try node("hi").value as? String == "hi")
        #expect(try node(nil).isNull)
        #expect(try node(NSNull()).isNull)
        #expect(try node(NSNumber(value: true)).leaf == .bool(true))
        #expect(try node(NSNumber(value: 1)).leaf == .number(1))
    }

    @Test func anIntegerOneIsNeverABoolean() throws {
        #expect(try node(1).leaf == .number(1))
        #expect(try node(Int8(1)).leaf == .number(1))
    }

    @Test func nanAndInfinityAreRejected() {
        #expect(throws: DatabaseValueError(path: [], reason: "Cannot store NaN")) { try node(Double.nan) }
        #expect(throws: DatabaseValueError(path: ["a"], reason: "Cannot store infinity")) {
            try node(["a": Double.infinity])
        }
    }

    @Test func nullChildrenAreNotStoredAndEmptyObjectsAreNull() throws {
        let value = try node(["a": 1, "b": NSNull(), "c": [String: Any]()] as [String: Any])
        #expect(value.children.map(\.key) == ["a"])
        #expect(try node([String: Any]()).isNull)
    }

    @Test func arraysAreStoredWithIntegerKeysAndReadBackByTheSDKsRule() throws {
        let stored = try node(["a", "b", "c"])
        #expect(stored.children.map(\.key) == ["0", "1", "2"])
        #expect(stored.value as? [String] == ["a", "b", "c"])
        // Largest key below twice the count: an array, with NSNull in the gaps.
        let sparse = try node(["0": "a", "2": "c"])
        let array = try #require(sparse.value as? [Any])
        #expect(array.count == 3 && array[1] is NSNull && array[2] as? String == "c")
        // Otherwise an object.
        #expect(try node(["0": "a", "5": "f"]).value as? [String: String] == ["0": "a", "5": "f"])
        #expect(try node(["-1": "a", "0": "b"]).value as? [String: String] == ["-1": "a", "0": "b"])
    }

    @Test func invalidKeysNameTheirPlace() {
        let error = #expect(throws: DatabaseValueError.self) { try node(["ok": ["bad.key": 1]]) }
        #expect(error?.path == ["ok", "bad.key"])
        #expect(throws: DatabaseValueError(path: [], reason: "Non-string keys are not allowed in object")) {
            try node([1: "a"] as [AnyHashable: Any])
        }
    }

    @Test func unsupportedTypesAreRejected() {
        #expect(throws: DatabaseValueError(path: ["d"], reason: "Cannot store a value of type Date")) {
            try node(["d": Date()])
        }
    }

    @Test func deeplyNestedValuesAreAnErrorNotACrash() async throws {
        // Built, parsed and released on a thread with a large stack: releasing 10,000 nested dictionaries
        // recurses in Swift's runtime, which has nothing to do with the code under test.
        let (deepError, shallowIsStored) = await onLargeStack { () -> (DatabaseValueError?, Bool) in
            var deep: Any = "leaf"
            for _ in 0..<10_000 { deep = ["k": deep] }
            var shallow: Any = "leaf"
            for _ in 0..<32 { shallow = ["k": shallow] }
            let deepError: DatabaseValueError?
            do {
                _ = try DatabaseNode(parsing: deep, now: 0)
                deepError = nil
            } catch {
                deepError = error as? DatabaseValueError
            }
            return (deepError, (try? DatabaseNode(parsing: shallow, now: 0))?.isNull == false)
        }
        #expect(deepError?.reason == "Data nested deeper than 32 levels")
        #expect(shallowIsStored)
    }

    /// The SDK's `FSnapshotUtilities nodeFrom:` refuses a `.value` that is not a leaf (`isValidLeafValue:`).
    @Test func aValueKeyHoldsOnlyALeafNullOrAServerValue() throws {
        let refusal = DatabaseValueError(
            path: [], reason: "Invalid data type used with .value: it must be a leaf value or null")
        #expect(throws: refusal) { try node([".value": [String: Any]()] as [String: Any]) }
        #expect(throws: refusal) { try node([".value": [Any]()] as [String: Any]) }
        #expect(throws: refusal) { try node([".value": ["a": 1]] as [String: Any]) }
        #expect(try node([".value": NSNull()] as [String: Any]).isNull)
        #expect(try node([".value": ServerValue.timestamp()] as [String: Any]).leaf == .number(1_700_000_000_000))
    }

    @Test func prioritiesUseTheExportFormat() throws {
        let value = try node([".value": "hi", ".priority": 3] as [String: Any])
        #expect(value.leaf == .string("hi"))
        #expect(value.priority == .number(3))
        #expect(value.exportValue as? [String: AnyHashable] == [".value": "hi", ".priority": 3])
        let object = try node(["a": 1, ".priority": "p"] as [String: Any])
        #expect(object.priority == .string("p"))
        #expect(object.value as? [String: Int] == ["a": 1])
        #expect(throws: DatabaseValueError(path: [".priority"], reason: "Cannot store true/false as priority")) {
            try node(["a": 1, ".priority": true] as [String: Any])
        }
    }

    @Test func serverTimestampIsTheServersTimeInMilliseconds() throws {
        #expect(try node([".sv": "timestamp"]).leaf == .number(1_700_000_000_000))
    }

    @Test func incrementAddsToANumberAndReplacesAnythingElse() throws {
        // The SDK's table for increment(1): null → 1, 5 → 6, "hello" → 1, an object → 1.
        let cases: [(Any?, Double)] = [(nil, 1), (5, 6), ("hello", 1), (["a": 1], 1)]
        for (existing, expected) in cases {
            let current = try node(existing)
            #expect(try node([".sv": ["increment": 1]], existing: current).leaf == .number(expected))
        }
        #expect(try node([".sv": ["increment": 2.5]], existing: node(5)).leaf == .number(7.5))
    }

    @Test func otherKeysBesideServerValuesAreRejected() {
        #expect(throws: DatabaseValueError(path: [], reason: "Cannot store other keys with server value keys")) {
            try node([".sv": "timestamp", "x": 1] as [String: Any])
        }
        #expect(throws: DatabaseValueError.self) { try node([".sv": "nope"]) }
    }

    @Test func writingBelowALocationKeepsItsSiblingsAndRemovingTheLastChildMakesItNull() throws {
        let root = try node(["a": ["x": 1, "y": 2], "b": 3] as [String: Any])
        let updated = root.setting(DatabaseNode(.number(9)), at: ["a", "x"])
        #expect(updated.node(at: ["a", "x"]).leaf == .number(9))
        #expect(updated.node(at: ["a", "y"]).leaf == .number(2))
        #expect(root.node(at: ["a", "x"]).leaf == .number(1))  // the old tree is unchanged
        let emptied = updated.setting(.null, at: ["a", "x"]).setting(.null, at: ["a", "y"])
        #expect(emptied.child("a").isNull)
        #expect(emptied.children.map(\.key) == ["b"])
    }

    @Test func equalityComparesValuesAndPriorities() throws {
        #expect(try node(["a": 1, "b": [1, 2]] as [String: Any]) == node(["b": [1, 2], "a": 1] as [String: Any]))
        #expect(try node(["a": 1]) != node(["a": 2]))
        #expect(try node(1) != node([".value": 1, ".priority": 1] as [String: Any]))
    }

    @Test func childrenAreInKeyOrder() throws {
        let value = try node(["b": 1, "10": 1, "2": 1, "a": 1])
        #expect(value.children.map(\.key) == ["2", "10", "a", "b"])
    }
}

/// Runs `work` on its own thread with a 64 MiB stack and returns its result.
func onLargeStack<R: Sendable>(_ work: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { (continuation: CheckedContinuation<R, Never>) in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.stackSize = 64 << 20
        thread.start()
    }
}
