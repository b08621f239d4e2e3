// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// Security rules of the local backend, with the caller's uid from the app's Auth.
@Suite(.timeLimit(.minutes(3)))
struct RulesTests {
    /// Everybody reads; only the owner (field `owner`) writes.
    static let ownerRules: LocalFirestoreBackend.Rules = { request in
        switch request.operation {
        case .get, .list:
            return true
        case .create:
            return request.uid != nil && request.requestData?["owner"] == .string(request.uid!)
        case .update, .delete:
            return request.uid != nil && request.resourceData?["owner"] == .string(request.uid!)
        }
    }

    private func client(_ backend: LocalFirestoreBackend, auth: FakeAuth, name: String) throws -> Firestore {
        try makeFirestore(backend: backend, name: name, overrides: auth.components)
    }

    @Test func ownerMayWriteOthersMayNot() async throws {
        let backend = LocalFirestoreBackend(rules: Self.ownerRules)
        let alice = try client(backend, auth: FakeAuth(userID: "alice"), name: "alice")
        let bob = try client(backend, auth: FakeAuth(userID: "bob"), name: "bob")
        try await alice.document("notes/n1").setData(["owner": "alice", "text": "mine"])
        let error = await #expect(throws: FirestoreError.self) {
            try await bob.document("notes/n1").updateData(["text": "hacked"])
        }
        #expect(error == FirestoreError(.permissionDenied, "Missing or insufficient permissions."))
        #expect(error?.code.rawValue == 7)
        #expect(await firestoreCode { try await bob.document("notes/n1").delete() } == .permissionDenied)
        try await alice.document("notes/n1").updateData(["text": "edited"])
        #expect(try await bob.document("notes/n1").getDocument().get("text") == "edited")
    }

    @Test func signedOutCallerCannotCreate() async throws {
        let backend = LocalFirestoreBackend(rules: Self.ownerRules)
        let nobody = try client(backend, auth: FakeAuth(userID: nil), name: "nobody")
        #expect(
            await firestoreCode { try await nobody.document("notes/n").setData(["owner": "x"]) } == .permissionDenied)
    }

    @Test func appWithoutAuthIsUnauthenticated() async throws {
        let seen = Locked<[String?]>([])
        let backend = LocalFirestoreBackend(rules: { request in
            seen.withLock { $0.append(request.uid) }
            return true
        })
        let db = try makeFirestore(backend: backend)
        try await db.document("c/d").setData(["n": 1])
        #expect(seen.withLock { $0 } == [nil])
    }

    @Test func uidComesFromALocalIDTokenWhenThereIsOne() async throws {
        struct Claims: Encodable { var sub: String }
        let seen = Locked<[String?]>([])
        let backend = LocalFirestoreBackend(rules: { request in
            seen.withLock { $0.append(request.uid) }
            return true
        })
        let auth = FakeAuth(userID: "getUserID-uid", token: LocalJWT.encode(Claims(sub: "token-uid")))
        let db = try client(backend, auth: auth, name: "jwt")
        try await db.document("c/d").setData(["n": 1])
        #expect(seen.withLock { $0 } == ["token-uid"])
    }

    @Test func tokenFailureMakesTheWriteUnauthenticated() async throws {
        let auth = FakeAuth(userID: "alice")
        auth.getTokenError = FakeError("offline")
        let db = try client(LocalFirestoreBackend(rules: { _ in true }), auth: auth, name: "failing")
        #expect(await firestoreCode { try await db.document("c/d").setData(["n": 1]) } == .unauthenticated)
    }

    @Test func appCheckTokenReachesTheRules() async throws {
        let seen = Locked<[String?]>([])
        let backend = LocalFirestoreBackend(rules: { request in
            seen.withLock { $0.append(request.appCheckToken) }
            return true
        })
        let appCheck = FakeAppCheck(token: "attested")
        let db = try makeFirestore(backend: backend, overrides: appCheck.components)
        try await db.document("c/d").setData(["n": 1])
        #expect(seen.withLock { $0 } == ["attested"])
    }

    @Test func rulesSeeTheOperationPathAndData() async throws {
        let seen = Locked<[RulesRequest]>([])
        let backend = LocalFirestoreBackend(rules: { request in
            seen.withLock { $0.append(request) }
            return true
        })
        let db = try makeFirestore(backend: backend)
        try await db.document("c/d").setData(["n": 1, "ref": .reference(db.document("a/b"))])
        try await db.document("c/d").updateData(["n": 2])
        _ = try await db.document("c/d").getDocument()
        _ = try await db.collection("c").getDocuments()
        try await db.document("c/d").delete()
        let requests = seen.withLock { $0 }
        #expect(requests.map(\.operation) == [.create, .update, .get, .list, .delete])
        #expect(requests.map(\.path) == ["c/d", "c/d", "c/d", "c", "c/d"])
        #expect(requests[0].resourceData == nil)
        #expect(requests[0].requestData?["ref"] == "projects/flint-test/databases/(default)/documents/a/b")
        #expect(requests[1].resourceData?["n"] == 1)
        #expect(requests[1].requestData?["n"] == 2)
        #expect(requests[4].requestData == nil)
    }

    @Test func deniedListenDeliversPermissionDenied() async throws {
        let backend = LocalFirestoreBackend(rules: { $0.operation != .list && $0.operation != .get })
        let db = try makeFirestore(backend: backend)
        let queryError = await #expect(throws: FirestoreError.self) {
            try await value(of: Task { for try await _ in db.collection("c").snapshots {} })
        }
        #expect(queryError?.code == .permissionDenied)
        let documentError = await #expect(throws: FirestoreError.self) {
            try await value(of: Task { for try await _ in db.document("c/d").snapshots {} })
        }
        #expect(documentError?.code == .permissionDenied)
        #expect(await firestoreCode { try await db.document("c/d").getDocument() } == .permissionDenied)
        #expect(db.engine.listenerCount == 0)
    }

    @Test func rulesEvaluateCollectionGroupListsWithAWildcardPath() async throws {
        let paths = Locked<[String]>([])
        let backend = LocalFirestoreBackend(rules: { request in
            paths.withLock { $0.append(request.path) }
            return true
        })
        let db = try makeFirestore(backend: backend)
        _ = try await db.collectionGroup("posts").getDocuments()
        #expect(paths.withLock { $0 } == ["**/posts"])
    }

    @Test func aDeniedWriteInABatchWritesNothing() async throws {
        let backend = LocalFirestoreBackend(rules: { $0.path != "c/forbidden" })
        let db = try makeFirestore(backend: backend)
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: db.document("c/allowed"))
        batch.setData(["n": 1], forDocument: db.document("c/forbidden"))
        #expect(await firestoreCode { try await batch.commit() } == .permissionDenied)
        backend.rules = nil
        #expect(try await db.collection("c").getDocuments().isEmpty)
    }
}
