// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database query order: key, value, child, priority")
struct OrderTests {
    private func keys(_ query: DatabaseQuery) async throws -> [String] {
        let snapshot = try await first(of: query.value)
        return snapshot.children.map(\.key)
    }

    @Test func keyOrderPutsIntegerKeysFirstByNumber() async throws {
        let ref = try makeDatabase().reference(withPath: "k")
        try await ref.setValue(["b": 1, "10": 1, "9": 1, "a": 1, "-1": 1, "2147483648": 1])
        #expect(try await keys(ref.queryOrderedByKey()) == ["-1", "9", "10", "2147483648", "a", "b"])
    }

    @Test func valueOrderAcrossTypesTiesByKey() async throws {
        let ref = try makeDatabase().reference(withPath: "v")
        try await ref.setValue([
            "obj": ["x": 1], "str": "a", "n2": 2, "n1": 1, "t": true, "f": false,
            "n1b": 1, "strB": "B",
        ])
        #expect(
            try await keys(ref.queryOrderedByValue())
                == ["f", "t", "n1", "n1b", "n2", "strB", "str", "obj"])
    }

    @Test func childOrderPutsMissingFirst() async throws {
        let ref = try makeDatabase().reference(withPath: "c")
        try await ref.setValue([
            "a": ["age": 30], "b": ["age": "x"], "c": ["name": "none"], "d": ["age": 5],
            "e": ["age": ["deep": 1]], "f": ["age": true],
        ])
        #expect(try await keys(ref.queryOrdered(byChild: "age")) == ["c", "f", "d", "a", "b", "e"])
    }

    @Test func defaultOrderIsByPriority() async throws {
        let ref = try makeDatabase().reference(withPath: "p")
        try await ref.child("a").setValue("a", andPriority: "z")
        try await ref.child("b").setValue("b", andPriority: 2)
        try await ref.child("c").setValue("c", andPriority: 1)
        try await ref.child("d").setValue("d")
        #expect(try await keys(ref) == ["d", "c", "b", "a"])
        #expect(try await keys(ref.queryOrderedByPriority()) == ["d", "c", "b", "a"])
    }

    @Test func rangesSelectByOrderThenKey() async throws {
        let ref = try makeDatabase().reference(withPath: "r")
        try await ref.setValue(["a": 1, "b": 2, "c": 2, "d": 3, "e": 4])
        let byValue = ref.queryOrderedByValue()
        #expect(try await keys(byValue.queryStarting(atValue: 2)) == ["b", "c", "d", "e"])
        #expect(try await keys(byValue.queryStarting(atValue: 2, childKey: "c")) == ["c", "d", "e"])
        #expect(try await keys(byValue.queryStarting(afterValue: 2)) == ["d", "e"])
        #expect(try await keys(byValue.queryStarting(afterValue: 2, childKey: "b")) == ["c", "d", "e"])
        #expect(try await keys(byValue.queryEnding(atValue: 2)) == ["a", "b", "c"])
        #expect(try await keys(byValue.queryEnding(beforeValue: 2)) == ["a"])
        #expect(try await keys(byValue.queryEqual(toValue: 2)) == ["b", "c"])
        #expect(try await keys(byValue.queryEqual(toValue: 2, childKey: "c")) == ["c"])
        #expect(
            try await keys(ref.queryOrderedByKey().queryStarting(atValue: "b").queryEnding(atValue: "d"))
                == ["b", "c", "d"])
        #expect(try await keys(byValue.queryLimited(toFirst: 2)) == ["a", "b"])
        #expect(try await keys(byValue.queryLimited(toLast: 2)) == ["d", "e"])
    }

    @Test func getDataAppliesTheQuery() async throws {
        let ref = try makeDatabase().reference(withPath: "g")
        try await ref.setValue(["a": 3, "b": 1, "c": 2])
        let snapshot = try await ref.queryOrderedByValue().queryLimited(toFirst: 2).getData()
        #expect(snapshot.children.map(\.key) == ["b", "c"])
    }
}
