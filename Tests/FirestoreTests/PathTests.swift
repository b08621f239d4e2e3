// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// References, paths, collection groups and automatic IDs.
@Suite(.timeLimit(.minutes(3)))
struct PathTests {
    @Test func referencesExposeIDsPathsAndParents() throws {
        let db = try makeFirestore()
        let post = db.collection("users").document("ada").collection("posts").document("p1")
        #expect(post.path == "users/ada/posts/p1")
        #expect(post.documentID == "p1")
        #expect(post.parent.path == "users/ada/posts")
        #expect(post.parent.collectionID == "posts")
        #expect(post.parent.parent?.path == "users/ada")
        #expect(db.collection("users").parent == nil)
        #expect(db.document("users/ada") == db.collection("users").document("ada"))
    }

    @Test func documentPathWithOddSegmentsIsInvalid() async throws {
        let db = try makeFirestore()
        let error = await #expect(throws: FirestoreError.self) { try await db.document("users").getDocument() }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("even number of segments") == true)
    }

    @Test func collectionPathWithEvenSegmentsIsInvalid() async throws {
        let db = try makeFirestore()
        let error = await #expect(throws: FirestoreError.self) { try await db.collection("users/ada").getDocuments() }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("odd number of segments") == true)
    }

    @Test func emptySegmentsAreInvalid() async throws {
        let db = try makeFirestore()
        #expect(await firestoreCode { try await db.document("users//ada").setData(["a": 1]) } == .invalidArgument)
        #expect(await firestoreCode { try await db.collection("a//b").getDocuments() } == .invalidArgument)
    }

    @Test func invalidReferenceDeliversItsErrorToListeners() async throws {
        let db = try makeFirestore()
        let error = await #expect(throws: FirestoreError.self) {
            try await value(of: Task { for try await _ in db.document("odd").snapshots {} })
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func autoIDsAreTwentyAlphanumericCharacters() throws {
        let db = try makeFirestore()
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let ids = (0..<200).map { _ in db.collection("c").document().documentID }
        for id in ids {
            #expect(id.count == 20)
            #expect(id.allSatisfy(allowed.contains))
        }
        #expect(Set(ids).count == ids.count)
    }

    @Test func addDocumentWritesUnderAnAutoID() async throws {
        let db = try makeFirestore()
        let reference = try await db.collection("messages").addDocument(data: ["text": "hi"])
        #expect(reference.documentID.count == 20)
        #expect(try await reference.getDocument().get("text") == "hi")
    }

    @Test func collectionGroupMatchesCollectionsWithThatIDAtAnyDepth() async throws {
        let db = try makeFirestore()
        try await db.document("posts/top").setData(["n": 1])
        try await db.document("users/ada/posts/p1").setData(["n": 2])
        try await db.document("users/ada/drafts/p2").setData(["n": 3])
        try await db.document("groups/g/rooms/r/posts/p3").setData(["n": 4])
        let snapshot = try await db.collectionGroup("posts").order(by: "n").getDocuments()
        #expect(
            snapshot.documents.map(\.reference.path) == [
                "posts/top", "users/ada/posts/p1", "groups/g/rooms/r/posts/p3",
            ])
    }

    @Test func collectionGroupIDWithSlashIsInvalid() async throws {
        let db = try makeFirestore()
        let error = await #expect(throws: FirestoreError.self) {
            try await db.collectionGroup("users/posts").getDocuments()
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test func collectionGroupListenerSeesWritesAtAnyDepth() async throws {
        let db = try makeFirestore()
        let recorder = db.collectionGroup("posts").record()
        #expect(try await recorder.next().isEmpty)
        try await db.document("users/ada/posts/p1").setData(["n": 1])
        #expect(try await recorder.next().documents.map(\.reference.path) == ["users/ada/posts/p1"])
        try await db.document("x/y/posts/p2").setData(["n": 1])
        #expect(try await recorder.next().documents.map(\.reference.path) == ["users/ada/posts/p1", "x/y/posts/p2"])
        recorder.remove()
    }

    @Test func malformedFieldPathsAreInvalid() async throws {
        let db = try makeFirestore()
        for field in ["", ".a", "a.", "a..b", "a~b", "a*b", "a/b", "a[b", "a]b"] {
            #expect(
                await firestoreCode { try await db.collection("c").whereField(field, isEqualTo: 1).getDocuments() }
                    == .invalidArgument)
        }
    }

    /// The SDK's `ResourcePath::FromString`: `//` is invalid anywhere, also leading or trailing.
    @Test(arguments: ["//users/ada", "users/ada//", "//users", "users//", "a//b/c"])
    func doubleSlashesAnywhereAreInvalid(path: String) async throws {
        let db = try makeFirestore()
        let expected = FirestoreError(.invalidArgument, "Invalid path (\(path)). Paths must not contain // in them.")
        await #expect(throws: expected) { try await db.document(path).getDocument() }
        await #expect(throws: expected) { try await db.collection(path).getDocuments() }
    }
}
