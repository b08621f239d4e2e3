// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// The client's local cache: `getDocument(source:)` / `getDocuments(source:)`, offline reads, and
/// `isFromCache` in listeners' metadata.
@Suite(.timeLimit(.minutes(3)))
struct CacheTests {
    /// The code of the error `body` throws, or nil.
    private func code(_ body: () async throws -> Void) async -> FirestoreErrorCode? {
        await firestoreCode(of: body)
    }

    /// The message of the `FirestoreError` `body` throws, or nil.
    private func message(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as FirestoreError {
            return error.message
        } catch {
            return nil
        }
    }

    @Test func cacheReadOfAnUnseenDocumentIsUnavailable() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        try await bob.document("c/d").setData(["n": 1])
        #expect(await code { try await alice.document("c/d").getDocument(source: .cache) } == .unavailable)
        #expect(
            await message { try await alice.document("c/d").getDocument(source: .cache) }?
                .hasPrefix("Failed to get document from cache. (However, this document may exist on the server.")
                == true)
    }

    @Test func offlineReadOfAnUnseenDocumentIsUnavailable() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        try await bob.document("c/d").setData(["n": 1])
        await alice.disableNetwork()
        #expect(await code { try await alice.document("c/d").getDocument() } == .unavailable)
    }

    @Test func serverReadWhileOfflineIsUnavailable() async throws {
        let db = try makeLRUFirestore()
        try await db.document("c/d").setData(["n": 1])
        await db.disableNetwork()
        #expect(await code { try await db.document("c/d").getDocument(source: .server) } == .unavailable)
        #expect(
            await message { try await db.document("c/d").getDocument(source: .server) }?
                .hasPrefix("Failed to get document from server. (However, this document does exist in the local cache.")
                == true)
        #expect(
            await message { try await db.document("c/other").getDocument(source: .server) }
                == "Failed to get document because the client is offline.")
        #expect(await code { try await db.collection("c").getDocuments(source: .server) } == .unavailable)
    }

    @Test func offlineDefaultReadOfAKnownMissingDocumentIsUnavailableAsInTheSDK() async throws {
        let db = try makeLRUFirestore()
        #expect(try await db.document("c/none").getDocument().exists == false)
        await db.disableNetwork()
        #expect(
            await message { try await db.document("c/none").getDocument() }
                == "Failed to get document because the client is offline.")
        #expect(try await db.document("c/none").getDocument(source: .cache).exists == false)
    }

    @Test func offlineReadDoesNotSeeAnotherClientsNewerWrite() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        try await bob.document("c/d").setData(["n": 1])
        #expect(try await alice.document("c/d").getDocument().get("n") == 1)
        try await bob.document("c/d").setData(["n": 2])
        await alice.disableNetwork()
        let snapshot = try await alice.document("c/d").getDocument()
        #expect(snapshot.get("n") == 1)
        #expect(snapshot.metadata.isFromCache)
        #expect(!snapshot.metadata.hasPendingWrites)
    }

    @Test func readsReportWhereTheyCameFrom() async throws {
        let db = try makeLRUFirestore()
        try await db.document("c/d").setData(["n": 1])
        #expect(try await db.document("c/d").getDocument(source: .default).metadata.isFromCache == false)
        #expect(try await db.document("c/d").getDocument(source: .server).metadata.isFromCache == false)
        let cached = try await db.document("c/d").getDocument(source: .cache)
        #expect(cached.metadata.isFromCache)
        #expect(cached.get("n") == 1)  // an acknowledged write of this client is in its cache
    }

    @Test func aDocumentKnownToBeMissingIsAMissingSnapshotFromTheCache() async throws {
        let db = try makeLRUFirestore()
        #expect(try await db.document("c/none").getDocument().exists == false)
        let cached = try await db.document("c/none").getDocument(source: .cache)
        #expect(cached.exists == false)
        #expect(cached.metadata.isFromCache)
    }

    @Test func cacheQueryReturnsOnlyTheDocumentsTheClientReceived() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        try await seed(bob.collection("c"), ["a": ["n": 1], "b": ["n": 2]])
        _ = try await alice.document("c/a").getDocument()
        let cached = try await alice.collection("c").getDocuments(source: .cache)
        #expect(cached.ids == ["a"])
        #expect(cached.metadata.isFromCache)
        #expect(try await alice.collection("c").getDocuments(source: .server).ids == ["a", "b"])
        #expect(try await alice.collection("c").getDocuments(source: .cache).ids == ["a", "b"])
    }

    @Test func aWholeCollectionReadForgetsDocumentsDeletedOnTheBackend() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        try await seed(bob.collection("c"), ["a": ["n": 1], "b": ["n": 2]])
        #expect(try await alice.collection("c").getDocuments().ids == ["a", "b"])
        try await bob.document("c/b").delete()
        #expect(try await alice.collection("c").getDocuments().ids == ["a"])
        #expect(try await alice.collection("c").getDocuments(source: .cache).ids == ["a"])
        #expect(try await alice.document("c/b").getDocument(source: .cache).exists == false)
    }

    @Test func listenedDocumentsStayCurrentInTheCache() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        let recorder = alice.document("c/d").record()
        #expect(try await recorder.next().exists == false)
        try await bob.document("c/d").setData(["n": 2])
        #expect(try await recorder.next().get("n") == 2)
        await alice.disableNetwork()
        #expect(try await alice.document("c/d").getDocument().get("n") == 2)
        recorder.remove()
    }

    @Test func anOfflineWriteIsReadBackPendingFromTheCache() async throws {
        let db = try makeLRUFirestore()
        await db.disableNetwork()
        let recorder = db.document("c/new").record()
        let unknown = try await recorder.next()  // offline, an unseen document is missing, from the cache
        #expect(!unknown.exists)
        #expect(unknown.metadata.isFromCache)
        let write = Task { try await db.document("c/new").setData(["n": 1]) }
        #expect(try await recorder.next().exists)  // the local write applied
        recorder.remove()
        let snapshot = try await db.document("c/new").getDocument()
        #expect(snapshot.get("n") == 1)
        #expect(snapshot.metadata.hasPendingWrites)
        #expect(snapshot.metadata.isFromCache)
        await db.enableNetwork()
        try await value(of: write)
    }

    @Test func anOfflineListenerIsServedFromTheCache() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        try await seed(bob.collection("c"), ["a": ["n": 1], "b": ["n": 2]])
        _ = try await alice.collection("c").getDocuments()
        try await bob.document("c/z").setData(["n": 3])  // alice never receives it while offline
        await alice.disableNetwork()
        let recorder = alice.collection("c").record()
        let snapshot = try await recorder.next()
        #expect(snapshot.ids == ["a", "b"])
        #expect(snapshot.metadata.isFromCache)
        recorder.remove()
    }

    @Test func backOnlineAListenerCatchesUpAndReportsNotFromCache() async throws {
        let (alice, bob) = try makeTwoLRUClients()
        try await seed(bob.collection("c"), ["a": ["n": 1]])
        _ = try await alice.collection("c").getDocuments()
        try await bob.document("c/z").setData(["n": 3])  // missed by alice's cache
        await alice.disableNetwork()
        let recorder = alice.collection("c").record(includeMetadataChanges: true)
        let offline = try await recorder.next()
        #expect(offline.ids == ["a"])
        #expect(offline.metadata.isFromCache)
        await alice.enableNetwork()
        let online = try await recorder.next()
        #expect(online.ids == ["a", "z"])
        #expect(!online.metadata.isFromCache)
        recorder.remove()
    }

    @Test func aListenerWithMetadataChangesSeesTheNetworkGoAndComeBack() async throws {
        let db = try makeLRUFirestore()
        try await db.document("c/d").setData(["n": 1])
        let recorder = db.document("c/d").record(includeMetadataChanges: true)
        #expect(try await recorder.next().metadata.isFromCache)  // the written document, from the cache first
        #expect(try await recorder.next().metadata.isFromCache == false)
        await db.disableNetwork()
        let offline = try await recorder.next()
        #expect(offline.metadata.isFromCache)
        #expect(offline.get("n") == 1)
        await db.enableNetwork()
        #expect(try await recorder.next().metadata.isFromCache == false)
        recorder.remove()
    }
}
