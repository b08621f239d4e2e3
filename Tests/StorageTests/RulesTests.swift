// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Security rules of the embedded backend")
struct RulesTests {
    /// Each user may only touch `users/{uid}/…`.
    private static let ownFolderOnly: StorageRules = { request in
        guard let uid = request.uid else { return false }
        return request.path.hasPrefix("users/\(uid)/")
    }

    @Test func rulesSeeTheCallersUid() async throws {
        let auth = FakeAuth(userID: "alice", token: "alice-token")
        let (_, storage) = try makeStorage(
            backend: LocalStorageBackend(rules: Self.ownFolderOnly),
            overrides: auth.components)
        let ref = storage.reference(withPath: "users/alice/a.txt")
        try await ref.putDataAsync(Data("a".utf8))
        #expect(try await ref.data(maxSize: 10) == Data("a".utf8))
    }

    @Test func aDeniedRequestIsUnauthorized() async throws {
        let auth = FakeAuth(userID: "bob", token: "bob-token")
        let (_, storage) = try makeStorage(
            backend: LocalStorageBackend(rules: Self.ownFolderOnly),
            overrides: auth.components)
        let ref = storage.reference(withPath: "users/alice/a.txt")
        #expect(await storageErrorCode { try await ref.putDataAsync(Data("a".utf8)) } == .unauthorized)
        #expect(await storageErrorCode { _ = try await ref.getMetadata() } == .unauthorized)
        #expect(
            await storageErrorCode { _ = try await storage.reference(withPath: "users/alice").listAll() }
                == .unauthorized)
    }

    @Test func withoutAuthTheCallerHasNoUid() async throws {
        let seen = Locked<[String?]>([])
        let backend = LocalStorageBackend(rules: { request in
            seen.withLock { $0.append(request.uid) }
            return true
        })
        let (_, storage) = try makeStorage(backend: backend)
        try await storage.reference(withPath: "a").putDataAsync(Data("a".utf8))
        #expect(seen.withLock { $0 } == [nil])
    }
}

@Suite("Credentials of requests")
struct CallerTests {
    @Test func theCallerCarriesTheUserAndAppCheckTokens() async throws {
        let auth = FakeAuth(userID: "alice", token: "alice-token")
        let appCheck = FakeAppCheck(token: "app-check-token")
        let backend = GatedBackend()
        let (_, storage) = try makeStorage(backend: backend, overrides: auth.components + appCheck.components)
        try await storage.reference(withPath: "a").putDataAsync(Data("a".utf8))
        #expect(
            backend.uploadCallers == [
                StorageCaller(
                    uid: "alice", authToken: "alice-token",
                    appCheckToken: "app-check-token")
            ])
    }

    @Test func aFailingIDTokenIsUnauthenticated() async throws {
        let auth = FakeAuth(userID: "alice", token: "alice-token")
        auth.getTokenError = FakeError("expired")
        let (_, storage) = try makeStorage(overrides: auth.components)
        #expect(
            await storageErrorCode { try await storage.reference(withPath: "a").putDataAsync(Data("a".utf8)) }
                == .unauthenticated)
    }
}
