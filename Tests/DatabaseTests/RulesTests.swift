// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Database security rules on the embedded backend")
struct RulesTests {
    /// Everybody reads except under /secret; a user writes only under /users/<uid>.
    private static let rules: @Sendable (DatabaseRulesRequest) -> Bool = { request in
        switch request.operation {
        case .read: !request.path.hasPrefix("/secret")
        case .write: request.uid.map { request.path.hasPrefix("/users/\($0)") } ?? false
        }
    }

    private func client(_ backend: LocalDatabaseBackend, uid: String?, name: String) throws -> Database {
        try makeDatabase(backend: backend, name: name, overrides: FakeAuth(userID: uid).components)
    }

    @Test func rulesSeeTheCallersUID() async throws {
        let backend = LocalDatabaseBackend(rules: Self.rules)
        let alice = try client(backend, uid: "alice", name: "alice")
        try await alice.reference(withPath: "users/alice/name").setValue("Alice")
        #expect(
            await databaseCode { try await alice.reference(withPath: "users/bob/name").setValue("x") }
                == .permissionDenied)
        let nobody = try client(backend, uid: nil, name: "nobody")
        #expect(
            await databaseCode { try await nobody.reference(withPath: "users/alice/name").setValue("x") }
                == .permissionDenied)
        #expect(try await nobody.reference(withPath: "users/alice/name").getData().value as? String == "Alice")
    }

    @Test func aDeniedWriteIsRevertedForListenersWithEvents() async throws {
        let backend = LocalDatabaseBackend(rules: Self.rules)
        let bob = try client(backend, uid: "bob", name: "bob")
        let ref = bob.reference(withPath: "users/alice")
        let log = EventLog()
        ref.log([.childAdded, .childRemoved, .value], into: log)
        #expect(try await log.take(1) == ["value null"])
        let code = await databaseCode { try await ref.child("name").setValue("Mallory") }
        #expect(code == .permissionDenied)
        #expect(try await log.take(4) == ["added name", #"value {"name":"Mallory"}"#, "removed name", "value null"])
    }

    @Test func aDeniedUpdateWritesNothing() async throws {
        let backend = LocalDatabaseBackend(rules: Self.rules)
        let alice = try client(backend, uid: "alice", name: "alice")
        let code = await databaseCode {
            try await alice.reference().updateChildValues(["users/alice/a": 1, "users/bob/a": 2])
        }
        #expect(code == .permissionDenied)
        #expect(!(try await alice.reference(withPath: "users/alice/a").getData().exists()))
    }

    @Test func aDeniedListenerGetsPermissionDenied() async throws {
        let db = try client(LocalDatabaseBackend(rules: Self.rules), uid: "alice", name: "alice")
        let log = EventLog()
        db.reference(withPath: "secret/plans").log([.value], into: log)
        #expect(try await log.take(1) == ["error permissionDenied"])
        #expect(db.engine.listenerCount == 0)
        #expect(await databaseCode { _ = try await db.reference(withPath: "secret").getData() } == .permissionDenied)
    }
}
