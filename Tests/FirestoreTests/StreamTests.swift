// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@testable import FlintFirestore

/// The `snapshots` streams: values, errors, and listener removal however the iteration ends.
@Suite(.timeLimit(.minutes(3)))
struct StreamTests {
    @Test func querySnapshotsYieldTheFirstSnapshotAndLaterChanges() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await items.document("a").setData(["n": 1])
        let stream = items.snapshots
        let writer = Task {
            try await items.document("b").setData(["n": 2])
        }
        let snapshots = try await collect(2, from: stream)
        try await value(of: writer)
        #expect(snapshots[0].ids == ["a"])
        #expect(snapshots[1].changeList() == ["added b -1 1"])
    }

    @Test func documentSnapshotsYieldTheDocument() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        try await doc.setData(["n": 1])
        let snapshot = try await first(of: doc.snapshots)
        #expect(snapshot.get("n") == 1)
    }

    @Test func snapshotsWithMetadataChangesIncludeTheAcknowledgement() async throws {
        let db = try makeFirestore()
        let doc = db.document("c/d")
        // The write starts once the stream delivered its first snapshot (of nothing), so it cannot be in it.
        let writer = Locked<Task<Void, any Error>?>(nil)
        let stream = doc.snapshots(includeMetadataChanges: true).map { snapshot in
            writer.withLock { task in
                if task == nil { task = Task { try await doc.setData(["n": 1]) } }
            }
            return snapshot
        }
        let snapshots = try await collect(3, from: stream)
        try await value(of: try #require(writer.withLock { $0 }))
        #expect(snapshots.map(\.exists) == [false, true, true])
        #expect(snapshots.map(\.metadata.hasPendingWrites) == [false, true, false])
    }

    @Test func breakingOutOfTheLoopRemovesTheListener() async throws {
        let db = try makeFirestore()
        let consumer = Task {
            for try await snapshot in db.collection("items").snapshots {
                #expect(snapshot.isEmpty)
                break
            }
        }
        try await value(of: consumer)
        try await waitUntil { db.engine.listenerCount == 0 }
        #expect(db.engine.listenerCount == 0)
    }

    @Test func cancellingTheConsumingTaskRemovesTheListener() async throws {
        let db = try makeFirestore()
        let firstSnapshot = Gate()
        let consumer = Task {
            for try await _ in db.collection("items").snapshots {
                firstSnapshot.open()
            }
        }
        try await firstSnapshot.wait(timeout: defaultTestTimeout)
        #expect(db.engine.listenerCount == 1)
        consumer.cancel()
        _ = try await result(of: consumer)
        try await waitUntil { db.engine.listenerCount == 0 }
        #expect(db.engine.listenerCount == 0)
    }

    @Test func cancellingBeforeTheFirstSnapshotRemovesTheListener() async throws {
        let db = try makeFirestore()
        let consumer = Task {
            for try await _ in db.document("c/d").snapshots {}
        }
        consumer.cancel()
        _ = try await result(of: consumer)
        try await waitUntil { db.engine.listenerCount == 0 }
        #expect(db.engine.listenerCount == 0)
    }

    @Test func aListenerErrorEndsTheLoopByThrowingItAndRemovesTheListener() async throws {
        let backend = LocalFirestoreBackend(rules: { $0.operation != .list })
        let db = try makeFirestore(backend: backend)
        let error = await #expect(throws: FirestoreError.self) {
            try await value(of: Task { for try await _ in db.collection("secret").snapshots {} })
        }
        #expect(error?.code == .permissionDenied)
        #expect(db.engine.listenerCount == 0)
    }

    @Test func droppedStreamRemovesItsListener() async throws {
        let db = try makeFirestore()
        do {
            let stream = db.collection("items").snapshots
            _ = stream
        }
        try await waitUntil { db.engine.listenerCount == 0 }
        #expect(db.engine.listenerCount == 0)
    }

    @Test func everyIterationHasItsOwnListener() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        @Sendable func collectFromTwoStreams() async throws -> Int {
            let first = items.snapshots
            let second = items.snapshots
            #expect(db.engine.listenerCount == 2)
            async let a = collect(1, from: first)
            async let b = collect(1, from: second)
            let (left, right) = try await (a, b)
            return left.count + right.count
        }
        #expect(try await collectFromTwoStreams() == 2)
        try await waitUntil { db.engine.listenerCount == 0 }  // both streams were dropped
    }

    @Test func manyConsumersOfManyQueriesAllEndWithZeroListeners() async throws {
        let db = try makeFirestore()
        let items = db.collection("items")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let query =
                        index.isMultiple(of: 2) ? items.whereField("n", isGreaterThan: FirestoreValue(index)) : items
                    _ = try await collect(1, from: query.snapshots)
                }
            }
            try await group.waitForAll()
        }
        try await waitUntil { db.engine.listenerCount == 0 }
        #expect(db.engine.listenerCount == 0)
    }

    @Test func deletingTheAppEndsStreamsWithCancelled() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let db = try Firestore.firestore(app: app)
        let started = Gate()
        let consumer = Task {
            for try await _ in db.collection("items").snapshots { started.open() }
        }
        try await started.wait(timeout: defaultTestTimeout)
        await app.delete()
        let outcome = try await result(of: consumer)
        #expect(throws: FirestoreError(.cancelled, "The Firestore instance was terminated (its app was deleted).")) {
            try outcome.get()
        }
        #expect(db.engine.listenerCount == 0)
    }

    @Test func deletingTheAppEndsCacheSourceStreamsWithCancelled() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let db = try Firestore.firestore(app: app)
        let started = Gate()
        let options = SnapshotListenOptions().withSource(.cache)
        let consumer = Task {
            for try await _ in db.collection("items").snapshots(options: options) { started.open() }
        }
        try await started.wait(timeout: defaultTestTimeout)
        await app.delete()
        let outcome = try await result(of: consumer)
        #expect(throws: FirestoreError(.cancelled, "The Firestore instance was terminated (its app was deleted).")) {
            try outcome.get()
        }
        #expect(db.engine.listenerCount == 0)
    }

    // MARK: Snapshots in sync

    @Test func snapshotsInSyncYieldsAtOnceAndAfterEachChange() async throws {
        let db = try makeFirestore()
        let query = db.collection("items").record()
        _ = try await query.next()
        let events = Locked(0)
        let first = Gate()
        let second = Gate()
        let consumer = Task {
            for await _ in db.snapshotsInSync {
                let count = events.withLock { count in
                    count += 1
                    return count
                }
                if count == 1 { first.open() }
                if count == 2 {
                    second.open()
                    break
                }
            }
        }
        try await first.wait(timeout: defaultTestTimeout)
        try await db.document("items/a").setData(["n": 1])
        try await second.wait(timeout: defaultTestTimeout)
        try await value(of: consumer)
        try await waitUntil { db.engine.inSyncListenerCount == 0 }
        #expect(db.engine.inSyncListenerCount == 0)
        query.remove()
    }

    @Test func cancellingTheSnapshotsInSyncConsumerRemovesItsListener() async throws {
        let db = try makeFirestore()
        let started = Gate()
        let consumer = Task {
            for await _ in db.snapshotsInSync { started.open() }
        }
        try await started.wait(timeout: defaultTestTimeout)
        #expect(db.engine.inSyncListenerCount == 1)
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { db.engine.inSyncListenerCount == 0 }
        #expect(db.engine.inSyncListenerCount == 0)
    }

    @Test func deletingTheAppFinishesSnapshotsInSync() async throws {
        let app = try TestApp.make(libraries: [FirestoreLibrary.self])
        let db = try Firestore.firestore(app: app)
        let started = Gate()
        let consumer = Task {
            for await _ in db.snapshotsInSync { started.open() }
        }
        try await started.wait(timeout: defaultTestTimeout)
        await app.delete()
        try await value(of: consumer)  // finished, without an error
        #expect(db.engine.inSyncListenerCount == 0)
        // A sequence started afterwards finishes at once.
        try await value(of: Task { for await _ in db.snapshotsInSync { Issue.record("no event after deletion") } })
    }
}
