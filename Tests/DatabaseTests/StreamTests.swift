// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database streams: value and events()")
struct StreamTests {
    @Test func valueYieldsTheCurrentDataThenChanges() async throws {
        let ref = try makeDatabase().reference(withPath: "game/score")
        let consumer = Task { try await collect(3, from: ref.value).map { json($0.value) } }
        try await waitUntil { ref.database.engine.listenerCount == 1 }
        try await ref.setValue(1)
        try await ref.setValue(2)
        #expect(try await consumer.value == ["null", "1", "2"])
    }

    @Test func eventsYieldChildEventsWithPreviousSiblingKeys() async throws {
        let ref = try makeDatabase().reference(withPath: "chat")
        try await ref.setValue(["a": "hi"])
        let consumer = Task {
            try await collect(4, from: ref.events()).map { event -> String in
                switch event {
                case .childAdded(let snapshot, let previous): "added \(snapshot.key) \(previous ?? "-")"
                case .childChanged(let snapshot, let previous): "changed \(snapshot.key) \(previous ?? "-")"
                case .childMoved(let snapshot, let previous): "moved \(snapshot.key) \(previous ?? "-")"
                case .childRemoved(let snapshot): "removed \(snapshot.key)"
                }
            }
        }
        try await waitUntil { ref.database.engine.listenerCount == 1 }
        try await ref.child("b").setValue("there")
        try await ref.child("a").setValue("hello")
        try await ref.child("a").removeValue()
        #expect(try await consumer.value == ["added a -", "added b a", "changed a -", "removed a"])
    }

    @Test func breakingOutOfTheLoopRemovesTheListener() async throws {
        let ref = try makeDatabase().reference(withPath: "x")
        try await ref.child("a").setValue(1)
        for try await _ in ref.value { break }
        #expect(ref.database.engine.listenerCount == 0)
        _ = try await first(of: ref.events().map { $0.type })
        #expect(ref.database.engine.listenerCount == 0)
    }

    @Test func cancellingTheConsumerRemovesTheListener() async throws {
        let ref = try makeDatabase().reference(withPath: "x")
        let consumer = Task { for try await _ in ref.events() {} }
        try await waitUntil { ref.database.engine.listenerCount == 1 }
        consumer.cancel()
        try await waitUntil { ref.database.engine.listenerCount == 0 }
        _ = await consumer.result
    }

    @Test func deletingTheAppFinishesTheStreams() async throws {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        let ref = try Database.database(app: app).reference(withPath: "x")
        let values = Task {
            var count = 0
            for try await _ in ref.value { count += 1 }
            return count
        }
        let events = Task {
            var count = 0
            for try await _ in ref.events() { count += 1 }
            return count
        }
        try await waitUntil { ref.database.engine.listenerCount == 2 }
        await app.delete()
        #expect(try await values.value <= 1)
        #expect(try await events.value == 0)
        #expect(ref.database.engine.listenerCount == 0)
    }

    @Test func permissionDenialEndsTheStreamWithTheError() async throws {
        let backend = LocalDatabaseBackend(rules: { $0.operation == .write || $0.path != "/secret" })
        let ref = try makeDatabase(backend: backend).reference(withPath: "secret")
        await #expect(throws: DatabaseError.self) {
            for try await _ in ref.value {}
        }
        let code = await databaseCode { for try await _ in ref.events() {} }
        #expect(code == .permissionDenied)
        #expect(ref.database.engine.listenerCount == 0)
    }

    @Test func anInvalidQueryEndsTheStreamWithInvalidArgument() async throws {
        let query = try makeDatabase().reference(withPath: "x").queryLimited(toFirst: 0)
        #expect(await databaseCode { for try await _ in query.value {} } == .invalidArgument)
    }
}
