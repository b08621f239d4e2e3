// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import FlintTesting
import SyncTestSupport
import Testing

@Suite("SyncQuery operations, cursors and limits")
struct SyncQueryOperationsTests {
    @Test func getOperationsListsTheOperationsInOrder() {
        let query = SyncQuery().where("a", isEqualTo: 1).order(by: "b").limit(toLast: 3).start(at: [2])
        #expect(
            query.getOperations() == [
                .filter(SyncFilter(field: "a", op: .isEqualTo, value: 1)), .order(SyncOrder(field: "b")),
                .limitToLast(3), .startAt(.values([2])),
            ])
    }

    @Test func theSameOperationsInAnotherOrderAreAnotherQuery() {
        let first = SyncQuery().where("a", isEqualTo: 1).order(by: "b")
        let second = SyncQuery().order(by: "b").where("a", isEqualTo: 1)
        #expect(first != second)
        #expect(Set([first, second]).count == 2)
        #expect(first == SyncQuery().where("a", isEqualTo: 1).order(by: "b"))
        #expect(first.hashValue == SyncQuery().where("a", isEqualTo: 1).order(by: "b").hashValue)
    }

    @Test func theLastLimitWins() {
        #expect(SyncQuery().limit(to: 2).limit(toLast: 3).limit == nil)
        #expect(SyncQuery().limit(to: 2).limit(toLast: 3).limitToLast == 3)
        #expect(SyncQuery().limit(toLast: 3).limit(to: 2).limit == 2)
    }

    @Test(arguments: RankedItem.queryCases.map(\.name))
    func evaluatorRunsEachQuery(name: String) throws {
        let testCase = try #require(RankedItem.queryCases.first { $0.name == name })
        let documents = RankedItem.mocks.map {
            [
                "id": SyncValue.string($0.id), "score": .int(Int64($0.score)),
                "tags": .array($0.tags.map(SyncValue.string)),
            ]
        }
        let result = SyncQueryEvaluator.run(testCase.query, over: documents)
        #expect(result.map { $0["id"] } == testCase.ids.map { SyncValue.string($0) })
    }

    @Test(arguments: RankedItem.invalidQueries.map(\.name))
    func invalidQueriesAreInvalidArgument(name: String) throws {
        let query = try #require(RankedItem.invalidQueries.first { $0.name == name }).query
        #expect {
            try SyncQueryEvaluator.validate(query)
        } throws: { error in
            guard case SyncError.invalidArgument = error else { return false }
            return true
        }
    }

    @Test func aDocumentCursorNeedsTheOrderedField() {
        struct Other: DataSyncModelProtocol {
            let id: String
            static var mocks: [Other] { [] }
        }
        #expect {
            try SyncQueryEvaluator.validate(SyncQuery().order(by: "score").start(atDocument: Other(id: "o")))
        } throws: { error in
            guard case SyncError.invalidArgument(let message) = error else { return false }
            return message.contains("score")
        }
    }

    @Test func notInWithNullMatchesNothingAndNeedsTheField() {
        let documents: [[String: SyncValue]] = [["n": 1], ["n": .null], [:]]
        #expect(
            SyncQueryEvaluator.run(SyncQuery().where("n", notIn: [2]), over: documents) == [["n": 1], ["n": .null]])
        #expect(SyncQueryEvaluator.run(SyncQuery().where("n", notIn: [2, .null]), over: documents).isEmpty)
    }
}

@Suite("SyncQuery through the mock services")
@MainActor
struct MockQueryTests {
    @Test(arguments: RankedItem.queryCases.map(\.name))
    func theMockRunsEachQuery(name: String) async throws {
        let testCase = try #require(RankedItem.queryCases.first { $0.name == name })
        let remote = MockRemoteCollectionService(collection: RankedItem.mocks)
        #expect(try await remote.getCollection(query: testCase.query).map(\.id) == testCase.ids)
        let group = MockRemoteCollectionGroupService(collection: RankedItem.mocks)
        #expect(try await group.getCollection(query: testCase.query).map(\.id) == testCase.ids)
        var initial: [String] = []
        for try await batch in remote.streamCollectionUpdates(query: testCase.query) {
            initial = batch.updated.map(\.id)
            break
        }
        #expect(initial == testCase.ids)
    }

    @Test(arguments: RankedItem.invalidQueries.map(\.name))
    func theMockRefusesInvalidQueries(name: String) async throws {
        let query = try #require(RankedItem.invalidQueries.first { $0.name == name }).query
        let remote = MockRemoteCollectionService(collection: RankedItem.mocks)
        await #expect {
            _ = try await remote.getCollection(query: query)
        } throws: { error in
            guard case SyncError.invalidArgument = error else { return false }
            return true
        }
        await #expect {
            for try await _ in remote.streamCollectionUpdates(query: query) {}
        } throws: { error in
            guard case SyncError.invalidArgument = error else { return false }
            return true
        }
    }

    @Test func aLimitedListenerFollowsItsWindow() async throws {
        let remote = MockRemoteCollectionService(collection: RankedItem.mocks)
        let engine = CollectionSyncEngine(remote: remote, managerKey: "top", enableLocalPersistence: false)
        await engine.startListening { $0.order(by: "score", descending: true).limit(to: 2) }
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["d", "e"] }
        remote.simulateRemoteSave(RankedItem(id: "f", score: 35, tags: ["w"]))
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["e", "f"] }
        remote.simulateRemoteSave(RankedItem(id: "a", score: 11, tags: ["w"]))
        remote.simulateRemoteDelete(id: "e")
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["d", "f"] }
        engine.stopListening()
    }

    @Test func aCursorListenerSeesOnlyItsRange() async throws {
        let remote = MockRemoteCollectionGroupService(collection: RankedItem.mocks)
        let engine = CollectionGroupSyncEngine(remote: remote, managerKey: "range", enableLocalPersistence: false)
        await engine.startListening { $0.order(by: "score").start(after: [10]).end(at: [20]) }
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["b", "c"] }
        remote.simulateRemoteSave(RankedItem(id: "f", score: 15, tags: ["w"]))
        remote.simulateRemoteSave(RankedItem(id: "b", score: 50, tags: ["w"]))
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["c", "f"] }
        engine.stopListening()
    }

    @Test func deletingAMissingDocumentSucceeds() async throws {
        let remote = MockRemoteCollectionService(collection: RankedItem.mocks)
        try await remote.deleteDocument(id: "nobody")
        let document = MockRemoteDocumentService<RankedItem>()
        try await document.deleteDocument(id: "nobody")
        #expect(remote.documents.count == 5)
    }
}
