// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// A change of the signed-in user (observed through `AuthInterop.addUserChangeListener`): the previous
/// user's pending writes are cancelled for their callers and leave the new user's view; the queue is per user.
@Suite(.timeLimit(.minutes(3)))
struct UserChangeTests {
    private let backend = LocalFirestoreBackend()
    private let auth = FakeAuth(userID: "u1")

    private func makeClient() throws -> Firestore {
        try makeFirestore(backend: backend, overrides: auth.components)
    }

    /// Makes an offline write and waits until `recorder` shows it applied locally; returns its task.
    private func writeOffline(_ db: Firestore, _ recorder: Recorder<DocumentSnapshot>) async throws -> Task<
        Void, any Error
    > {
        let write = Task { try await db.document("c/d").setData(["n": 1]) }
        while try await recorder.next().exists == false {}
        return write
    }

    @Test func thePreviousUsersPendingWriteFailsWithCancelled() async throws {
        let db = try makeClient()
        await db.disableNetwork()
        let recorder = db.document("c/d").record()
        _ = try await recorder.next()
        let write = try await writeOffline(db, recorder)
        auth.simulateSignIn(userID: "u2")
        #expect(await firestoreCode { try await value(of: write) } == .cancelled)
        recorder.remove()
    }

    @Test func waitForPendingWritesIsCancelledByAUserChange() async throws {
        let db = try makeClient()
        await db.disableNetwork()
        let recorder = db.document("c/d").record()
        _ = try await recorder.next()
        _ = try await writeOffline(db, recorder)
        let waiting = Task { try await db.waitForPendingWrites() }
        try await waitUntil { db.engine.waiterCount == 1 }
        auth.simulateSignOut()
        do {
            try await value(of: waiting)
            Issue.record("waitForPendingWrites() returned")
        } catch let error as FirestoreError {
            #expect(error.code == .cancelled)
            #expect(error.message == "'waitForPendingWrites' callback is cancelled due to a user change.")
        }
        recorder.remove()
    }

    @Test func theNewUsersViewExcludesThePreviousUsersWrites() async throws {
        let db = try makeClient()
        await db.disableNetwork()
        let recorder = db.document("c/d").record()
        _ = try await recorder.next()
        _ = try await writeOffline(db, recorder)
        auth.simulateSignIn(userID: "u2")
        #expect(try await recorder.next().exists == false)
        #expect(await firestoreCode { try await db.document("c/d").getDocument(source: .cache) } == .unavailable)
        #expect(db.engine.pendingWriteCount == 0)
        await db.enableNetwork()
        try await db.waitForPendingWrites()
        #expect(try await db.document("c/d").getDocument(source: .server).exists == false)  // never sent for u2
        recorder.remove()
    }

    @Test func thePreviousUsersWritesComeBackWhenTheySignInAgain() async throws {
        let db = try makeClient()
        await db.disableNetwork()
        let recorder = db.document("c/d").record()
        _ = try await recorder.next()
        _ = try await writeOffline(db, recorder)
        auth.simulateSignIn(userID: "u2")
        #expect(try await recorder.next().exists == false)
        auth.simulateSignIn(userID: "u1")
        let back = try await recorder.next()
        #expect(back.get("n") == 1)
        #expect(back.metadata.hasPendingWrites)
        await db.enableNetwork()
        try await db.waitForPendingWrites()
        #expect(try await db.document("c/d").getDocument(source: .server).get("n") == 1)
        recorder.remove()
    }

    @Test func theUserChangeListenerIsRemovedWhenTheAppIsDeleted() async throws {
        let app = try TestApp.make(
            libraries: [FirestoreLibrary.self],
            overrides: [.instance(backend, as: FirestoreBackend.self)] + auth.components)
        let db = try Firestore.firestore(app: app)
        #expect(auth.userChangeListenerCount == 0)  // not started yet
        _ = try await db.collection("c").getDocuments()
        #expect(auth.userChangeListenerCount == 1)
        await app.delete()
        #expect(auth.userChangeListenerCount == 0)
    }
}
