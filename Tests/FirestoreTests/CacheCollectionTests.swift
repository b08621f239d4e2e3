// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// How the memory cache drops documents (`MemoryEagerGCSettings`, the default, and `MemoryLRUGCSettings`) and
/// how listeners' first snapshots come from the cache as the SDK's `QueryListener` raises them.
@Suite(.timeLimit(.minutes(3)))
struct CacheCollectionTests {
    // MARK: Eager collection (the default)

    @Test func anAcknowledgedWriteWithoutListenersLeavesTheEagerCache() async throws {
        let db = try makeFirestore()
        try await db.document("c/d").setData(["n": 1])
        await #expect(throws: FirestoreError.self) { try await db.document("c/d").getDocument(source: .cache) }
        #expect(await firestoreCode { _ = try await db.document("c/d").getDocument(source: .cache) } == .unavailable)
    }

    @Test func aOneShotReadDoesNotStayInTheEagerCache() async throws {
        let (alice, bob) = try makeTwoClients()
        try await bob.document("c/d").setData(["n": 1])
        #expect(try await alice.document("c/d").getDocument().get("n") == 1)
        #expect(await firestoreCode { _ = try await alice.document("c/d").getDocument(source: .cache) } == .unavailable)
        #expect(try await alice.collection("c").getDocuments().ids == ["d"])
        #expect(try await alice.collection("c").getDocuments(source: .cache).ids.isEmpty)
    }

    @Test func documentsStayWhileAListenerReferencesThemAndLeaveWithIt() async throws {
        let (alice, bob) = try makeTwoClients()
        try await seed(bob.collection("c"), ["a": ["n": 1], "b": ["n": 2]])
        let recorder = alice.collection("c").record()
        #expect(try await recorder.next().ids == ["a", "b"])
        #expect(try await alice.collection("c").getDocuments(source: .cache).ids == ["a", "b"])
        #expect(try await alice.document("c/a").getDocument(source: .cache).get("n") == 1)
        recorder.remove()
        #expect(try await alice.collection("c").getDocuments(source: .cache).ids.isEmpty)
        await alice.disableNetwork()
        #expect(await firestoreCode { _ = try await alice.document("c/a").getDocument() } == .unavailable)
    }

    @Test func aDocumentListenerKeepsOnlyItsDocument() async throws {
        let (alice, bob) = try makeTwoClients()
        try await seed(bob.collection("c"), ["a": ["n": 1], "b": ["n": 2]])
        let recorder = alice.document("c/a").record()
        #expect(try await recorder.next().get("n") == 1)
        _ = try await alice.collection("c").getDocuments()  // a one-shot read of the whole collection
        #expect(try await alice.collection("c").getDocuments(source: .cache).ids == ["a"])
        recorder.remove()
        #expect(await firestoreCode { _ = try await alice.document("c/a").getDocument(source: .cache) } == .unavailable)
    }

    @Test func aPendingWriteKeepsItsDocumentUntilAcknowledged() async throws {
        let db = try makeFirestore()
        await db.disableNetwork()
        let write = Task { try await db.document("c/d").setData(["n": 1]) }
        try await waitUntil { db.engine.pendingWriteCount == 1 }
        let cached = try await db.document("c/d").getDocument(source: .cache)
        #expect(cached.get("n") == 1)
        #expect(cached.metadata.hasPendingWrites)
        await db.enableNetwork()
        try await value(of: write)
        try await waitUntil {
            await firestoreCode { _ = try await db.document("c/d").getDocument(source: .cache) } == .unavailable
        }
    }

    @Test func withEagerCollectionANewListenerStartsFromTheBackend() async throws {
        let db = try makeFirestore()
        try await seed(db.collection("c"), ["a": ["n": 1]])
        let first = db.collection("c").record(includeMetadataChanges: true)
        #expect(try await first.next().metadata.isFromCache == false)
        first.remove()
        let second = db.collection("c").record(includeMetadataChanges: true)
        let snapshot = try await second.next()
        #expect(snapshot.ids == ["a"])
        #expect(!snapshot.metadata.isFromCache)
        second.remove()
    }

    // MARK: First snapshots from the cache

    @Test func aCachedQueryIsRaisedFromTheCacheFirstThenSynced() async throws {
        let db = try makeLRUFirestore()
        try await seed(db.collection("c"), ["a": ["n": 1]])
        _ = try await db.collection("c").getDocuments()
        let recorder = db.collection("c").record(includeMetadataChanges: true)
        let cached = try await recorder.next()
        #expect(cached.ids == ["a"])
        #expect(cached.metadata.isFromCache)
        #expect(cached.documentChanges.map(\.type) == [.added])
        let synced = try await recorder.next()
        #expect(!synced.metadata.isFromCache)
        #expect(synced.documentChanges.isEmpty)
        recorder.remove()
    }

    @Test func withoutMetadataChangesTheSyncAloneRaisesNothing() async throws {
        let db = try makeLRUFirestore()
        try await seed(db.collection("c"), ["a": ["n": 1]])
        _ = try await db.collection("c").getDocuments()
        let recorder = db.collection("c").record()
        let cached = try await recorder.next()
        #expect(cached.metadata.isFromCache)
        try await db.document("c/b").setData(["n": 2])
        let next = try await recorder.next()  // the write, not a snapshot for the sync
        #expect(next.ids == ["a", "b"])
        #expect(!next.metadata.isFromCache)
        recorder.remove()
    }

    @Test func theCatchUpReportsWhatChangedOnTheBackendMeanwhile() async throws {
        let backend = LocalFirestoreBackend()
        let (alice, bob) = try makeTwoLRUClients(backend: backend)
        try await seed(bob.collection("c"), ["a": ["n": 1]])
        _ = try await alice.collection("c").getDocuments()
        await alice.disableNetwork()
        try await bob.document("c/a").setData(["n": 2])
        try await bob.document("c/b").setData(["n": 3])
        await alice.enableNetwork()
        let recorder = alice.collection("c").record()
        let cached = try await recorder.next()
        #expect(cached.metadata.isFromCache)
        #expect(cached.documents.map { $0.get("n") } == [1])
        let synced = try await recorder.next()
        #expect(!synced.metadata.isFromCache)
        #expect(synced.ids == ["a", "b"])
        #expect(synced.documentChanges.map(\.type).sorted { "\($0)" < "\($1)" } == [.added, .modified])
        recorder.remove()
    }

    @Test func anOfflineListenerSeesAPendingWriteFromTheCache() async throws {
        let db = try makeFirestore()
        await db.disableNetwork()
        let write = Task { try await db.document("c/d").setData(["n": 1]) }
        try await waitUntil { db.engine.pendingWriteCount == 1 }
        let recorder = db.document("c/d").record(includeMetadataChanges: true)
        let first = try await recorder.next()
        #expect(first.get("n") == 1)
        #expect(first.metadata.hasPendingWrites)
        #expect(first.metadata.isFromCache)
        await db.enableNetwork()
        try await value(of: write)
        recorder.remove()
    }

    @Test func aSecondListenerOfASyncedQueryStartsSynced() async throws {
        let db = try makeLRUFirestore()
        try await seed(db.collection("c"), ["a": ["n": 1]])
        let first = db.collection("c").record(includeMetadataChanges: true)
        #expect(try await first.next().metadata.isFromCache)
        #expect(try await first.next().metadata.isFromCache == false)
        let second = db.collection("c").record(includeMetadataChanges: true)
        let snapshot = try await second.next()
        #expect(!snapshot.metadata.isFromCache)
        #expect(snapshot.ids == ["a"])
        first.remove()
        second.remove()
    }

    @Test func anEmptyCacheRaisesNothingBeforeTheBackend() async throws {
        let db = try makeLRUFirestore()
        let recorder = db.collection("c").record(includeMetadataChanges: true)
        let first = try await recorder.next()
        #expect(first.isEmpty)
        #expect(!first.metadata.isFromCache)
        recorder.remove()
    }

    @Test func aDeniedListenerGetsItsCachedSnapshotThenTheError() async throws {
        let backend = LocalFirestoreBackend()
        let (alice, bob) = try makeTwoLRUClients(backend: backend)
        try await seed(bob.collection("c"), ["a": ["n": 1]])
        _ = try await alice.collection("c").getDocuments()
        backend.rules = { request in request.operation != .list }
        let recorder = alice.collection("c").record()
        #expect(try await recorder.next().metadata.isFromCache)
        #expect(await firestoreCode { _ = try await recorder.next() } == .permissionDenied)
        recorder.remove()
    }

    // MARK: LRU collection

    @Test func theLRUCacheDropsTheOldestUnreferencedDocumentsAboveItsSize() async throws {
        let backend = LocalFirestoreBackend()
        let (alice, bob) = try makeTwoClients(backend: backend)
        let settings = MemoryCacheSettings(
            garbageCollectorSettings:
                MemoryLRUGCSettings(sizeBytes: PersistentCacheSettings.minimumSizeBytes))
        try alice.setSettings(FirestoreSettings(cacheSettings: settings))
        let filler = String(repeating: "x", count: 20_000)
        let kept = alice.document("kept/one").record()
        try await bob.document("kept/one").setData(["s": .string(filler)])
        try await waitUntil { (try? await kept.next(timeout: .seconds(1)))?.exists == true }
        for index in 0..<100 {
            try await bob.document("c/\(index)").setData(["s": .string(filler)])
            _ = try await alice.document("c/\(index)").getDocument()
        }
        let cached = try await alice.collection("c").getDocuments(source: .cache).count
        #expect(cached > 0)
        #expect(cached < 100)  // 100 × 20 kB > 1 MiB: the oldest went
        #expect(await firestoreCode { _ = try await alice.document("c/0").getDocument(source: .cache) } == .unavailable)
        #expect(try await alice.document("kept/one").getDocument(source: .cache).exists)  // referenced by a listener
        kept.remove()
    }

    // MARK: Settings

    @Test func anLRUSizeBelowTheMinimumIsRejected() throws {
        let db = try makeFirestore()
        let settings = MemoryCacheSettings(garbageCollectorSettings: MemoryLRUGCSettings(sizeBytes: 1000))
        #expect(throws: FirestoreError.self) { try db.setSettings(FirestoreSettings(cacheSettings: settings)) }
        do {
            try db.setSettings(FirestoreSettings(cacheSettings: settings))
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func memoryCacheSettingsCompareTheirCollectors() {
        #expect(MemoryCacheSettings() == MemoryCacheSettings(garbageCollectorSettings: MemoryEagerGCSettings()))
        #expect(MemoryCacheSettings() != MemoryCacheSettings(garbageCollectorSettings: MemoryLRUGCSettings()))
        #expect(
            MemoryCacheSettings(garbageCollectorSettings: MemoryLRUGCSettings(sizeBytes: 2_000_000))
                != MemoryCacheSettings(garbageCollectorSettings: MemoryLRUGCSettings()))
        #expect(MemoryLRUGCSettings().sizeBytes == 100 * 1024 * 1024)
    }
}
