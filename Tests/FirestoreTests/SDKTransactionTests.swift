// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// Ports of the Firebase Apple SDK's `Firestore/Example/Tests/Integration/API/FIRTransactionTests.mm`.
@Suite(.timeLimit(.minutes(1)))
struct SDKTransactionTests {
    /// FIRTransactionTests `testGetNonexistentDocumentThenFailPatch`: an update of a document the transaction
    /// read as missing fails with `invalidArgument` before anything is sent, and the block is not retried.
    @Test func getNonexistentDocumentThenFailPatch() async throws {
        let db = try makeFirestore()
        let doc = db.collection("towns").document()
        let attempts = Locked(0)
        let error = await #expect(throws: FirestoreError.self) {
            try await db.runTransaction { transaction in
                attempts.withLock { $0 += 1 }
                let snapshot = try await transaction.getDocument(doc)
                #expect(!snapshot.exists)
                transaction.updateData(["foo": "bar"], forDocument: doc)
                return true
            }
        }
        #expect(error == FirestoreError(.invalidArgument, "Can't update a document that doesn't exist."))
        #expect(attempts.withLock { $0 } == 1)
        #expect(try await doc.getDocument().exists == false)
    }

    /// As `testGetNonexistentDocumentThenFailPatch`, for a document that existed and was deleted before the
    /// transaction read it (the backend keeps the deleted document's version).
    @Test func getDeletedDocumentThenFailPatch() async throws {
        let db = try makeFirestore()
        let doc = db.collection("towns").document()
        try await doc.setData(["foo": "bar0"])
        try await doc.delete()
        let error = await #expect(throws: FirestoreError.self) {
            try await db.runTransaction { transaction in
                let snapshot = try await transaction.getDocument(doc)
                #expect(!snapshot.exists)
                transaction.updateData(["foo": "bar"], forDocument: doc)
            }
        }
        #expect(error == FirestoreError(.invalidArgument, "Can't update a document that doesn't exist."))
        #expect(try await doc.getDocument().exists == false)
    }

    /// As `testGetNonexistentDocumentThenFailPatch`, with a Codable-free `updateData` of a field path and
    /// after a read by another client: the read is what counts, not the backend's state at commit.
    @Test func getNonexistentDocumentThenFailPatchEvenIfCreatedMeanwhile() async throws {
        let (db, other) = try makeTwoClients()
        let doc = db.document("towns/sf")
        let error = await #expect(throws: FirestoreError.self) {
            try await db.runTransaction { transaction in
                _ = try await transaction.getDocument(doc)
                try await other.document("towns/sf").setData(["foo": "bar0"])
                transaction.updateData([FieldPath(["foo"]): "bar"], forDocument: doc)
            }
        }
        #expect(error?.code == .invalidArgument)
        #expect(try await doc.getDocument().get("foo") == "bar0")
    }
}
