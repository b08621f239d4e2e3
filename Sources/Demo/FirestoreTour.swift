// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFirestore

/// The Firestore part of the tour: a chat room listened to with `snapshots` in one app while a second app,
/// over the same local backend, posts, edits and deletes messages. Uses its own private registry, prints
/// only what does not change between runs (no automatic IDs or times) and deletes its apps at the end.
func firestoreTour() async throws {
    var narrator = Narrator()
    print("")
    print("Flint Firestore: a chat room on the local engine")

    narrator.section(
        "Two apps, one backend",
        "Each app gets its own Firestore client; overriding the FirestoreBackend component with one shared LocalFirestoreBackend makes them two clients of one database."
    )
    let registry = AppRegistry()
    try registry.register(FirestoreLibrary.self)
    let backend = LocalFirestoreBackend()
    let shared: [Component] = [.instance(backend, as: FirestoreBackend.self)]
    let aliceApp = try registry.configure(name: "alice", options: DemoOptions.standard, overrides: shared)
    let bobApp = try registry.configure(name: "bob", options: DemoOptions.standard, overrides: shared)
    let alice = try Firestore.firestore(app: aliceApp)
    let bob = try Firestore.firestore(app: bobApp)
    narrator.show(
        "Firestore.firestore(app: alice) → \(alice.databaseID), Firestore.firestore(app: bob) → \(bob.databaseID)")
    narrator.show(
        "two clients: \(alice !== bob); Firestore.firestore(app: alice) again is the same instance: "
            + "\(try Firestore.firestore(app: aliceApp) === alice)")

    narrator.section(
        "Listen to the room with snapshots",
        "alice iterates lobby.order(by: \"sentAt\").snapshots(includeMetadataChanges: true); the first snapshot lists what is there, later ones list changes."
    )
    let aliceLobby = alice.collection("rooms/lobby/messages")
    let bobLobby = bob.collection("rooms/lobby/messages")
    var room = aliceLobby.order(by: "sentAt").snapshots(includeMetadataChanges: true).makeAsyncIterator()
    try await describe(room.next(), as: "first snapshot", narrator)

    narrator.section(
        "bob posts from the other app",
        "bob's writes reach alice as remote changes: never pending on alice's side.")
    let hello = try await bobLobby.addDocument(data: ["from": "bob", "text": "Hello", "sentAt": 1])
    try await describe(room.next(), as: "bob.addDocument(\"Hello\")", narrator)
    try await bobLobby.addDocument(data: ["from": "bob", "text": "Anyone here?", "sentAt": 2])
    try await describe(room.next(), as: "bob.addDocument(\"Anyone here?\")", narrator)

    narrator.section(
        "alice answers",
        "A local write shows at once with hasPendingWrites: true; the backend's acknowledgement follows as a metadata-only change (listed with includeMetadataChanges)."
    )
    try await aliceLobby.addDocument(data: ["from": "alice", "text": "Hi Bob!", "sentAt": 3])
    try await describe(room.next(), as: "alice.addDocument(\"Hi Bob!\")", narrator)
    try await describe(room.next(), as: "acknowledged", narrator)

    narrator.section(
        "bob edits, then deletes",
        "Changes list removed, then added, then modified documents, with their old and new positions.")
    try await bob.document(hello.path).updateData(["text": "Hello, world"])
    try await describe(room.next(), as: "bob.updateData(text)", narrator)
    let batch = bob.batch()
    batch.deleteDocument(hello)
    batch.setData(["from": "bob", "text": "(edited history)", "sentAt": 0], forDocument: bobLobby.document())
    try await batch.commit()
    try await describe(room.next(), as: "bob's batch: delete \"Hello, world\", add a message at sentAt 0", narrator)

    narrator.section(
        "Queries and a transaction",
        "One-shot reads see the same documents; a transaction reads before it writes and retries when another client changed what it read."
    )
    let lastTwo = try await aliceLobby.order(by: "sentAt").limit(toLast: 2).getDocuments()
    narrator.show(
        "order(by: \"sentAt\").limit(toLast: 2): \(lastTwo.documents.map { text(of: $0) }.joined(separator: ", "))")
    let fromBob = try await aliceLobby.whereField("from", isEqualTo: "bob").count.getAggregation(source: .server)
    narrator.show("whereField(\"from\", isEqualTo: \"bob\").count: \(fromBob.count)")
    let counter = alice.document("rooms/lobby")
    try await counter.setData(["messages": 0])
    async let first = increment(counter)
    async let second = increment(bob.document("rooms/lobby"))
    _ = try await (first, second)
    narrator.show(
        "two concurrent transactions from alice and bob incrementing rooms/lobby.messages → "
            + "\(try await counter.getDocument().get("messages")?.integerValue ?? -1)")

    narrator.section(
        "Stop listening, delete the apps",
        "Dropping the iterator removes alice's listener; deleting an app terminates its Firestore clients.")
    _ = consume room
    await aliceApp.delete()
    await bobApp.delete()
    narrator.show("deleted alice and bob; registry apps left: \(registry.allApps.count)")
}

/// Prints a room snapshot: its size, metadata and every change with its positions.
private func describe(_ snapshot: QuerySnapshot?, as label: String, _ narrator: Narrator) throws {
    guard let snapshot else {
        narrator.show("\(label): the stream ended")
        return
    }
    narrator.show("\(label) → \(snapshot.count) message(s), hasPendingWrites \(snapshot.metadata.hasPendingWrites)")
    for change in snapshot.documentChanges(includeMetadataChanges: true) {
        narrator.detail(
            "\(change.type) \(text(of: change.document)) [\(change.oldIndex) → \(change.newIndex)]"
                + (change.document.metadata.hasPendingWrites ? " (pending)" : ""))
    }
}

/// `"Hello" (bob)`.
private func text(of message: QueryDocumentSnapshot) -> String {
    "\"\(message.get("text")?.stringValue ?? "?")\" (\(message.get("from")?.stringValue ?? "?"))"
}

/// Adds one to `messages` in a transaction.
private func increment(_ counter: DocumentReference) async throws {
    try await counter.firestore.runTransaction { transaction in
        let snapshot = try await transaction.getDocument(counter)
        let count = snapshot.get("messages")?.integerValue ?? 0
        transaction.updateData(["messages": .integer(count + 1)], forDocument: counter)
    }
}
