// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FOrderByTests.m` (`FirebaseDatabase/Tests/Integration`): child, deep child, value and key
/// indexes, with their events.
@Suite("SDK FOrderByTests")
struct SDKOrderByTests {
    private let nuggets: [String: Any] = [
        "alex": ["nuggets": 60], "rob": ["nuggets": 56], "vassili": ["nuggets": 55.5], "tony": ["nuggets": 52],
        "greg": ["nuggets": 52],
    ]

    /// `testCanDefineAndUseAnIndex`, `testCanDefineAndUseDeepIndex`.
    @Test(arguments: ["nuggets", "deep/nuggets"])
    func childAddedFollowsAChildIndex(path: String) async throws {
        let ref = try makeDatabase().reference(withPath: "users")
        for (name, count) in [("Andrew", 35), ("Rob", 40), ("Greg", 38)] {
            let nuggets: Any = path == "nuggets" ? count : ["nuggets": count]
            try await ref.childByAutoId().setValue(["name": name, path.split(separator: "/")[0].description: nuggets])
        }
        let names = Locked<[String]>([])
        ref.queryOrdered(byChild: path).observe(.childAdded) { snapshot in
            names.withLock { $0.append((snapshot.value as? [String: Any])?["name"] as? String ?? "?") }
        }
        try await waitUntil { names.withLock { $0.count == 3 } }
        #expect(names.withLock { $0 } == ["Andrew", "Greg", "Rob"])
    }

    /// `testCanUsaAFallbackThenDefineTheSpecifiedIndex`.
    @Test func aLimitedChildQueryChangesOnlyWhenItsWindowDoes() async throws {
        let (one, two) = try makeTwoClients()
        let writer = one.reference(withPath: "foo")
        let reader = two.reference(withPath: "foo")
        try await writer.setValue([
            "a": ["order": 2, "foo": 1], "b": ["order": 0], "c": ["order": 1, "foo": false],
            "d": ["order": 3, "foo": "hello"],
        ])
        let log = EventLog()
        reader.queryOrdered(byChild: "order").queryLimited(toLast: 2).log([.value], into: log)
        #expect(try await log.take(1) == [#"value {"a":{"foo":1,"order":2},"d":{"foo":"hello","order":3}}"#])
        try await writer.child("e").setValue(["order": 1.5, "foo": true])
        try await writer.child("f").setValue(["order": 4, "foo": ["bar": "baz"]])
        #expect(
            try await log.take(1) == [#"value {"d":{"foo":"hello","order":3},"f":{"foo":{"bar":"baz"},"order":4}}"#])
    }

    /// `testSnapshotsAreIteratedInOrder`, `testSnapshotsAreIteratedInOrderForValueIndex`.
    @Test(arguments: [false, true])
    func childrenAndChildAddedFollowTheIndex(byValue: Bool) async throws {
        let ref = try makeDatabase().reference(withPath: "n")
        let query = byValue ? ref.queryOrderedByValue() : ref.queryOrdered(byChild: "nuggets")
        let log = EventLog()
        query.log([.childAdded], into: log)
        try await log.take(0)
        try await ref.setValue(byValue ? nuggets.mapValues { ($0 as! [String: Any])["nuggets"]! } : nuggets)
        #expect(
            try await log.take(5) == [
                "added greg", "added tony after greg", "added vassili after tony", "added rob after vassili",
                "added alex after rob",
            ])
        let snapshot = try await first(of: query.value)
        #expect(snapshot.children.map(\.key) == ["greg", "tony", "vassili", "rob", "alex"])
    }

    /// `testFiresChildMovedEvents`.
    @Test func aChildIndexChangeMovesTheChild() async throws {
        let ref = try makeDatabase().reference(withPath: "n")
        try await ref.setValue(nuggets)
        let log = EventLog()
        ref.queryOrdered(byChild: "nuggets").log([.childMoved], into: log)
        try await ref.child("greg/nuggets").setValue(57)
        #expect(try await log.take(1) == ["moved greg after rob"])
    }

    /// `testDefineMultipleIndexesAtALocation`.
    @Test func severalIndexesAtOneLocation() async throws {
        let (one, two) = try makeTwoClients()
        let writer = one.reference(withPath: "foo")
        let reader = two.reference(withPath: "foo")
        try await writer.setValue([
            "a": ["order": 2, "foo": 2], "b": ["order": 0], "c": ["order": 1, "foo": false],
            "d": ["order": 3, "foo": "hello"],
        ])
        let log = EventLog()
        reader.queryOrdered(byChild: "foo").queryStarting(atValue: nil).queryEnding(atValue: 1)
            .log([.value], into: log, label: "foo ")
        try await log.take(1)
        reader.queryOrdered(byChild: "order").queryLimited(toLast: 2).log([.value], into: log, label: "order ")
        try await log.take(1)
        try await writer.child("a").setValue(["order": -1, "foo": 1])
        #expect(
            Set(try await log.take(2)) == [
                #"foo value {"a":{"foo":1,"order":-1},"b":{"order":0},"c":{"foo":false,"order":1}}"#,
                #"order value {"c":{"foo":false,"order":1},"d":{"foo":"hello","order":3}}"#,
            ])
    }

    /// `testCallbackRemovalWorks`: a handle removed through another query is left alone.
    @Test func observersAreRemovedByHandleOnTheirQueryOnly() async throws {
        let ref = try makeDatabase().reference(withPath: "r")
        let log = EventLog()
        let fooHandle = ref.queryOrdered(byChild: "foo").log([.value], into: log, label: "foo ")[0]
        ref.queryOrdered(byChild: "bar").log([.value], into: log, label: "bar ")
        let bazHandle = ref.queryOrdered(byChild: "baz").log([.value], into: log, label: "baz ")[0]
        ref.log([.value], into: log, label: "ref ")
        try await log.take(4)
        func reads(after value: Int) async throws -> Set<String> {
            try await ref.setValue(value)
            let marker: DatabaseQuery = ref
            let handle = marker.log([.value], into: log, label: "marker ")[0]
            let lines = try await log.take(through: "marker value \(value)")
            marker.removeObserver(withHandle: handle)
            return Set(lines.dropLast().map { String($0.prefix { $0 != " " }) })
        }
        #expect(try await reads(after: 1) == ["foo", "bar", "baz", "ref"])
        ref.queryOrdered(byChild: "foo").removeObserver(withHandle: fooHandle)
        #expect(try await reads(after: 2) == ["bar", "baz", "ref"])
        ref.queryOrdered(byChild: "foo").removeObserver(withHandle: bazHandle)
        #expect(try await reads(after: 3) == ["bar", "baz", "ref"])
        ref.queryOrdered(byChild: "bar").removeAllObservers()
        #expect(try await reads(after: 4) == ["baz", "ref"])
        ref.removeAllObservers()
        #expect(try await reads(after: 5) == [])
    }

    /// `testChildAddedEventsAreInTheCorrectOrder`.
    @Test func childAddedOfAnUpdateFollowTheIndex() async throws {
        let ref = try makeDatabase().reference(withPath: "r")
        let log = EventLog()
        ref.queryOrdered(byChild: "value").log([.childAdded], into: log)
        try await ref.setValue(["a": ["value": 5], "c": ["value": 3]])
        #expect(try await log.take(2) == ["added c", "added a after c"])
        try await ref.updateChildValues(["b": ["value": 4], "d": ["value": 2]])
        #expect(try await log.take(2) == ["added d", "added b after c"])
    }

    /// `testCanUseKeyIndex`.
    @Test func theKeyIndexIgnoresPriorities() async throws {
        let ref = try makeDatabase().reference(withPath: "r")
        let priorities = ["a": 10, "b": 5, "c": 20, "d": 7, "e": 30, "f": 8]
        try await ref.setValue(priorities.mapValues { [".priority": $0, ".value": "v"] })
        let startingAtC = try await first(of: ref.queryOrderedByKey().queryStarting(atValue: "c").value)
        #expect(startingAtC.children.map(\.key) == ["c", "d", "e", "f"])
        let lastFive = try await first(of: ref.queryOrderedByKey().queryLimited(toLast: 5).value)
        #expect(lastFive.children.map(\.key) == ["b", "c", "d", "e", "f"])
    }

    /// `testQueriesWorkOnLeafNodes`.
    @Test func aQueryOnALeafIsNull() async throws {
        let ref = try makeDatabase().reference(withPath: "r")
        try await ref.setValue("leaf-node")
        let snapshot = try await first(of: ref.queryOrdered(byChild: "foo").queryLimited(toLast: 1).value)
        #expect(snapshot.value == nil)
    }

    /// `testUpdatesForUnindexedQuery`.
    @Test func aLimitedChildQueryFollowsChangesOfTheIndexedChild() async throws {
        let (one, two) = try makeTwoClients()
        let writer = one.reference(withPath: "r")
        try await writer.setValue([
            "one": ["index": 1, "value": "one"], "two": ["index": 2, "value": "two"],
            "three": ["index": 3, "value": "three"],
        ])
        let log = EventLog()
        two.reference(withPath: "r").queryOrdered(byChild: "index").queryLimited(toLast: 2).log([.value], into: log)
        #expect(
            try await log.take(1) == [
                #"value {"three":{"index":3,"value":"three"},"two":{"index":2,"value":"two"}}"#
            ])
        try await writer.child("one/index").setValue(4)
        #expect(
            try await log.take(1) == [
                #"value {"one":{"index":4,"value":"one"},"three":{"index":3,"value":"three"}}"#
            ])
    }

    /// `testServerRespectsKeyIndex`, `testServerRespectsValueIndex`, `testServerRespectsDeepIndex`.
    @Test func rangesWithLimitsFollowTheIndex() async throws {
        let (one, two) = try makeTwoClients()
        let writer = one.reference()
        try await writer.child("key").setValue(["a": 1, "b": 2, "c": 3])
        try await writer.child("value").setValue(["a": 1, "c": 2, "b": 3])
        try await writer.child("deep").setValue([
            "a": ["deep": ["index": 1]], "c": ["deep": ["index": 2]], "b": ["deep": ["index": 3]],
        ])
        let reader = two.reference()
        let queries = [
            reader.child("key").queryOrderedByKey().queryStarting(atValue: "b").queryLimited(toFirst: 2),
            reader.child("value").queryOrderedByValue().queryStarting(atValue: 2).queryLimited(toFirst: 2),
            reader.child("deep").queryOrdered(byChild: "deep/index").queryStarting(atValue: 2).queryLimited(toFirst: 2),
        ]
        let expected = [["b", "c"], ["c", "b"], ["c", "b"]]
        for (query, keys) in zip(queries, expected) {
            #expect(try await first(of: query.value).children.map(\.key) == keys)
            #expect(try await query.getData().children.map(\.key) == keys)
        }
    }

    /// `testDeepUpdatesWorkWithQueries`.
    @Test func deepUpdatesMoveChildrenInAndOutOfAnEqualToQuery() async throws {
        let (one, two) = try makeTwoClients()
        let writer = one.reference(withPath: "r")
        try await writer.setValue([
            "a": ["data": "foo", "idx": true], "b": ["data": "bar", "idx": true], "c": ["data": "baz", "idx": false],
        ])
        let log = EventLog()
        two.reference(withPath: "r").queryOrdered(byChild: "idx").queryEqual(toValue: true).log([.value], into: log)
        #expect(
            try await log.take(1) == [#"value {"a":{"data":"foo","idx":true},"b":{"data":"bar","idx":true}}"#])
        try await writer.updateChildValues(["a/idx": false, "b/data": "blah", "c/idx": true])
        #expect(
            try await log.take(1) == [#"value {"b":{"data":"blah","idx":true},"c":{"data":"baz","idx":true}}"#])
    }

    /// `testStartAtEndAtWorksWithValueIndex`.
    @Test func aValueRangeWithAChildKeyStartsAtThatKey() async throws {
        let ref = try makeDatabase().reference(withPath: "n")
        let query = ref.queryOrderedByValue().queryStarting(atValue: 52, childKey: "tony").queryEnding(atValue: 59)
        let log = EventLog()
        query.log([.childAdded], into: log)
        try await ref.setValue(nuggets.mapValues { ($0 as! [String: Any])["nuggets"]! })
        #expect(try await log.take(3) == ["added tony", "added vassili after tony", "added rob after vassili"])
        #expect(try await first(of: query.value).children.map(\.key) == ["tony", "vassili", "rob"])
    }

    /// `testRemovingDefaultListenerRemovesNonDefaultListenWithLoadsAllData`.
    @Test func aKeyQueryReadsEverythingAfterAllObserversAreRemoved() async throws {
        let ref = try makeDatabase().reference(withPath: "r")
        try await ref.setValue(["key": "value"])
        let log = EventLog()
        ref.queryOrderedByKey().log([.value], into: log)
        ref.log([.value], into: log)
        try await log.take(2)
        ref.removeAllObservers()
        #expect(json(try await first(of: ref.queryOrderedByKey().value).value) == #"{"key":"value"}"#)
    }
}
