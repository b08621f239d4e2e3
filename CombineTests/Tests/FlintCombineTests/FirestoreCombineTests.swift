// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Testing

@testable import FlintFirestore

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// A Firestore of an app of its own on the embedded backend.
func makeFirestore(backend: LocalFirestoreBackend = LocalFirestoreBackend()) throws -> (FlintApp, Firestore) {
    let app = try TestApp.make(
        libraries: [FirestoreLibrary.self], overrides: [.instance(backend, as: FirestoreBackend.self)])
    return (app, try Firestore.firestore(app: app))
}

@Suite("Firestore publishers", .timeLimit(.minutes(1)))
struct FirestorePublisherTests {
    @Test func documentSnapshotPublisherSendsEachVersionInOrder() async throws {
        let (_, db) = try makeFirestore()
        let document = db.document("rooms/lobby")
        let recorder = Recorder(document.snapshotPublisher())
        try await recorder.waitForValues(1)
        try await document.setData(["n": 1])
        try await recorder.waitForValues(2)
        try await document.setData(["n": 2])
        let snapshots = try await recorder.waitForValues(3)
        #expect(snapshots.map { $0.get("n")?.integerValue } == [nil, 1, 2])
        #expect(snapshots.first?.exists == false)
    }

    @Test func querySnapshotPublisherSendsEachResultInOrder() async throws {
        let (_, db) = try makeFirestore()
        let recorder = Recorder(db.collection("items").snapshotPublisher())
        try await recorder.waitForValues(1)
        try await db.document("items/a").setData(["n": 1])
        try await recorder.waitForValues(2)
        try await db.document("items/b").setData(["n": 2])
        let snapshots = try await recorder.waitForValues(3)
        #expect(snapshots.map(\.count) == [0, 1, 2])
    }

    @Test func cancellingRemovesTheListenerAndDeliversNothingMore() async throws {
        let (_, db) = try makeFirestore()
        let recorder = Recorder(db.collection("items").snapshotPublisher(includeMetadataChanges: true))
        try await recorder.waitForValues(1)
        #expect(db.engine.listenerCount == 1)
        recorder.cancel()
        try await waitUntil { db.engine.listenerCount == 0 }
        let before = recorder.values.count
        try await db.document("items/a").setData(["n": 1])
        #expect(recorder.values.count == before)
        #expect(recorder.completion == nil)
    }

    @Test func aPublisherRegistersNothingUntilSubscribed() async throws {
        let (_, db) = try makeFirestore()
        let publisher = db.document("rooms/lobby").snapshotPublisher()
        #expect(db.engine.listenerCount == 0)
        let one = Recorder(publisher)
        let two = Recorder(publisher)
        try await one.waitForValues(1)
        try await two.waitForValues(1)
        #expect(db.engine.listenerCount == 2)
        one.cancel()
        two.cancel()
        try await waitUntil { db.engine.listenerCount == 0 }
    }

    @Test func deletingTheAppFinishesThePublisher() async throws {
        let (app, db) = try makeFirestore()
        let recorder = Recorder(db.collection("items").snapshotPublisher())
        try await recorder.waitForValues(1)
        await app.delete()
        #expect(isFinished(try await recorder.waitForCompletion()))
        #expect(db.engine.listenerCount == 0)
    }

    @Test func aListenerErrorFailsThePublisherWithItsCode() async throws {
        let (_, db) = try makeFirestore(backend: LocalFirestoreBackend(rules: { $0.operation != .list }))
        let recorder = Recorder(db.collection("items").snapshotPublisher())
        let error = try await recorder.waitForFailure()
        #expect(error?.code == .permissionDenied)
        #expect(recorder.values.isEmpty)
        try await waitUntil { db.engine.listenerCount == 0 }
    }

    @Test func snapshotsInSyncPublisherSendsAtOnceAndAfterAChange() async throws {
        let (_, db) = try makeFirestore()
        let query = Recorder(db.collection("items").snapshotPublisher())
        try await query.waitForValues(1)
        let inSync = Recorder(db.snapshotsInSyncPublisher())
        try await inSync.waitForValues(1)
        #expect(db.engine.inSyncListenerCount == 1)
        try await db.document("items/a").setData(["n": 1])
        try await inSync.waitForValues(2)
        inSync.cancel()
        query.cancel()
        try await waitUntil { db.engine.inSyncListenerCount == 0 && db.engine.listenerCount == 0 }
    }

    @Test func deletingTheAppFinishesSnapshotsInSync() async throws {
        let (app, db) = try makeFirestore()
        let inSync = Recorder(db.snapshotsInSyncPublisher())
        try await inSync.waitForValues(1)
        await app.delete()
        #expect(isFinished(try await inSync.waitForCompletion()))
    }
}

@Suite("Firestore futures", .timeLimit(.minutes(1)))
struct FirestoreFutureTests {
    @Test func setDataThenGetDocument() async throws {
        let (_, db) = try makeFirestore()
        let document = db.document("rooms/lobby")
        try await outcome(of: document.setData(["n": 1]) as Future<Void, FirestoreError>).get()
        try await outcome(of: document.setData(["m": 2], merge: true) as Future<Void, FirestoreError>).get()
        let snapshot = try await outcome(of: document.getDocument(source: .server) as Future<_, _>).get()
        #expect(snapshot.get("n")?.integerValue == 1)
        #expect(snapshot.get("m")?.integerValue == 2)
    }

    @Test func updateDataOfAMissingDocumentFailsWithNotFound() async throws {
        let (_, db) = try makeFirestore()
        let future: Future<Void, FirestoreError> = db.document("rooms/none").updateData(["n": 1])
        #expect(try await outcome(of: future).failure?.code == .notFound)
    }

    /// Calls the futures from a synchronous context, where they are the only candidates, and drops them.
    private func writeWithoutSubscribing(_ db: Firestore) {
        db.document("rooms/started").setData(["n": 1])
        db.collection("rooms").document("deleted").delete()
    }

    @Test func aFutureStartsWithoutASubscriber() async throws {
        let (_, db) = try makeFirestore()
        writeWithoutSubscribing(db)
        try await waitUntil { (try? await db.document("rooms/started").getDocument().exists) == true }
    }

    @Test func deleteGetDocumentsAndCommit() async throws {
        let (_, db) = try makeFirestore()
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: db.document("items/a"))
        batch.setData(["n": 2], forDocument: db.document("items/b"))
        try await outcome(of: batch.commit() as Future<Void, FirestoreError>).get()
        try await outcome(of: db.document("items/a").delete() as Future<Void, FirestoreError>).get()
        let snapshot = try await outcome(of: db.collection("items").getDocuments() as Future<_, _>).get()
        #expect(snapshot.documents.map(\.documentID) == ["b"])
    }

    @Test func runTransactionPublishesTheBlocksValue() async throws {
        let (_, db) = try makeFirestore()
        let counter = db.document("counters/a")
        try await counter.setData(["count": 41])
        let future: Future<Int64, FirestoreError> = db.runTransaction { transaction in
            let count = (try await transaction.getDocument(counter).get("count")?.integerValue ?? 0) + 1
            transaction.updateData(["count": .integer(count)], forDocument: counter)
            return count
        }
        #expect(try await outcome(of: future).get() == 42)
        #expect(try await counter.getDocument().get("count")?.integerValue == 42)
    }

    @Test func runTransactionFailsWithTheBlocksFirestoreError() async throws {
        let (_, db) = try makeFirestore()
        let future: Future<Int, FirestoreError> = db.runTransaction(maxAttempts: 0) { _ in 1 }
        #expect(try await outcome(of: future).failure?.code == .invalidArgument)
    }
}
