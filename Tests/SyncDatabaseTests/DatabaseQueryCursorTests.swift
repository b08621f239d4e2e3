// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintDatabase
import FlintSync
import FlintSyncDatabase
import FlintTesting
import Foundation
import SyncTestSupport
import Testing

@Suite("SyncQuery cursors, limits and array filters through the Realtime Database services")
@MainActor
struct DatabaseQueryCursorTests {
    /// An app whose location `ranked`, and `shops/s1/tiers` (the group `shops/$shop/tiers`), hold
    /// ``RankedItem/mocks``.
    private func seeded(_ name: String) async throws -> FlintApp {
        let app = try makeDatabaseApp(name)
        let remote = try DatabaseRemoteCollectionService<RankedItem>(app: app, collectionPath: { "ranked" })
        let nested = try DatabaseRemoteCollectionService<RankedItem>(app: app, collectionPath: { "shops/s1/tiers" })
        for item in RankedItem.mocks {
            try await remote.saveDocument(item)
            try await nested.saveDocument(item)
        }
        return app
    }

    @Test(arguments: RankedItem.queryCases.map(\.name))
    func theServicesRunEachQuery(name: String) async throws {
        let testCase = try #require(RankedItem.queryCases.first { $0.name == name })
        let app = try await seeded("cursor")
        let remote = try DatabaseRemoteCollectionService<RankedItem>(app: app, collectionPath: { "ranked" })
        #expect(try await remote.getCollection(query: testCase.query).map(\.id) == testCase.ids)
        let group = try DatabaseRemoteCollectionGroupService<RankedItem>(app: app, pathPattern: "shops/$shop/tiers")
        #expect(try await group.getCollection(query: testCase.query).map(\.id) == testCase.ids)
        var initial: [String] = []
        for try await batch in remote.streamCollectionUpdates(query: testCase.query) {
            initial = batch.updated.map(\.id)
            break
        }
        #expect(initial == testCase.ids)
        await app.delete()
    }

    @Test(arguments: RankedItem.invalidQueries.map(\.name))
    func invalidQueriesAreInvalidArgument(name: String) async throws {
        let query = try #require(RankedItem.invalidQueries.first { $0.name == name }).query
        let app = try await seeded("invalid")
        let remote = try DatabaseRemoteCollectionService<RankedItem>(app: app, collectionPath: { "ranked" })
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
        await app.delete()
    }

    @Test func aLimitedListenerFollowsItsWindow() async throws {
        let app = try await seeded("window")
        let remote = try DatabaseRemoteCollectionService<RankedItem>(app: app, collectionPath: { "ranked" })
        let engine = CollectionSyncEngine(remote: remote, managerKey: "top", enableLocalPersistence: false, app: app)
        await engine.startListening { $0.order(by: "score", descending: true).limit(to: 2) }
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["d", "e"] }
        try await remote.saveDocument(RankedItem(id: "f", score: 35, tags: ["w"]))
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["e", "f"] }
        try await remote.saveDocument(RankedItem(id: "a", score: 11, tags: ["w"]))
        try await remote.deleteDocument(id: "e")
        try await waitUntil { await engine.currentCollection.map(\.id).sorted() == ["d", "f"] }
        engine.stopListening()
        await app.delete()
    }

    @Test func deletingAMissingChildSucceeds() async throws {
        let app = try await seeded("delete")
        let remote = try DatabaseRemoteCollectionService<RankedItem>(app: app, collectionPath: { "ranked" })
        try await remote.deleteDocument(id: "nobody")
        let document = try DatabaseRemoteDocumentService<RankedItem>(app: app, collectionPath: { "ranked" })
        try await document.deleteDocument(id: "nobody")
        #expect(try await remote.getCollection(query: SyncQuery()).count == 5)
        await app.delete()
    }
}
