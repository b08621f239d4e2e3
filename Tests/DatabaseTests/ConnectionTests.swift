// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database goOffline and goOnline")
struct ConnectionTests {
    @Test func offlineWritesApplyLocallyAndAreSentOnReconnect() async throws {
        let (alice, bob) = try makeTwoClients()
        let ref = alice.reference(withPath: "a")
        let log = EventLog()
        ref.log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        alice.goOffline()
        let sent = Gate()
        ref.setValue(1) { _, _ in sent.open() }
        #expect(try await log.take(1) == ["value 1"])
        #expect(try await ref.getData().value as? Int == 1)
        #expect(!(try await bob.reference(withPath: "a").getData().exists()))
        #expect(!sent.isOpen)
        alice.goOnline()
        try await sent.wait(timeout: defaultTestTimeout)
        #expect(try await bob.reference(withPath: "a").getData().value as? Int == 1)
    }

    @Test func theClassLevelSwitchesActOnEveryInstanceOfTheRegistry() async throws {
        let backend = LocalDatabaseBackend()
        let registry = AppRegistry()
        try registry.register(DatabaseLibrary.self)
        let overrides: [Component] = [.instance(backend, as: DatabaseBackend.self)]
        let alice = try Database.database(
            app: registry.configure(name: "alice", options: .testing, overrides: overrides))
        let bob = try Database.database(app: registry.configure(name: "bob", options: .testing, overrides: overrides))
        let observer = try makeDatabase(backend: backend, name: "observer")  // another registry: stays online
        DatabaseReference.goOffline(in: registry)
        let sent = Gate()
        let count = Locked(0)
        for (database, path) in [(alice, "a"), (bob, "b")] {
            database.reference(withPath: path).setValue(1) { _, _ in
                if count.withLock({
                    $0 += 1
                    return $0
                }) == 2 {
                    sent.open()
                }
            }
        }
        #expect(!(try await observer.reference(withPath: "a").getData().exists()))
        #expect(!(try await observer.reference(withPath: "b").getData().exists()))
        #expect(!sent.isOpen)
        DatabaseReference.goOnline(in: registry)
        try await sent.wait(timeout: defaultTestTimeout)
        #expect(try await observer.reference(withPath: "a").getData().value as? Int == 1)
        #expect(try await observer.reference(withPath: "b").getData().value as? Int == 1)
    }

    @Test func otherClientsChangesArriveOnReconnect() async throws {
        let (alice, bob) = try makeTwoClients()
        let log = EventLog()
        alice.reference(withPath: "b").log([.value], into: log)
        #expect(try await log.take(1) == ["value null"])
        alice.goOffline()
        try await bob.reference(withPath: "b").setValue(2)
        try await waitUntil { alice.engine.isIdle }
        #expect(log.all.isEmpty)
        alice.goOnline()
        #expect(try await log.take(1) == ["value 2"])
    }

    @Test func transactionsWaitForTheConnection() async throws {
        let (alice, bob) = try makeTwoClients()
        alice.goOffline()
        let done = Gate()
        let committed = Locked(false)
        alice.reference(withPath: "n").runTransactionBlock(
            { data in
                data.value = ((data.value as? Int) ?? 0) + 1
                return .success(withValue: data)
            },
            andCompletionBlock: { _, ok, _ in
                committed.withLock { $0 = ok }
                done.open()
            })
        try await bob.reference(withPath: "n").setValue(10)
        alice.goOnline()
        try await done.wait(timeout: defaultTestTimeout)
        #expect(committed.withLock { $0 })
        #expect(try await bob.reference(withPath: "n").getData().value as? Int == 11)
    }

    @Test func deletingTheAppFailsTheWritesWaitingOffline() async throws {
        let app = try TestApp.make(libraries: [DatabaseLibrary.self])
        let db = try Database.database(app: app)
        db.goOffline()
        let task = Task { try await db.reference(withPath: "a").setValue(1) }
        try await waitUntil { db.engine.isIdle }
        await app.delete()
        let outcome = try await result(of: task)
        guard case .failure(let error) = outcome else {
            Issue.record("the write succeeded")
            return
        }
        #expect((error as? DatabaseError)?.code == .unavailable)
    }
}
