// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// Two clients (two apps) over one backend.
@Suite(.timeLimit(.minutes(3)))
struct MultiClientTests {
    @Test func writesOfOneClientReachTheOtherAsRemoteChanges() async throws {
        let (alice, bob) = try makeTwoClients()
        let recorder = alice.collection("rooms/lobby/messages").order(by: "sentAt").record(includeMetadataChanges: true)
        #expect(try await recorder.next().isEmpty)
        try await bob.collection("rooms/lobby/messages").document("m1").setData(["text": "hi", "sentAt": 1])
        let snapshot = try await recorder.next()
        #expect(snapshot.changeList() == ["added m1 -1 0"])
        #expect(!snapshot.metadata.hasPendingWrites)  // a remote change: never pending for alice
        recorder.remove()
    }

    @Test func eachClientSeesItsOwnWriteAsPendingThenAcknowledged() async throws {
        let (alice, bob) = try makeTwoClients()
        let aliceRecorder = alice.document("c/d").record(includeMetadataChanges: true)
        let bobRecorder = bob.document("c/d").record(includeMetadataChanges: true)
        #expect(try await aliceRecorder.next().exists == false)
        #expect(try await bobRecorder.next().exists == false)
        try await alice.document("c/d").setData(["n": 1])
        #expect(try await aliceRecorder.next().metadata.hasPendingWrites)
        #expect(try await aliceRecorder.next().metadata.hasPendingWrites == false)
        let remote = try await bobRecorder.next()
        #expect(remote.get("n") == 1)
        #expect(!remote.metadata.hasPendingWrites)
        aliceRecorder.remove()
        bobRecorder.remove()
    }

    @Test func concurrentWritersConverge() async throws {
        let (alice, bob) = try makeTwoClients()
        let aliceRecorder = alice.collection("c").record()
        #expect(try await aliceRecorder.next().isEmpty)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let client = index.isMultiple(of: 2) ? alice : bob
                    try await client.document("c/d\(index % 10)").setData(["n": .integer(Int64(index))])
                }
            }
            try await group.waitForAll()
        }
        try await alice.waitForPendingWrites()
        try await bob.waitForPendingWrites()
        let fromAlice = try await alice.collection("c").getDocuments().documents.map { $0.data() }
        let fromBob = try await bob.collection("c").getDocuments().documents.map { $0.data() }
        #expect(fromAlice == fromBob)
        #expect(fromAlice.count == 10)
        // The listener's final view matches the backend.
        var last = try await aliceRecorder.next()
        while last.documents.map({ $0.data() }) != fromAlice { last = try await aliceRecorder.next() }
        #expect(alice.engine.trackedDocumentCount == 0)
        aliceRecorder.remove()
    }

    @Test func remoteChangeToADocumentWithAPendingWriteKeepsTheLocalVersion() async throws {
        let (alice, bob) = try makeTwoClients()
        let doc = alice.document("c/d")
        try await doc.setData(["n": 0])
        let recorder = doc.record(includeMetadataChanges: true)
        #expect(try await recorder.next().get("n") == 0)
        await alice.disableNetwork()
        #expect(try await recorder.next().metadata.isFromCache)
        let write = Task { try await doc.updateData(["mine": true]) }
        let local = try await recorder.next()
        #expect(local.data() == ["n": 0, "mine": true])
        try await bob.document("c/d").updateData(["n": 5])
        await alice.enableNetwork()
        try await value(of: write)
        var latest = try await recorder.next()
        while latest.metadata.hasPendingWrites || latest.metadata.isFromCache {
            #expect(latest.data()?["mine"] == true)  // never loses the local write
            latest = try await recorder.next()
        }
        #expect(latest.data() == ["n": 5, "mine": true])
        recorder.remove()
    }

    @Test func bothClientsWatchTheBackendUntilTheirAppsAreDeleted() async throws {
        let backend = LocalFirestoreBackend()
        let registry = AppRegistry()
        try registry.register(FirestoreLibrary.self)
        let overrides: [Component] = [.instance(backend, as: FirestoreBackend.self)]
        let first = try registry.configure(name: "first", options: .testing, overrides: overrides)
        let second = try registry.configure(name: "second", options: .testing, overrides: overrides)
        let database = try Firestore.firestore(app: first).databaseID
        #expect(backend.watcherCount(database: database) == 0)  // an instance starts on first use, as in the SDK
        _ = try await Firestore.firestore(app: first).document("c/d").getDocument()
        _ = try await Firestore.firestore(app: second).document("c/d").getDocument()
        #expect(backend.watcherCount(database: database) == 2)
        await first.delete()
        #expect(backend.watcherCount(database: database) == 1)
        await second.delete()
        #expect(backend.watcherCount(database: database) == 0)
    }
}

/// The example of the FlintFirestore guide (FirestoreGuide.md), "Testing".
@Suite(.timeLimit(.minutes(3)))
struct DocumentationExampleTests {
    @Test func bobSeesAlicesMessage() async throws {
        let backend = LocalFirestoreBackend()
        let registry = AppRegistry()
        try registry.register(FirestoreLibrary.self)
        let overrides: [Component] = [.instance(backend, as: FirestoreBackend.self)]
        let alice = try Firestore.firestore(
            app: registry.configure(name: "alice", options: .testing, overrides: overrides))
        let bob = try Firestore.firestore(app: registry.configure(name: "bob", options: .testing, overrides: overrides))
        try await alice.collection("messages").addDocument(data: ["text": "hi"])
        // Bob's first snapshot may come before the message reaches his client, or already hold it.
        let seen = try await first(of: bob.collection("messages").snapshots.filter { !$0.isEmpty })
        #expect(seen.documents.map { $0.get("text") } == ["hi"])
    }
}
