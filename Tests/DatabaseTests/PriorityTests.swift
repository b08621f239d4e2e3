// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// Priority writes on the embedded backend: `setPriority` and `.priority` keys of updates write the location's
/// `.priority` child, as the SDK does.
@Suite("Database priorities")
struct PriorityTests {
    @Test func setPriorityIsAWriteAtThePriorityChild() async throws {
        let db = try makeDatabase()
        let ref = db.reference(withPath: "a")
        try await ref.setValue(["b": 1])
        let log = EventLog()
        db.reference().log([.childChanged], into: log)
        try await ref.setPriority(7)
        #expect(try await log.take(1) == ["changed a"])
        #expect(try await ref.getData().priority as? Int == 7)
        try await ref.setPriority(nil)
        #expect(try await ref.getData().priority == nil)
        #expect(json(try await ref.getData().value) == #"{"b":1}"#)
    }

    @Test func setPriorityWithACompletionBlockReportsTheRefusal() async throws {
        let db = try makeDatabase()
        let ref = db.reference(withPath: "nothing")
        let code = await withCheckedContinuation { continuation in
            ref.setPriority(5) { error, _ in continuation.resume(returning: (error as? DatabaseError)?.code) }
        }
        #expect(code == .invalidArgument)
        try await ref.setValue("x")
        let done = await withCheckedContinuation { continuation in
            ref.setPriority("p") { error, _ in continuation.resume(returning: error == nil) }
        }
        #expect(done)
        #expect(try await ref.getData().priority as? String == "p")
    }

    @Test func aRefusedPriorityWriteInAnUpdateWritesNothing() async throws {
        let db = try makeDatabase()
        let ref = db.reference(withPath: "u")
        try await ref.setValue(["a": 1])
        #expect(
            await databaseCode { try await ref.updateChildValues(["a": 2, "missing/.priority": 1]) }
                == .invalidArgument)
        #expect(json(try await ref.getData().value) == #"{"a":1}"#)
    }

    @Test func priorityKeysInAnUpdateAreValidatedAsPriorities() async throws {
        let ref = try makeDatabase().reference(withPath: "u")
        #expect(await databaseCode { try await ref.updateChildValues(["a/.priority": true]) } == .invalidArgument)
        #expect(await databaseCode { try await ref.updateChildValues(["a/.priority": ["x": 1]]) } == .invalidArgument)
        #expect(await databaseCode { try await ref.updateChildValues([".priority/a": 1]) } == .invalidArgument)
        #expect(
            await databaseCode { try await ref.updateChildValues(["a": 1, "a/.priority": 1]) } == .invalidArgument)
    }

    @Test func theRulesCheckAPriorityWriteAtItsLocation() async throws {
        let paths = Locked<[String]>([])
        let backend = LocalDatabaseBackend { request in
            paths.withLock { $0.append(request.path) }
            return true
        }
        let ref = try makeDatabase(backend: backend).reference(withPath: "a")
        try await ref.setValue(1)
        try await ref.setPriority(2)
        #expect(paths.withLock { $0 } == ["/a", "/a"])
    }

    @Test func aPendingPriorityWriteSurvivesARestartOfTheCache() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let setup = try makeDatabase(backend: backend)
            try await setup.reference(withPath: "a").setValue("v")
            let first = try makeDatabase(backend: backend, name: "alice")
            first.persistenceDirectory = directory
            first.isPersistenceEnabled = true
            first.goOffline()
            first.reference(withPath: "a").setPriority(9) { _, _ in }
            first.terminate()
            let second = try makeDatabase(backend: backend, name: "alice")
            second.persistenceDirectory = directory
            second.isPersistenceEnabled = true
            _ = second.reference()
            try await waitUntil { (try? await setup.reference(withPath: "a").getData().priority as? Int) == 9 }
        }
    }

    @Test func aPriorityWriteIsPersistedByTheEmbeddedBackend() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try LocalDatabaseBackend(directory: directory))
            try await db.reference(withPath: "a").setValue("v")
            try await db.reference(withPath: "a").setPriority("p")
            let again = try makeDatabase(backend: try LocalDatabaseBackend(directory: directory))
            #expect(try await again.reference(withPath: "a").getData().priority as? String == "p")
        }
    }

    @Test func anOnDisconnectTimestampPriorityIsTheServersTimeWhenApplied() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_000))
        let (alice, bob) = try makeTwoClients(backend: LocalDatabaseBackend(now: clock.closure))
        try await alice.reference(withPath: "seen").onDisconnectSetValue("away", andPriority: ServerValue.timestamp())
        clock.advance(by: 60)
        alice.goOffline()
        let snapshot = try await bob.reference(withPath: "seen").getData()
        #expect(snapshot.value as? String == "away")
        #expect(snapshot.priority as? Int == 1_060_000)
    }

    @Test func anUpdateSetsAPriorityToAServerValue() async throws {
        let ref = try makeDatabase().reference(withPath: "u")
        try await ref.setValue(["a": "x"])
        try await ref.child("a").setPriority(2)
        try await ref.updateChildValues(["a/.priority": ServerValue.increment(3)])
        #expect(try await ref.child("a").getData().priority as? Int == 5)
    }
}
