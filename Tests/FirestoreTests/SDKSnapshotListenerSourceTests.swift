// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// Listeners with `SnapshotListenOptions.withSource(.cache)`, ported from the SDK's
/// `Firestore/Example/Tests/Integration/API/FIRSnapshotListenerSourceTests.mm` (each test names its original).
/// The SDK's integration tests run with a persistent cache; these use an LRU-collected memory cache, so what a
/// read brings stays cached, and, as the SDK's `collectionRefWithDocuments`, write the seed documents with
/// another client. The SDK's `assertNoAdditionalEvents` (a wait) is a barrier here: a new cache
/// listener's first snapshot, delivered after every event already queued.
@Suite(.timeLimit(.minutes(3)))
struct SDKSnapshotListenerSourceTests {
    static let fromCache = SnapshotListenOptions().withSource(.cache)
    static let fromCacheWithMetadata = SnapshotListenOptions().withSource(.cache).withIncludeMetadataChanges(true)

    /// A collection seeded with `documents` by another client, on an LRU-cached client.
    private func collection(_ documents: [String: [String: FirestoreValue]]) async throws -> CollectionReference {
        let (reader, writer) = try makeTwoLRUClients()
        try await seed(writer.collection("coll"), documents)
        return reader.collection("coll")
    }

    /// Waits until every event queued so far was delivered (see the suite's comment).
    private func barrier(_ db: Firestore) async throws {
        let probe = db.collection("barrier").record(options: Self.fromCache)
        _ = try await probe.next()
        probe.remove()
    }

    @Test func options() {
        let defaults = SnapshotListenOptions()
        #expect(defaults.source == .default)
        #expect(!defaults.includeMetadataChanges)
        let options = defaults.withSource(.cache).withIncludeMetadataChanges(true)
        #expect(options.source == .cache)
        #expect(options.includeMetadataChanges)
        #expect(defaults.source == .default)  // each `with` returns new options
        #expect(options.withSource(.default).includeMetadataChanges)
    }

    /// `testCanRaiseSnapshotFromCacheForQuery`
    @Test func canRaiseSnapshotFromCacheForQuery() async throws {
        let coll = try await collection(["a": ["k": "a"]])
        _ = try await coll.getDocuments()  // populate the cache.
        let recorder = coll.record(options: Self.fromCache)
        let snapshot = try await recorder.next()
        #expect(snapshot.data == [["k": "a"]])
        #expect(snapshot.metadata.isFromCache)
        try await barrier(coll.firestore)
        #expect(recorder.received == 1)
        recorder.remove()
    }

    /// `testCanRaiseSnapshotFromCacheForDocumentReference`
    @Test func canRaiseSnapshotFromCacheForDocumentReference() async throws {
        let db = try makeLRUFirestore()
        let doc = db.document("coll/doc")
        try await doc.setData(["k": "a"])
        _ = try await doc.getDocument()  // populate the cache.
        let recorder = doc.record(options: Self.fromCache)
        let snapshot = try await recorder.next()
        #expect(snapshot.data() == ["k": "a"])
        #expect(snapshot.metadata.isFromCache)
        try await barrier(db)
        #expect(recorder.received == 1)
        recorder.remove()
    }

    /// `testListenToCacheShouldNotBeAffectedByOnlineStatusChange`
    @Test func listenToCacheShouldNotBeAffectedByOnlineStatusChange() async throws {
        let coll = try await collection(["a": ["k": "a"]])
        _ = try await coll.getDocuments()
        let recorder = coll.record(options: Self.fromCacheWithMetadata)
        let snapshot = try await recorder.next()
        #expect(snapshot.data == [["k": "a"]])
        #expect(snapshot.metadata.isFromCache)
        await coll.firestore.disableNetwork()
        await coll.firestore.enableNetwork()
        try await barrier(coll.firestore)
        #expect(recorder.received == 1)
        recorder.remove()
    }

    /// `testMultipleListenersSourcedFromCacheCanWorkIndependently`
    @Test func multipleListenersSourcedFromCacheCanWorkIndependently() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        _ = try await coll.getDocuments()
        let query = coll.whereField("sort", isGreaterThan: 0).order(by: "sort")
        let first = query.record(options: Self.fromCache)
        let second = query.record(options: Self.fromCache)
        for recorder in [first, second] {
            let snapshot = try await recorder.next()
            #expect(snapshot.data == [["k": "b", "sort": 1]])
            #expect(snapshot.metadata.isFromCache)
        }
        // Do a local mutation.
        try await coll.addDocument(data: ["k": "c", "sort": 2])
        for recorder in [first, second] {
            let snapshot = try await recorder.next()
            #expect(snapshot.data == [["k": "b", "sort": 1], ["k": "c", "sort": 2]])
            #expect(snapshot.metadata.isFromCache)
        }
        // Detach one listener, and do a local mutation. The other listener should not be affected.
        first.remove()
        try await coll.addDocument(data: ["k": "d", "sort": 3])
        let snapshot = try await second.next()
        #expect(snapshot.data == [["k": "b", "sort": 1], ["k": "c", "sort": 2], ["k": "d", "sort": 3]])
        #expect(snapshot.metadata.isFromCache)
        try await barrier(coll.firestore)
        #expect(first.received == 2)
        #expect(second.received == 3)
        second.remove()
    }

    /// `testListenUnlistenRelistenToMirrorQueriesFromCache` (a `limit` query and its mirroring `limitToLast`).
    @Test func listenUnlistenRelistenToMirrorQueriesFromCache() async throws {
        let coll = try await collection([
            "a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1], "c": ["k": "c", "sort": 1],
        ])
        _ = try await coll.getDocuments()
        let limit = coll.order(by: "sort", descending: false).limit(to: 2)
        var limitRecorder = limit.record(options: Self.fromCache)
        let limitToLast = coll.order(by: "sort", descending: true).limit(toLast: 2)
        var limitToLastRecorder = limitToLast.record(options: Self.fromCache)
        #expect(try await limitRecorder.next().data == [["k": "a", "sort": 0], ["k": "b", "sort": 1]])
        #expect(try await limitToLastRecorder.next().data == [["k": "b", "sort": 1], ["k": "a", "sort": 0]])

        // Un-listen then re-listen to the limit query.
        limitRecorder.remove()
        limitRecorder = limit.record(options: Self.fromCache)
        var snapshot = try await limitRecorder.next()
        #expect(snapshot.data == [["k": "a", "sort": 0], ["k": "b", "sort": 1]])
        #expect(snapshot.metadata.isFromCache)

        // Add a document that would change the result set.
        try await coll.addDocument(data: ["k": "d", "sort": -1])
        snapshot = try await limitRecorder.next()
        #expect(snapshot.data == [["k": "d", "sort": -1], ["k": "a", "sort": 0]])
        #expect(snapshot.metadata.hasPendingWrites)
        snapshot = try await limitToLastRecorder.next()
        #expect(snapshot.data == [["k": "a", "sort": 0], ["k": "d", "sort": -1]])
        #expect(snapshot.metadata.hasPendingWrites)

        // Un-listen to limitToLast, update a doc, then re-listen to limitToLast.
        limitToLastRecorder.remove()
        try await coll.document("a").updateData(["k": "a", "sort": -2])
        limitToLastRecorder = limitToLast.record(options: Self.fromCache)
        snapshot = try await limitRecorder.next()
        #expect(snapshot.data == [["k": "a", "sort": -2], ["k": "d", "sort": -1]])
        #expect(snapshot.metadata.hasPendingWrites)
        snapshot = try await limitToLastRecorder.next()
        #expect(snapshot.data == [["k": "d", "sort": -1], ["k": "a", "sort": -2]])
        // We listened to the limitToLast query after the update was acknowledged.
        #expect(!snapshot.metadata.hasPendingWrites)
        limitRecorder.remove()
        limitToLastRecorder.remove()
    }

    /// `testCanListenToDefaultSourceFirstAndThenCache`
    @Test func canListenToDefaultSourceFirstAndThenCache() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        let query = coll.whereField("sort", isGreaterThanOrEqualTo: 1).order(by: "sort")
        // Listen to the query with default options, which also populates the cache.
        let defaultRecorder = query.record()
        var snapshot = try await defaultRecorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1]])
        #expect(!snapshot.metadata.isFromCache)
        // Listen to the same query from the cache.
        let cacheRecorder = query.record(options: Self.fromCache)
        snapshot = try await cacheRecorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1]])
        #expect(!snapshot.metadata.isFromCache)  // in sync with the server through the default listener
        try await barrier(coll.firestore)
        #expect(defaultRecorder.received == 1)
        #expect(cacheRecorder.received == 1)
        defaultRecorder.remove()
        cacheRecorder.remove()
    }

    /// `testCanListenToCacheSourceFirstAndThenDefault`
    @Test func canListenToCacheSourceFirstAndThenDefault() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        let query = coll.whereField("sort", isNotEqualTo: 0).order(by: "sort")
        let cacheRecorder = query.record(options: Self.fromCache)
        var snapshot = try await cacheRecorder.next()
        #expect(snapshot.data == [])  // the cache is empty
        #expect(snapshot.metadata.isFromCache)
        // Listen to the same query from the server.
        let defaultRecorder = query.record()
        snapshot = try await defaultRecorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1]])
        #expect(!snapshot.metadata.isFromCache)
        // The default listener updates the cache, which raises a snapshot of the cache listener.
        snapshot = try await cacheRecorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1]])
        #expect(!snapshot.metadata.isFromCache)
        try await barrier(coll.firestore)
        #expect(defaultRecorder.received == 1)
        #expect(cacheRecorder.received == 2)
        defaultRecorder.remove()
        cacheRecorder.remove()
    }

    /// `testWillNotGetMetadataOnlyUpdatesIfListeningToCacheOnly`
    @Test func willNotGetMetadataOnlyUpdatesIfListeningToCacheOnly() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        _ = try await coll.getDocuments()
        let query = coll.whereField("sort", isNotEqualTo: 0).order(by: "sort")
        let recorder = query.record(options: Self.fromCacheWithMetadata)
        var snapshot = try await recorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1]])
        #expect(snapshot.metadata.isFromCache)
        // Do a local mutation.
        try await coll.addDocument(data: ["k": "c", "sort": 2])
        snapshot = try await recorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1], ["k": "c", "sort": 2]])
        #expect(snapshot.metadata.isFromCache)
        #expect(snapshot.metadata.hasPendingWrites)
        // Not listening to the server, the listener is not told when the server acknowledges the write.
        try await coll.firestore.waitForPendingWrites()
        try await barrier(coll.firestore)
        #expect(recorder.received == 2)
        recorder.remove()
    }

    /// `testWillHaveSynceMetadataUpdatesWhenListeningToBothCacheAndDefaultSource`
    @Test func willHaveSyncedMetadataUpdatesWhenListeningToBothCacheAndDefaultSource() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        _ = try await coll.getDocuments()
        let query = coll.whereField("sort", isNotEqualTo: 0).order(by: "sort")
        let cacheRecorder = query.record(options: Self.fromCacheWithMetadata)
        var snapshot = try await cacheRecorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1]])
        #expect(snapshot.metadata.isFromCache)
        // Listen to the same query from the server.
        let defaultRecorder = query.record(includeMetadataChanges: true)
        snapshot = try await defaultRecorder.next()
        #expect(snapshot.data == [["k": "b", "sort": 1]])
        #expect(snapshot.metadata.isFromCache)  // the first snapshot is raised from the cache
        snapshot = try await defaultRecorder.next()
        #expect(!snapshot.metadata.isFromCache)  // the second from the server's result
        // Listening to metadata changes, the cache listener is synced with the default one too.
        snapshot = try await cacheRecorder.next()
        #expect(!snapshot.metadata.isFromCache)

        // Do a local mutation: both listeners see it, then its acknowledgement.
        try await coll.addDocument(data: ["k": "c", "sort": 2])
        for recorder in [defaultRecorder, cacheRecorder] {
            snapshot = try await recorder.next()
            #expect(snapshot.data == [["k": "b", "sort": 1], ["k": "c", "sort": 2]])
            #expect(snapshot.metadata.hasPendingWrites)
            #expect(!snapshot.metadata.isFromCache)
            snapshot = try await recorder.next()
            #expect(!snapshot.metadata.hasPendingWrites)
            #expect(!snapshot.metadata.isFromCache)
        }
        try await barrier(coll.firestore)
        #expect(defaultRecorder.received == 4)
        #expect(cacheRecorder.received == 4)
        defaultRecorder.remove()
        cacheRecorder.remove()
    }

    /// `testCanUnlistenToDefaultSourceWhileStillListeningToCache`
    @Test func canUnlistenToDefaultSourceWhileStillListeningToCache() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        let query = coll.whereField("sort", isNotEqualTo: 0).order(by: "sort")
        let defaultRecorder = query.record()
        _ = try await defaultRecorder.next()
        let cacheRecorder = query.record(options: Self.fromCache)
        _ = try await cacheRecorder.next()
        // Un-listen to the default listener.
        defaultRecorder.remove()
        // Add a document: the cache listener works as expected.
        try await coll.addDocument(data: ["k": "c", "sort": -1])
        let snapshot = try await cacheRecorder.next()
        #expect(snapshot.data == [["k": "c", "sort": -1], ["k": "b", "sort": 1]])
        try await barrier(coll.firestore)
        #expect(defaultRecorder.received == 1)
        #expect(cacheRecorder.received == 2)
        cacheRecorder.remove()
    }

    /// `testCanUnlistenToCacheSourceWhileStillListeningToServer`
    @Test func canUnlistenToCacheSourceWhileStillListeningToServer() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        let query = coll.whereField("sort", isNotEqualTo: 0).order(by: "sort")
        let defaultRecorder = query.record()
        _ = try await defaultRecorder.next()
        let cacheRecorder = query.record(options: Self.fromCache)
        _ = try await cacheRecorder.next()
        // Un-listen to the cache.
        cacheRecorder.remove()
        // Add a document: the default listener works as expected.
        try await coll.addDocument(data: ["k": "c", "sort": -1])
        let snapshot = try await defaultRecorder.next()
        #expect(snapshot.data == [["k": "c", "sort": -1], ["k": "b", "sort": 1]])
        try await barrier(coll.firestore)
        #expect(cacheRecorder.received == 1)
        #expect(defaultRecorder.received == 2)
        defaultRecorder.remove()
    }

    /// `testCanListenUnlistenRelistenToSameQueryWithDifferentSourceOptions`
    @Test func canListenUnlistenRelistenToSameQueryWithDifferentSourceOptions() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        let query = coll.whereField("sort", isGreaterThan: 0).order(by: "sort")
        // Listen with default options, which also populates the cache.
        var defaultRecorder = query.record()
        #expect(try await defaultRecorder.next().data == [["k": "b", "sort": 1]])
        // Listen to the same query from the cache.
        var cacheRecorder = query.record(options: Self.fromCache)
        #expect(try await cacheRecorder.next().data == [["k": "b", "sort": 1]])

        // Un-listen to the default listener, add a doc and re-listen.
        defaultRecorder.remove()
        try await coll.addDocument(data: ["k": "c", "sort": 2])
        let expected: [[String: FirestoreValue]] = [["k": "b", "sort": 1], ["k": "c", "sort": 2]]
        #expect(try await cacheRecorder.next().data == expected)
        defaultRecorder = query.record()
        #expect(try await defaultRecorder.next().data == expected)

        // Un-listen to the cache, update a doc, then re-listen to the cache.
        cacheRecorder.remove()
        try await coll.document("b").updateData(["k": "b", "sort": 3])
        let updated: [[String: FirestoreValue]] = [["k": "c", "sort": 2], ["k": "b", "sort": 3]]
        #expect(try await defaultRecorder.next().data == updated)
        cacheRecorder = query.record(options: Self.fromCache)
        #expect(try await cacheRecorder.next().data == updated)
        try await barrier(coll.firestore)
        #expect(defaultRecorder.received == 2)
        #expect(cacheRecorder.received == 1)
        defaultRecorder.remove()
        cacheRecorder.remove()
    }

    /// `testCanListenToCompositeIndexQueriesFromCache`
    @Test func canListenToCompositeIndexQueriesFromCache() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        _ = try await coll.getDocuments()
        let query = coll.whereField("k", isLessThanOrEqualTo: "a").whereField("sort", isGreaterThanOrEqualTo: 0)
        let recorder = query.record(options: Self.fromCache)
        #expect(try await recorder.next().data == [["k": "a", "sort": 0]])
        try await barrier(coll.firestore)
        #expect(recorder.received == 1)
        recorder.remove()
    }

    /// `testCanRaiseInitialSnapshotFromCachedEmptyResults`
    @Test func canRaiseInitialSnapshotFromCachedEmptyResults() async throws {
        let coll = try await collection([:])
        #expect(try await coll.getDocuments().data == [])  // populate the cache with an empty result.
        let recorder = coll.record(options: Self.fromCache)
        let snapshot = try await recorder.next()
        #expect(snapshot.metadata.isFromCache)
        #expect(snapshot.data == [])
        recorder.remove()
    }

    /// `testWillNotBeTriggeredByTransactionsWhileListeningToCache`
    @Test func willNotBeTriggeredByTransactionsWhileListeningToCache() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0]])
        let recorder = coll.record(options: Self.fromCache)
        #expect(try await recorder.next().data == [])
        // A transaction writes without raising local events.
        let doc = coll.document("t")
        try await coll.firestore.runTransaction { transaction in
            transaction.setData(["k": "a"], forDocument: doc)
        }
        try await barrier(coll.firestore)
        #expect(recorder.received == 1)
        recorder.remove()
    }

    /// `testSharesServerSideUpdatesWhenListeningToBothCacheAndDefault`
    @Test func sharesServerSideUpdatesWhenListeningToBothCacheAndDefault() async throws {
        let coll = try await collection(["a": ["k": "a", "sort": 0], "b": ["k": "b", "sort": 1]])
        let query = coll.whereField("sort", isGreaterThan: 0).order(by: "sort")
        let defaultRecorder = query.record()
        #expect(try await defaultRecorder.next().data == [["k": "b", "sort": 1]])
        let cacheRecorder = query.record(options: Self.fromCache)
        #expect(try await cacheRecorder.next().data == [["k": "b", "sort": 1]])
        // A transaction writes without raising local events, like a server-side update.
        let doc = coll.document()
        try await coll.firestore.runTransaction { transaction in
            transaction.setData(["k": "c", "sort": 2], forDocument: doc)
        }
        let expected: [[String: FirestoreValue]] = [["k": "b", "sort": 1], ["k": "c", "sort": 2]]
        for recorder in [defaultRecorder, cacheRecorder] {
            let snapshot = try await recorder.next()
            #expect(snapshot.data == expected)
            #expect(!snapshot.metadata.isFromCache)
        }
        try await barrier(coll.firestore)
        #expect(defaultRecorder.received == 2)
        #expect(cacheRecorder.received == 2)
        defaultRecorder.remove()
        cacheRecorder.remove()
    }
    // MARK: - Beyond the SDK's tests

    /// A cache listener is never checked by the security rules (it sends the backend nothing).
    @Test func cacheListenerIsNotCheckedByRules() async throws {
        let backend = LocalFirestoreBackend(rules: { $0.operation != .list && $0.operation != .get })
        let db = try makeFirestore(backend: backend)
        let coll = db.collection("coll")
        let denied = coll.record()
        await #expect(throws: FirestoreError(.permissionDenied, "Missing or insufficient permissions.")) {
            _ = try await denied.next()
        }
        let recorder = coll.record(options: Self.fromCache)
        var snapshot = try await recorder.next()
        #expect(snapshot.isEmpty)
        #expect(snapshot.metadata.isFromCache)
        try await coll.document("a").setData(["k": "a"])
        snapshot = try await recorder.next()
        #expect(snapshot.data == [["k": "a"]])
        #expect(snapshot.metadata.hasPendingWrites)
        recorder.remove()
    }

    /// A cache listener makes no read of the backend and gets no error when the backend cannot be reached.
    @Test func cacheListenerNeverReadsTheBackend() async throws {
        let backend = UnreachableReadsBackend()
        let app = try TestApp.make(
            libraries: [FirestoreLibrary.self], overrides: [.instance(backend, as: FirestoreBackend.self)])
        let db = try Firestore.firestore(app: app)
        let queryRecorder = db.collection("coll").whereField("k", isEqualTo: "a").record(options: Self.fromCache)
        let documentRecorder = db.document("coll/a").record(options: Self.fromCacheWithMetadata)
        let querySnapshot = try await queryRecorder.next()
        #expect(querySnapshot.isEmpty)
        #expect(querySnapshot.metadata.isFromCache)
        let documentSnapshot = try await documentRecorder.next()
        #expect(!documentSnapshot.exists)
        #expect(documentSnapshot.metadata.isFromCache)
        let defaultRecorder = db.collection("coll").record()
        await #expect(throws: FirestoreError.self) { _ = try await defaultRecorder.next() }  // it does read
        try await barrier(db)
        #expect(queryRecorder.received == 1)
        #expect(documentRecorder.received == 1)
        #expect(backend.reads == 1)  // the default listener's only
        queryRecorder.remove()
        documentRecorder.remove()
    }

    /// `snapshots(options:)` streams from the cache and removes its listener when the loop ends.
    @Test func snapshotsWithOptionsStreamFromTheCache() async throws {
        let db = try makeLRUFirestore()
        let coll = db.collection("coll")
        var iterator = coll.snapshots(options: Self.fromCache).makeAsyncIterator()
        let first = try #require(try await iterator.next())
        #expect(first.isEmpty)
        #expect(first.metadata.isFromCache)
        try await coll.document("a").setData(["k": "a"])
        let second = try #require(try await iterator.next())
        #expect(second.data == [["k": "a"]])
        var documents = coll.document("a").snapshots(options: Self.fromCache).makeAsyncIterator()
        #expect(try await documents.next()?.data() == ["k": "a"])
        #expect(db.engine.listenerCount == 2)
        _ = consume iterator
        _ = consume documents
        try await waitUntil { db.engine.listenerCount == 0 }
    }

    /// A one-shot read of the backend brings documents into the cache: a cache listener on them sees them.
    @Test func cacheListenerSeesWhatAReadBrings() async throws {
        let coll = try await collection(["a": ["k": "a"]])
        let recorder = coll.record(options: Self.fromCache)
        #expect(try await recorder.next().isEmpty)
        _ = try await coll.getDocuments()
        let snapshot = try await recorder.next()
        #expect(snapshot.data == [["k": "a"]])
        #expect(snapshot.metadata.isFromCache)
        recorder.remove()
    }
}

extension Query {
    /// A recorder of this query's snapshots, listening with `options`.
    func record(options: SnapshotListenOptions) -> Recorder<QuerySnapshot> {
        Recorder { addSnapshotListener(options: options, listener: $0) }
    }
}

extension DocumentReference {
    /// A recorder of this document's snapshots, listening with `options`.
    func record(options: SnapshotListenOptions) -> Recorder<DocumentSnapshot> {
        Recorder { addSnapshotListener(options: options, listener: $0) }
    }
}

extension QuerySnapshot {
    /// Each document's data, in order (the SDK tests' `FIRQuerySnapshotGetData`).
    var data: [[String: FirestoreValue]] { documents.map { $0.data() } }
}

/// A backend whose reads fail with `unavailable` (and are counted); commits and the watch work.
final class UnreachableReadsBackend: FirestoreBackend {
    private let inner = LocalFirestoreBackend()
    private let readCount = Locked(0)

    /// How many reads (and listen authorizations) were attempted.
    var reads: Int { readCount.withLock { $0 } }

    private func unreachable() -> FirestoreError {
        readCount.withLock { $0 += 1 }
        return FirestoreError(.unavailable, "The backend cannot be reached.")
    }

    func document(at path: String, database: DatabaseID, caller: FirestoreCaller?) throws(FirestoreError)
        -> BackendRead<BackendDocument?>
    {
        throw unreachable()
    }

    func documents(in target: BackendTarget, database: DatabaseID, caller: FirestoreCaller?) throws(FirestoreError)
        -> BackendRead<[BackendDocument]>
    {
        throw unreachable()
    }

    func authorizeListen(to target: BackendTarget, database: DatabaseID, caller: FirestoreCaller)
        throws(FirestoreError)
    {
        throw unreachable()
    }

    func commit(_ writes: [BackendWrite], database: DatabaseID, caller: FirestoreCaller?, origin: String?)
        throws(FirestoreError) -> BackendCommitResult
    {
        try inner.commit(writes, database: database, caller: caller, origin: origin)
    }

    func watch(database: DatabaseID, _ onBatch: @escaping @Sendable (BackendChangeBatch) -> Void) -> BackendWatch {
        inner.watch(database: database, onBatch)
    }
}
