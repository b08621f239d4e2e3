// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Testing

@testable import FlintDatabase

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// A Realtime Database of an app of its own on the embedded backend.
func makeDatabase(backend: LocalDatabaseBackend = LocalDatabaseBackend()) throws -> (FlintApp, Database) {
    let app = try TestApp.make(
        libraries: [DatabaseLibrary.self], overrides: [.instance(backend, as: DatabaseBackend.self)])
    return (app, try Database.database(app: app))
}

@Suite("Realtime Database publishers and futures", .timeLimit(.minutes(1)))
struct DatabaseCombineTests {
    @Test func valuePublisherSendsTheValueThenEachChangeInOrder() async throws {
        let (_, db) = try makeDatabase()
        let ref = db.reference(withPath: "game/score")
        let recorder = Recorder(ref.valuePublisher())
        try await recorder.waitForValues(1)
        try await outcome(of: ref.setValue(1) as Future<Void, DatabaseError>).get()
        try await recorder.waitForValues(2)
        try await outcome(of: ref.setValue(2) as Future<Void, DatabaseError>).get()
        let snapshots = try await recorder.waitForValues(3)
        #expect(snapshots.map { $0.value as? Int } == [nil, 1, 2])
    }

    @Test func eventPublisherSendsChildEventsInOrder() async throws {
        let (_, db) = try makeDatabase()
        let messages = db.reference(withPath: "messages")
        try await messages.child("a").setValue("hi")
        let recorder = Recorder(messages.eventPublisher())
        try await recorder.waitForValues(1)
        try await outcome(of: messages.updateChildValues(["b": "there"]) as Future<Void, DatabaseError>).get()
        try await outcome(of: messages.child("a").removeValue() as Future<Void, DatabaseError>).get()
        let events = try await recorder.waitForValues(3)
        let described = events.map { event -> String in
            switch event {
            case .childAdded(let snapshot, _): "added \(snapshot.key)"
            case .childRemoved(let snapshot): "removed \(snapshot.key)"
            case .childChanged(let snapshot, _): "changed \(snapshot.key)"
            case .childMoved(let snapshot, _): "moved \(snapshot.key)"
            }
        }
        #expect(described == ["added a", "added b", "removed a"])
    }

    @Test func cancellingRemovesTheObserverAndDeliversNothingMore() async throws {
        let (_, db) = try makeDatabase()
        let ref = db.reference(withPath: "game/score")
        let recorder = Recorder(ref.valuePublisher())
        try await recorder.waitForValues(1)
        #expect(db.engine.listenerCount == 1)
        recorder.cancel()
        try await waitUntil { db.engine.listenerCount == 0 }
        try await ref.setValue(3)
        #expect(recorder.values.count == 1)
    }

    @Test func deletingTheAppFinishesThePublisher() async throws {
        let (app, db) = try makeDatabase()
        let recorder = Recorder(db.reference(withPath: "game").valuePublisher())
        try await recorder.waitForValues(1)
        await app.delete()
        #expect(isFinished(try await recorder.waitForCompletion()))
    }

    @Test func aRefusedReadFailsWithPermissionDenied() async throws {
        let (_, db) = try makeDatabase(backend: LocalDatabaseBackend(rules: { $0.operation != .read }))
        let recorder = Recorder(db.reference(withPath: "secret").valuePublisher())
        #expect(try await recorder.waitForFailure()?.code == .permissionDenied)
        try await waitUntil { db.engine.listenerCount == 0 }
        let read: Future<DataSnapshot, DatabaseError> = db.reference(withPath: "secret").getData()
        #expect(try await outcome(of: read).failure?.code == .permissionDenied)
    }

    @Test func aRefusedWriteFailsTheFutureWithPermissionDenied() async throws {
        let (_, db) = try makeDatabase(backend: LocalDatabaseBackend(rules: { $0.operation != .write }))
        let write: Future<Void, DatabaseError> = db.reference(withPath: "secret").setValue("x")
        #expect(try await outcome(of: write).failure?.code == .permissionDenied)
    }

    /// Calls the future from a synchronous context and drops it.
    private func writeWithoutSubscribing(_ db: Database) {
        db.reference(withPath: "started").setValue(true)
    }

    @Test func aFutureStartsWithoutASubscriber() async throws {
        let (_, db) = try makeDatabase()
        writeWithoutSubscribing(db)
        try await waitUntil { (try? await db.reference(withPath: "started").getData().value as? Bool) == true }
    }

    @Test func setValueFromAnEncodableAndRunATransaction() async throws {
        struct Score: Encodable { var points: Int }
        let (_, db) = try makeDatabase()
        let ref = db.reference(withPath: "score")
        try await outcome(of: ref.setValue(from: Score(points: 1)) as Future<Void, DatabaseError>).get()
        let transaction: Future<(Bool, DataSnapshot), DatabaseError> = ref.child("points").runTransactionBlock {
            data in
            data.value = ((data.value as? Int) ?? 0) + 1
            return .success(withValue: data)
        }
        let (committed, snapshot) = try await outcome(of: transaction).get()
        #expect(committed)
        #expect(snapshot.value as? Int == 2)
    }
}
