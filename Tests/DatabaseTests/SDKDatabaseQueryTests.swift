// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The SDK's `FIRDatabaseQueryTests.m` (`FirebaseDatabase/Tests/Integration`): where the SDK raises, a Flint
/// query's operations throw ``DatabaseErrorCode/invalidArgument``.
@Suite("SDK FIRDatabaseQueryTests")
struct SDKDatabaseQueryTests {
    /// `testCanCreateBasicQueries`.
    @Test func basicQueriesAreValid() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        let byChild = ref.queryOrdered(byChild: "index")
        let byPriority = ref.queryOrderedByPriority()
        let byKey = ref.queryOrderedByKey()
        var queries: [DatabaseQuery] = [
            ref.queryLimited(toFirst: 10), ref.queryLimited(toLast: 10),
            byKey.queryStarting(atValue: "foo"), byKey.queryEnding(atValue: "foo"), byKey.queryEqual(toValue: "foo"),
        ]
        for value: Any? in [true, 1, "foo", nil] {
            queries += [
                byChild.queryStarting(atValue: value), byChild.queryEnding(atValue: value),
                byChild.queryEqual(toValue: value),
            ]
        }
        for value: Any? in [1, "foo", nil] {
            queries += [
                byPriority.queryStarting(atValue: value), byPriority.queryEnding(atValue: value),
                byPriority.queryEqual(toValue: value),
            ]
        }
        for query in queries {
            #expect(await databaseCode(of: query) == nil)
        }
    }

    /// `testInvalidQueryParams`: a second limit, a second order, a second start or end, `equalTo` with a range.
    @Test func limitsOrdersAndBoundsAreSetOnce() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        let limits: [(DatabaseQuery) -> DatabaseQuery] = [
            { $0.queryLimited(toFirst: 100) }, { $0.queryLimited(toLast: 100) },
        ]
        for first in limits {
            for second in limits {
                #expect(await databaseCode(of: second(first(ref))) == .invalidArgument)
            }
        }
        let orders: [(DatabaseQuery) -> DatabaseQuery] = [
            { $0.queryOrderedByPriority() }, { $0.queryOrderedByKey() }, { $0.queryOrdered(byChild: "foo") },
            { $0.queryOrderedByValue() },
        ]
        for first in orders {
            for second in orders {
                #expect(await databaseCode(of: second(first(ref))) == .invalidArgument)
            }
        }
        let bounds: [(DatabaseQuery) -> DatabaseQuery] = [
            { $0.queryStarting(atValue: "foo") }, { $0.queryEnding(atValue: "foo") },
            { $0.queryEqual(toValue: "foo") },
        ]
        for (i, first) in bounds.enumerated() {
            for (j, second) in bounds.enumerated() where i == j || i == 2 || j == 2 {
                #expect(await databaseCode(of: second(first(ref))) == .invalidArgument)
            }
        }
        #expect(await databaseCode(of: ref.queryStarting(atValue: "foo").queryEnding(atValue: "goo")) == nil)
    }

    /// `testInvalidQueryParams`: key order takes string bounds without child keys, before or after the order.
    @Test func keyOrderBoundsAreStringsWithoutChildKeys() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        let byKey = ref.queryOrderedByKey()
        let invalid: [DatabaseQuery] = [
            byKey.queryStarting(atValue: "foo", childKey: "foo"), byKey.queryEnding(atValue: "foo", childKey: "foo"),
            byKey.queryEqual(toValue: "foo", childKey: "foo"), byKey.queryStarting(atValue: 1, childKey: "foo"),
            byKey.queryStarting(atValue: true), byKey.queryEnding(atValue: 1), byKey.queryEnding(atValue: true),
            byKey.queryStarting(atValue: nil), byKey.queryEnding(atValue: nil), byKey.queryEqual(toValue: nil),
            ref.queryStarting(atValue: "foo", childKey: "foo").queryOrderedByKey(),
            ref.queryEnding(atValue: "foo", childKey: "foo").queryOrderedByKey(),
            ref.queryEqual(toValue: "foo", childKey: "foo").queryOrderedByKey(),
            ref.queryStarting(atValue: 1).queryOrderedByKey(), ref.queryStarting(atValue: true).queryOrderedByKey(),
            ref.queryEnding(atValue: 1).queryOrderedByKey(), ref.queryEnding(atValue: true).queryOrderedByKey(),
        ]
        for query in invalid {
            #expect(await databaseCode(of: query) == .invalidArgument)
        }
    }

    /// `testInvalidQueryParams`: no objects or arrays as bounds, no booleans under priority order.
    @Test func boundsAreLeavesAndPriorityBoundsAreNotBooleans() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        for value: Any in [[Any](), [String: Any]()] {
            #expect(await databaseCode(of: ref.queryStarting(atValue: value)) == .invalidArgument)
            #expect(await databaseCode(of: ref.queryEnding(atValue: value)) == .invalidArgument)
            #expect(await databaseCode(of: ref.queryEqual(toValue: value)) == .invalidArgument)
        }
        let byPriority = ref.queryOrderedByPriority()
        #expect(await databaseCode(of: byPriority.queryStarting(atValue: true)) == .invalidArgument)
        #expect(await databaseCode(of: byPriority.queryEnding(atValue: false)) == .invalidArgument)
        #expect(await databaseCode(of: byPriority.queryEqual(toValue: true)) == .invalidArgument)
    }

    /// `testLimitRanges`.
    @Test func limitsArePositiveAndFitIn32Bits() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        let maximum: UInt = (1 << 31) - 1
        #expect(await databaseCode(of: ref.queryLimited(toLast: 0)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryLimited(toFirst: 0)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryLimited(toFirst: maximum)) == nil)
        #expect(await databaseCode(of: ref.queryLimited(toLast: maximum)) == nil)
        #expect(await databaseCode(of: ref.queryLimited(toFirst: maximum + 1)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryLimited(toLast: maximum + 1)) == .invalidArgument)
    }

    /// `testInvalidKeys`.
    @Test(arguments: [".test", "test.", "fo$o", "[what", "ever]", "ha#sh", "/thing", "th/ing", "thing/"])
    func boundChildKeysAreValidKeys(key: String) async throws {
        let byPriority = try makeDatabase().reference(withPath: "q").queryOrderedByPriority()
        #expect(await databaseCode(of: byPriority.queryStarting(atValue: nil, childKey: key)) == .invalidArgument)
        #expect(await databaseCode(of: byPriority.queryEnding(atValue: nil, childKey: key)) == .invalidArgument)
    }

    /// `testOffCanBeCalledOnDefault`, `testOffCanBeCalledOnHandle`, `testOffCanBeCalledOnSpecificQuery`,
    /// `testOffCanBeCalledWithoutHandle` (the reference's `removeAllObservers()` removes its queries' too).
    @Test(arguments: [true, false])
    func removedObserversOfQueriesHearNothingMore(byHandle: Bool) async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        let query = ref.queryLimited(toLast: 5)
        let log = EventLog()
        let queryHandle = query.log([.value], into: log, label: "query ")[0]
        let refHandle = ref.log([.value], into: log, label: "ref ")[0]
        try await ref.setValue(["a": 5, "b": 6])
        _ = try await log.take(through: #"ref value {"a":5,"b":6}"#)
        if byHandle {
            query.removeObserver(withHandle: queryHandle)
            ref.removeObserver(withHandle: refHandle)
        } else {
            ref.removeAllObservers()
        }
        ref.queryLimited(toFirst: 1).log([.value], into: log, label: "marker ")
        try await ref.setValue(["a": 6, "b": 7])
        let lines = try await log.take(through: #"marker value {"a":6}"#)
        #expect(!lines.contains { $0.hasPrefix("query ") || $0.hasPrefix("ref ") })
    }

    /// `testEnsureOnly5ItemsAreKept`, `testOnlyLast5SentFromServer`.
    @Test func aLimitToLastKeepsTheLastChildren() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        for i in 0..<10 {
            try await ref.childByAutoId().setValue(i)
        }
        let snapshot = try await first(of: ref.queryLimited(toLast: 5).value)
        #expect(snapshot.children.compactMap { $0.value as? Int } == [5, 6, 7, 8, 9])
        #expect(try await ref.queryLimited(toLast: 5).getData().childrenCount == 5)
    }
}
