// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation
import Testing

@testable import FlintAuth

/// LocalAuthBackend's user management (the Admin SDK's create, update, custom claims, delete).
@Suite struct LocalAuthAdminTests {
    /// The claims of an unsigned ID token.
    private func claims(_ idToken: String) throws -> [String: AuthClaimValue] {
        try LocalJWT.decode([String: AuthClaimValue].self, from: idToken)
    }

    @Test func createdAccountSignsInWithItsPassword() async throws {
        let backend = LocalAuthBackend(projectID: "demo")
        let record = try backend.createAccount(
            uid: "ada", .init(email: .set("Ada@Example.com"), password: "secret1", displayName: .set("Ada")))
        #expect(record.account.uid == "ada")
        #expect(record.account.email == "ada@example.com")
        #expect(record.account.providerIDs == ["password"])
        #expect(record.hasPassword)
        let session = try await backend.signIn(email: "ada@example.com", password: "secret1")
        #expect(session.account.uid == "ada")
        #expect(session.account.displayName == "Ada")
    }

    @Test func createRefusesATakenUIDOrEmail() throws {
        let backend = LocalAuthBackend(projectID: "demo")
        try backend.createAccount(uid: "ada", .init(email: .set("ada@example.com")))
        #expect(throws: AuthErrorCode.credentialAlreadyInUse) { try backend.createAccount(uid: "ada") }
        #expect(throws: AuthErrorCode.emailAlreadyInUse) {
            try backend.createAccount(.init(email: .set("ADA@example.com")))
        }
        #expect(throws: AuthErrorCode.weakPassword) { try backend.createAccount(uid: "bob", .init(password: "123")) }
        #expect(backend.account(uid: "bob") == nil)
    }

    @Test func customClaimsReachTheNextIDToken() async throws {
        let backend = LocalAuthBackend(projectID: "demo")
        let session = try await backend.signUp(email: "ada@example.com", password: "secret1")
        #expect(try claims(session.idToken)["admin"] == nil)
        try backend.updateAccount(uid: session.account.uid, .init(customClaims: ["admin": true, "sub": "forged"]))
        #expect(backend.userRecord(uid: session.account.uid)?.customClaims == ["admin": true, "sub": "forged"])
        let refreshed = try await backend.refreshSession(refreshToken: session.refreshToken)
        let claims = try claims(refreshed.idToken)
        #expect(claims["admin"] == true)
        #expect(claims["sub"]?.stringValue == session.account.uid)  // a standard claim wins
    }

    @Test func updateChangesProfileAndFreesTheOldEmail() throws {
        let backend = LocalAuthBackend(projectID: "demo")
        try backend.createAccount(uid: "ada", .init(email: .set("ada@example.com"), displayName: .set("Ada")))
        let record = try backend.updateAccount(
            uid: "ada",
            .init(
                email: .set("lovelace@example.com"), displayName: .remove, isEmailVerified: true, isDisabled: true))
        #expect(record.account.email == "lovelace@example.com")
        #expect(record.account.displayName == nil)
        #expect(record.account.isEmailVerified)
        #expect(record.account.isDisabled)
        #expect(backend.account(email: "ada@example.com") == nil)
        #expect(backend.account(email: "lovelace@example.com")?.uid == "ada")
        #expect(throws: AuthErrorCode.userNotFound) { try backend.updateAccount(uid: "nobody", .init()) }
    }

    @Test func adminPasswordChangeRevokesSessions() async throws {
        var clock = Date(timeIntervalSince1970: 1_700_000_000)
        let now = Locked(clock)
        let backend = LocalAuthBackend(projectID: "demo", now: { now.withLock { $0 } })
        let session = try await backend.signUp(email: "ada@example.com", password: "secret1")
        clock.addTimeInterval(5)
        now.withLock { [clock] in $0 = clock }
        try backend.updateAccount(uid: session.account.uid, .init(password: "secret2"))
        await #expect(throws: AuthErrorCode.userTokenExpired) {
            try await backend.refreshSession(refreshToken: session.refreshToken)
        }
        _ = try await backend.signIn(email: "ada@example.com", password: "secret2")
    }

    @Test func deleteAndDeleteAll() async throws {
        let backend = LocalAuthBackend(projectID: "demo")
        try backend.createAccount(uid: "ada", .init(email: .set("ada@example.com")))
        try backend.createAccount(uid: "bob")
        try backend.deleteAccount(uid: "ada")
        #expect(backend.account(email: "ada@example.com") == nil)
        #expect(throws: AuthErrorCode.userNotFound) { try backend.deleteAccount(uid: "ada") }
        try await backend.sendPasswordResetEmail(email: "nobody@example.com")
        try backend.deleteAllAccounts()
        #expect(backend.userRecords.isEmpty)
        #expect(backend.oobCodes.isEmpty)
    }
}
