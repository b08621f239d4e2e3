// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintTesting
import Testing

@testable import FlintFirestore

/// Write batches: atomicity, one snapshot, validation.
@Suite(.timeLimit(.minutes(3)))
struct BatchTests {
    @Test func batchWritesEverythingTogether() async throws {
        let db = try makeFirestore()
        try await db.document("c/b").setData(["n": 1])
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: db.document("c/a"))
        batch.updateData(["n": FieldValue.increment(1)], forDocument: db.document("c/b"))
        batch.setData(["extra": true], forDocument: db.document("c/a"), merge: true)
        batch.deleteDocument(db.document("c/missing"))
        try await batch.commit()
        let snapshot = try await db.collection("c").getDocuments()
        #expect(snapshot.documents.map { $0.data() } == [["n": 1, "extra": true], ["n": 2]])
    }

    @Test func batchFailingOneWriteWritesNothing() async throws {
        let db = try makeFirestore()
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: db.document("c/a"))
        batch.updateData(["n": 2], forDocument: db.document("c/missing"))
        let error = await #expect(throws: FirestoreError.self) { try await batch.commit() }
        #expect(error?.code == .notFound)
        #expect(try await db.document("c/a").getDocument().exists == false)
        #expect(try await db.collection("c").getDocuments().isEmpty)
    }

    @Test func listenersSeeTheWholeBatchInOneSnapshotThenItsRollback() async throws {
        let db = try makeFirestore()
        let recorder = db.collection("c").record()
        #expect(try await recorder.next().isEmpty)
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: db.document("c/a"))
        batch.setData(["n": 2], forDocument: db.document("c/b"))
        batch.updateData(["n": 3], forDocument: db.document("c/missing"))
        await #expect(throws: FirestoreError.self) { try await batch.commit() }
        #expect(try await recorder.next().changeList() == ["added a -1 0", "added b -1 1"])
        #expect(try await recorder.next().changeList() == ["removed a 0 -1", "removed b 0 -1"])
        recorder.remove()
    }

    @Test func invalidDataFailsTheCommitAndWritesNothing() async throws {
        let db = try makeFirestore()
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: db.document("c/a"))
        batch.setData(["bad": FieldValue.delete()], forDocument: db.document("c/b"))
        #expect(await firestoreCode { try await batch.commit() } == .invalidArgument)
        #expect(try await db.document("c/a").getDocument().exists == false)
    }

    @Test func referenceFromAnotherInstanceIsInvalid() async throws {
        let db = try makeFirestore()
        let other = try makeFirestore()
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: other.document("c/a"))
        #expect(await firestoreCode { try await batch.commit() } == .invalidArgument)
    }

    @Test func batchCanBeCommittedOnce() async throws {
        let db = try makeFirestore()
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: db.document("c/a"))
        try await batch.commit()
        #expect(await firestoreCode { try await batch.commit() } == .failedPrecondition)
    }

    @Test func emptyBatchCommitsAtOnce() async throws {
        let db = try makeFirestore()
        try await db.batch().commit()
    }
}
