// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// Snapshot listeners: document changes, their order and indexes, merging, metadata and acknowledgements.
@Suite(.timeLimit(.minutes(3)))
struct ListenerTests {
    @Test func firstSnapshotListsEveryDocumentAsAddedInQueryOrder() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["n": 3], "b": ["n": 1], "c": ["n": 2]])
        let recorder = items.order(by: "n").record()
        let first = try await recorder.next()
        #expect(first.ids == ["b", "c", "a"])
        #expect(first.changeList() == ["added b -1 0", "added c -1 1", "added a -1 2"])
        #expect(first.count == 3)
        recorder.remove()
    }

    @Test func documentListenerOnAMissingDocumentFiresWithExistsFalse() async throws {
        let db = try makeFirestore()
        let recorder = db.document("users/nobody").record()
        let snapshot = try await recorder.next()
        #expect(!snapshot.exists)
        #expect(snapshot.data() == nil)
        #expect(snapshot.documentID == "nobody")
        recorder.remove()
    }

    @Test func laterChangesListRemovedThenAddedThenModifiedWithRunningIndexes() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["n": 1], "b": ["n": 2], "c": ["n": 3, "tag": "x"], "d": ["n": 4]])
        let recorder = items.order(by: "n").record()
        #expect(try await recorder.next().ids == ["a", "b", "c", "d"])
        let batch = db.batch()
        batch.deleteDocument(items.document("b"))
        batch.setData(["n": 2.5], forDocument: items.document("e"))
        batch.updateData(["n": 0], forDocument: items.document("d"))
        batch.updateData(["tag": "y"], forDocument: items.document("c"))
        try await batch.commit()
        let snapshot = try await recorder.next()
        #expect(snapshot.changeList() == ["removed b 1 -1", "added e -1 1", "modified d 3 0", "modified c 3 3"])
        #expect(snapshot.ids == ["d", "a", "e", "c"])
        recorder.remove()
    }

    @Test func applyingTheChangesToThePreviousDocumentsGivesTheNewOnes() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(
            items, Dictionary(uniqueKeysWithValues: (0..<12).map { ("d\($0)", ["n": .integer(Int64($0 * 10))]) }))
        let recorder = items.order(by: "n").record()
        var documents = try await recorder.next().ids
        let batch = db.batch()
        for (id, n) in [("d3", 115), ("d7", -5), ("d11", 35), ("new1", 55), ("new2", 200)] {
            batch.setData(["n": .integer(Int64(n))], forDocument: items.document(id))
        }
        batch.deleteDocument(items.document("d0"))
        batch.deleteDocument(items.document("d5"))
        try await batch.commit()
        let snapshot = try await recorder.next()
        for change in snapshot.documentChanges {
            if change.type != .added { #expect(documents.remove(at: change.oldIndex) == change.document.documentID) }
            if change.type != .removed { documents.insert(change.document.documentID, at: change.newIndex) }
        }
        #expect(documents == snapshot.ids)
        recorder.remove()
    }

    @Test func addedThenModifiedInOneSnapshotIsAdded() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        let recorder = items.record()
        #expect(try await recorder.next().isEmpty)
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: items.document("a"))
        batch.updateData(["n": 2], forDocument: items.document("a"))
        try await batch.commit()
        let snapshot = try await recorder.next()
        #expect(snapshot.changeList() == ["added a -1 0"])
        #expect(snapshot.documents.first?.get("n") == 2)
        recorder.remove()
    }

    @Test func addedThenRemovedInOneSnapshotIsNothing() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        let recorder = items.record()
        #expect(try await recorder.next().isEmpty)
        let batch = db.batch()
        batch.setData(["n": 1], forDocument: items.document("a"))
        batch.deleteDocument(items.document("a"))
        try await batch.commit()
        try await items.document("z").setData(["n": 1])
        #expect(try await recorder.next().changeList() == ["added z -1 0"])  // nothing was sent for `a`
        recorder.remove()
    }

    @Test func modifiedThenRemovedInOneSnapshotIsRemoved() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await items.document("a").setData(["n": 1])
        let recorder = items.record()
        #expect(try await recorder.next().ids == ["a"])
        let batch = db.batch()
        batch.updateData(["n": 2], forDocument: items.document("a"))
        batch.deleteDocument(items.document("a"))
        try await batch.commit()
        let snapshot = try await recorder.next()
        #expect(snapshot.changeList() == ["removed a 0 -1"])
        #expect(snapshot.documentChanges.first?.document.get("n") == 1)
        recorder.remove()
    }

    @Test func removedThenAddedInOneSnapshotIsModified() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await items.document("a").setData(["n": 1])
        let recorder = items.record()
        #expect(try await recorder.next().ids == ["a"])
        let batch = db.batch()
        batch.deleteDocument(items.document("a"))
        batch.setData(["n": 5], forDocument: items.document("a"))
        try await batch.commit()
        #expect(try await recorder.next().changeList() == ["modified a 0 0"])
        recorder.remove()
    }

    @Test func writingIdenticalDataSendsNothingWithoutMetadataChanges() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["n": 1])
        let recorder = doc.record()
        #expect(try await recorder.next().get("n") == 1)
        try await doc.setData(["n": 1])
        try await doc.setData(["n": 2])
        #expect(try await recorder.next().get("n") == 2)  // the identical write sent nothing
        recorder.remove()
    }

    @Test func localWriteThenAcknowledgementWithMetadataChanges() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        let recorder = doc.record(includeMetadataChanges: true)
        #expect(try await recorder.next().exists == false)
        try await doc.setData(["n": 1])
        let local = try await recorder.next()
        #expect(local.get("n") == 1)
        #expect(local.metadata == SnapshotMetadata(hasPendingWrites: true, isFromCache: false))
        let acknowledged = try await recorder.next()
        #expect(acknowledged.get("n") == 1)
        #expect(acknowledged.metadata == SnapshotMetadata(hasPendingWrites: false, isFromCache: false))
        recorder.remove()
    }

    @Test func acknowledgementIsSilentWithoutMetadataChanges() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        let recorder = doc.record()
        #expect(try await recorder.next().exists == false)
        try await doc.setData(["n": 1])
        #expect(try await recorder.next().metadata.hasPendingWrites)
        try await doc.setData(["n": 2])
        let next = try await recorder.next()
        #expect(next.get("n") == 2)  // the acknowledgement of n = 1 sent nothing
        recorder.remove()
    }

    @Test func metadataOnlyChangesAppearAsModified() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["n": 1], "b": ["n": 2]])
        let recorder = items.order(by: "n").record(includeMetadataChanges: true)
        #expect(try await recorder.next().ids == ["a", "b"])
        try await items.document("b").setData(["n": 2])  // identical data: only metadata changes
        let pending = try await recorder.next()
        #expect(pending.metadata.hasPendingWrites)
        #expect(pending.documentChanges.isEmpty)
        #expect(pending.changeList(includeMetadataChanges: true) == ["modified b 1 1"])
        #expect(pending.documents[1].metadata.hasPendingWrites)
        #expect(!pending.documents[0].metadata.hasPendingWrites)
        let acknowledged = try await recorder.next()
        #expect(!acknowledged.metadata.hasPendingWrites)
        #expect(acknowledged.changeList(includeMetadataChanges: true) == ["modified b 1 1"])
        recorder.remove()
    }

    @Test func isFromCacheFlipsSendSnapshotsOnlyWithMetadataChanges() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await items.document("a").setData(["n": 1])
        let withMetadata = items.record(includeMetadataChanges: true)
        let withoutMetadata = items.record()
        #expect(try await withMetadata.next().metadata.isFromCache == false)
        #expect(try await withoutMetadata.next().metadata.isFromCache == false)
        await db.disableNetwork()
        let offline = try await withMetadata.next()
        #expect(offline.metadata.isFromCache)
        #expect(offline.documentChanges(includeMetadataChanges: true).isEmpty)
        await db.enableNetwork()
        #expect(try await withMetadata.next().metadata.isFromCache == false)
        try await items.document("b").setData(["n": 2])
        #expect(try await withoutMetadata.next().ids == ["a", "b"])  // no snapshot for the cache flips
        withMetadata.remove()
        withoutMetadata.remove()
    }

    @Test func offlineWritesStayPendingUntilTheNetworkReturns() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        let recorder = doc.record(includeMetadataChanges: true)
        #expect(try await recorder.next().exists == false)
        await db.disableNetwork()
        #expect(try await recorder.next().metadata.isFromCache)
        let write = Task { try await doc.setData(["n": 1]) }
        let local = try await recorder.next()
        #expect(local.metadata == SnapshotMetadata(hasPendingWrites: true, isFromCache: true))
        #expect(db.engine.pendingWriteCount == 1)
        await db.enableNetwork()
        try await value(of: write)
        try await db.waitForPendingWrites()
        #expect(db.engine.pendingWriteCount == 0)
        recorder.remove()
    }

    @Test func limitedViewRefillsWhenADocumentLeaves() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["n": 1], "b": ["n": 2], "c": ["n": 3], "d": ["n": 4]])
        let recorder = items.order(by: "n").limit(to: 2).record()
        #expect(try await recorder.next().ids == ["a", "b"])
        try await items.document("a").delete()
        let afterDelete = try await recorder.next()
        #expect(afterDelete.ids == ["b", "c"])
        #expect(afterDelete.changeList() == ["removed a 0 -1", "added c -1 1"])
        try await items.document("b").updateData(["n": 10])  // moves past the end
        let afterMove = try await recorder.next()
        #expect(afterMove.ids == ["c", "d"])
        #expect(afterMove.changeList() == ["removed b 0 -1", "added d -1 1"])
        try await items.document("z").setData(["n": 0])  // pushes d out
        let afterInsert = try await recorder.next()
        #expect(afterInsert.ids == ["z", "c"])
        #expect(afterInsert.changeList() == ["removed d 1 -1", "added z -1 0"])
        try await items.document("y").setData(["n": 99])  // beyond the end: nothing
        try await items.document("c").updateData(["tag": 1])
        #expect(try await recorder.next().changeList() == ["modified c 1 1"])
        recorder.remove()
    }

    @Test func limitToLastViewKeepsTheLastDocuments() async throws {
        let db = try makeFirestore()
        let messages = db.collection("messages")
        try await seed(messages, ["m1": ["t": 1], "m2": ["t": 2], "m3": ["t": 3]])
        let recorder = messages.order(by: "t").limit(toLast: 2).record()
        let first = try await recorder.next()
        #expect(first.ids == ["m2", "m3"])
        #expect(first.changeList() == ["added m2 -1 0", "added m3 -1 1"])
        try await messages.document("m4").setData(["t": 4])
        let next = try await recorder.next()
        #expect(next.ids == ["m3", "m4"])
        #expect(next.changeList() == ["removed m2 0 -1", "added m4 -1 1"])
        try await messages.document("m4").delete()
        let refilled = try await recorder.next()
        #expect(refilled.ids == ["m2", "m3"])
        #expect(refilled.changeList() == ["removed m4 1 -1", "added m2 -1 0"])
        recorder.remove()
    }

    @Test func cursorViewsFollowChanges() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await seed(items, ["a": ["n": 1], "b": ["n": 5]])
        let recorder = items.order(by: "n").start(at: [3]).record()
        #expect(try await recorder.next().ids == ["b"])
        try await items.document("a").updateData(["n": 4])
        #expect(try await recorder.next().changeList() == ["added a -1 0"])
        recorder.remove()
    }

    @Test func rejectedWriteIsRolledBack() async throws {
        let backend = LocalFirestoreBackend()
        let db = try makeFirestore(backend: backend)
        let items = db.collection("items")
        let recorder = items.record(includeMetadataChanges: true)
        #expect(try await recorder.next().isEmpty)
        backend.rules = { _ in false }
        let error = await #expect(throws: FirestoreError.self) { try await items.document("a").setData(["n": 1]) }
        #expect(error?.code == .permissionDenied)
        let local = try await recorder.next()
        #expect(local.changeList() == ["added a -1 0"])
        let rolledBack = try await recorder.next()
        #expect(rolledBack.changeList() == ["removed a 0 -1"])
        #expect(!rolledBack.metadata.hasPendingWrites)
        recorder.remove()
    }

    @Test func listenerRemovedInsideItsCallbackGetsNothingMore() async throws {
        let db = try makeFirestore()
        let count = Locked(0)
        let registrationSlot = Locked<(any ListenerRegistration)?>(nil)
        let firstSnapshot = Gate()
        let registration = db.collection("items").addSnapshotListener { _, _ in
            count.withLock { $0 += 1 }
            registrationSlot.withLock { $0 }?.remove()
            firstSnapshot.open()
        }
        registrationSlot.withLock { $0 = registration }
        try await firstSnapshot.wait(timeout: defaultTestTimeout)
        try await db.collection("items").document("a").setData(["n": 1])
        #expect(count.withLock { $0 } == 1)
        #expect(db.engine.listenerCount == 0)
    }

    @Test func waitForPendingWritesReturnsOnceEverythingIsAcknowledged() async throws {
        let db = try makeFirestore()
        await db.disableNetwork()
        let writes = (0..<5).map { index in Task { try await db.document("c/d\(index)").setData(["n": 1]) } }
        try await waitUntil { db.engine.pendingWriteCount == 5 }
        let waiter = Task { try await db.waitForPendingWrites() }
        await db.enableNetwork()
        try await value(of: waiter)
        #expect(db.engine.pendingWriteCount == 0)
        for write in writes { try await value(of: write) }
        #expect(try await db.collection("c").getDocuments().count == 5)
    }

    // MARK: Snapshots in sync

    /// A recorder of `db`'s snapshots-in-sync events; each event carries `received()` at that moment.
    private func recordInSync(_ db: Firestore, _ received: @escaping @Sendable () -> Int = { 0 }) -> Recorder<Int> {
        Recorder { listener in db.addSnapshotsInSyncListener { listener(received(), nil) } }
    }

    @Test func snapshotsInSyncListenerFiresOnceWhenRegistered() async throws {
        let db = try makeFirestore()
        let inSync = recordInSync(db)
        _ = try await inSync.next()
        #expect(db.engine.inSyncListenerCount == 1)
        inSync.remove()
        #expect(db.engine.inSyncListenerCount == 0)
    }

    @Test func snapshotsInSyncListenerFiresAfterEverySnapshotListenerGotTheChange() async throws {
        let db = try makeFirestore()
        let snapshots = Locked(0)
        let query = db.collection("items").addSnapshotListener { snapshot, _ in
            if snapshot != nil { snapshots.withLock { $0 += 1 } }
        }
        try await waitUntil { snapshots.withLock { $0 } == 1 }
        let inSync = recordInSync(db) { snapshots.withLock { $0 } }
        #expect(try await inSync.next() == 1)
        try await db.document("items/a").setData(["n": 1])
        // The first call after the write comes once the query listener has the write's snapshot.
        #expect(try await inSync.next() == 2)
        inSync.remove()
        query.remove()
    }

    @Test func removedSnapshotsInSyncListenerIsNotCalled() async throws {
        let db = try makeFirestore()
        let removed = recordInSync(db)
        let kept = recordInSync(db)
        _ = try await removed.next()
        _ = try await kept.next()
        removed.remove()
        let query = db.collection("items").record()
        _ = try await query.next()
        _ = try await kept.next()  // the listener's first snapshot
        try await db.document("items/a").setData(["n": 1])
        _ = try await query.next()
        _ = try await kept.next()  // called in the same round as `removed` would have been, after it
        #expect(removed.received == 1)
        #expect(db.engine.inSyncListenerCount == 1)
        kept.remove()
        query.remove()
    }
}
