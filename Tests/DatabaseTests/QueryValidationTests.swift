// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database query validation: the SDK's errors, as invalidArgument")
struct QueryValidationTests {
    @Test func oneOrderByPerQuery() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        #expect(await databaseCode(of: ref.queryOrderedByKey().queryOrderedByValue()) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryOrdered(byChild: "a").queryOrderedByPriority()) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryOrderedByKey()) == nil)
    }

    @Test func limitIsPositiveBelow2To31AndSetOnce() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        #expect(await databaseCode(of: ref.queryLimited(toFirst: 0)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryLimited(toLast: 1 << 31)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryLimited(toFirst: 1).queryLimited(toLast: 1)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryLimited(toLast: (1 << 31) - 1)) == nil)
    }

    @Test func equalToDoesNotCombineWithStartOrEnd() async throws {
        let ref = try makeDatabase().reference(withPath: "q").queryOrderedByValue()
        #expect(await databaseCode(of: ref.queryStarting(atValue: 1).queryEqual(toValue: 2)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryEqual(toValue: 2).queryEnding(atValue: 3)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryStarting(atValue: 1).queryStarting(atValue: 2)) == .invalidArgument)
    }

    @Test func keyOrderTakesStringsWithoutChildKeys() async throws {
        let ref = try makeDatabase().reference(withPath: "q").queryOrderedByKey()
        #expect(await databaseCode(of: ref.queryStarting(atValue: 1)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryStarting(atValue: "a", childKey: "b")) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryEqual(toValue: "a")) == nil)
    }

    @Test func priorityOrderRefusesBooleans() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        #expect(await databaseCode(of: ref.queryStarting(atValue: true)) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryStarting(atValue: 1).queryEnding(atValue: "z")) == nil)
    }

    @Test func queryValuesAreLeavesAndChildPathsAreValid() async throws {
        let ref = try makeDatabase().reference(withPath: "q")
        #expect(await databaseCode(of: ref.queryOrderedByValue().queryStarting(atValue: ["a": 1])) == .invalidArgument)
        #expect(
            await databaseCode(of: ref.queryOrderedByValue().queryStarting(atValue: 1, childKey: "a.b"))
                == .invalidArgument)
        #expect(await databaseCode(of: ref.queryOrdered(byChild: "a.b")) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryOrdered(byChild: "$key")) == .invalidArgument)
        #expect(await databaseCode(of: ref.queryOrdered(byChild: "a/b")) == nil)
    }

    @Test func anObserverOfAnInvalidQueryGetsTheError() async throws {
        let log = EventLog()
        try makeDatabase().reference(withPath: "q").queryLimited(toFirst: 0).log([.value], into: log)
        #expect(try await log.take(1) == ["error invalidArgument"])
    }
}
