// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database onDisconnect operations")
struct OnDisconnectTests {
    @Test func setIsAppliedWhenTheClientGoesOffline() async throws {
        let (alice, bob) = try makeTwoClients()
        let presence = alice.reference(withPath: "presence/alice")
        try await presence.setValue("online")
        try await presence.onDisconnectSetValue("offline")
        #expect(try await bob.reference(withPath: "presence/alice").getData().value as? String == "online")
        alice.goOffline()
        #expect(try await bob.reference(withPath: "presence/alice").getData().value as? String == "offline")
    }

    @Test func operationsApplyWhenTheAppIsDeleted() async throws {
        let backend = LocalDatabaseBackend()
        let app = try TestApp.make(
            name: "alice", libraries: [DatabaseLibrary.self],
            overrides: [.instance(backend, as: DatabaseBackend.self)])
        let bob = try makeDatabase(backend: backend, name: "bob")
        try await Database.database(app: app).reference(withPath: "presence/alice").onDisconnectRemoveValue()
        try await bob.reference(withPath: "presence/alice").setValue(true)
        await app.delete()
        #expect(!(try await bob.reference(withPath: "presence/alice").getData().exists()))
    }

    @Test func updateChildValuesIsApplied() async throws {
        let (alice, bob) = try makeTwoClients()
        try await alice.reference(withPath: "users/alice").setValue(["status": "online", "name": "Alice"])
        try await alice.reference(withPath: "users/alice").onDisconnectUpdateChildValues(["status": "away", "seen": 1])
        alice.goOffline()
        #expect(
            json(try await bob.reference(withPath: "users/alice").getData().value)
                == #"{"name":"Alice","seen":1,"status":"away"}"#)
    }

    @Test func cancelForgetsTheOperationsAtAndBelowTheLocation() async throws {
        let (alice, bob) = try makeTwoClients()
        try await alice.reference(withPath: "a/x").onDisconnectSetValue(1)
        try await alice.reference(withPath: "b").onDisconnectSetValue(2)
        try await alice.reference(withPath: "a").cancelDisconnectOperations()
        alice.goOffline()
        #expect(json(try await bob.reference().getData().value) == #"{"b":2}"#)
    }

    @Test func refusedByTheRulesFailsWithPermissionDenied() async throws {
        let db = try makeDatabase(backend: LocalDatabaseBackend(rules: { $0.operation == .read }))
        #expect(
            await databaseCode { try await db.reference(withPath: "a").onDisconnectSetValue(1) } == .permissionDenied)
    }

    @Test func theOfflineClientSeesItsOwnOperationsLocally() async throws {
        let db = try makeDatabase()
        let ref = db.reference(withPath: "presence")
        try await ref.setValue("here")
        let log = EventLog()
        ref.log([.value], into: log)
        #expect(try await log.take(1) == [#"value "here""#])
        try await ref.onDisconnectRemoveValue()
        db.goOffline()
        #expect(try await log.take(1) == ["value null"])
    }

    @Test func completionFormReportsTheRegistration() async throws {
        let ref = try makeDatabase().reference(withPath: "a")
        let done = Gate()
        let failed = Locked(true)
        ref.onDisconnectSetValue(1) { error, _ in
            failed.withLock { $0 = error != nil }
            done.open()
        }
        try await done.wait(timeout: defaultTestTimeout)
        #expect(!failed.withLock { $0 })
    }

    @Test func setWithPriorityIsApplied() async throws {
        let (alice, bob) = try makeTwoClients()
        try await alice.reference(withPath: "a").onDisconnectSetValue("x", andPriority: 2)
        alice.goOffline()
        let snapshot = try await bob.reference(withPath: "a").getData()
        #expect(snapshot.value as? String == "x")
        #expect(snapshot.priority as? Int == 2)
    }

    @Test func cancelCompletionFormReportsTheCancellation() async throws {
        let (alice, bob) = try makeTwoClients()
        let ref = alice.reference(withPath: "a")
        try await ref.onDisconnectSetValue(1)
        let done = Gate()
        let failed = Locked(true)
        ref.cancelDisconnectOperations { error, _ in
            failed.withLock { $0 = error != nil }
            done.open()
        }
        try await done.wait(timeout: defaultTestTimeout)
        #expect(!failed.withLock { $0 })
        alice.goOffline()
        #expect(!(try await bob.reference(withPath: "a").getData().exists()))
    }

    @Test func aTimestampIsTheServersTimeWhenTheOperationIsApplied() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_000))
        let (alice, bob) = try makeTwoClients(backend: LocalDatabaseBackend(now: clock.closure))
        try await alice.reference(withPath: "seen").onDisconnectSetValue(ServerValue.timestamp())
        clock.advance(by: 60)
        alice.goOffline()
        #expect(try await bob.reference(withPath: "seen").getData().value as? Int == 1_060_000)
    }

    @Test func anIncrementAddsToTheValueWhenTheOperationIsApplied() async throws {
        let (alice, bob) = try makeTwoClients()
        try await alice.reference(withPath: "count").setValue(5)
        try await alice.reference(withPath: "count").onDisconnectSetValue(ServerValue.increment(1))
        try await bob.reference(withPath: "count").setValue(10)
        alice.goOffline()
        #expect(try await bob.reference(withPath: "count").getData().value as? Int == 11)
    }

    @Test func anUpdatesServerValuesResolveWhenItIsApplied() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_000))
        let (alice, bob) = try makeTwoClients(backend: LocalDatabaseBackend(now: clock.closure))
        try await alice.reference(withPath: "user").setValue(["visits": 1])
        try await alice.reference(withPath: "user").onDisconnectUpdateChildValues([
            "visits": ServerValue.increment(1), "seen": ServerValue.timestamp(),
        ])
        try await bob.reference(withPath: "user/visits").setValue(7)
        clock.advance(by: 2)
        alice.goOffline()
        #expect(json(try await bob.reference(withPath: "user").getData().value) == #"{"seen":1002000,"visits":8}"#)
    }

    @Test func theOfflineClientResolvesItsOperationsServerValuesWhenGoingOffline() async throws {
        let (alice, bob) = try makeTwoClients()
        let count = alice.reference(withPath: "count")
        try await count.setValue(5)
        try await count.onDisconnectSetValue(ServerValue.increment(1))
        try await bob.reference(withPath: "count").setValue(10)
        try await waitUntil { alice.engine.localNode(at: count.spec.path).value as? Int == 10 }
        alice.goOffline()
        #expect(try await count.getData().value as? Int == 11)
    }
}
