// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// The account rules for a `User` that is no longer the signed-in user: as the SDK's, it keeps its own session,
/// so `reload()`, `link(with:)` and `reauthenticate(with:)` work on it (and fail as they should).
@Suite("Auth account rules: a user that is no longer signed in")
struct AccountRulesDetachedUserTests {
    @Test func aSignedOutUserReloadsLinksAndReauthenticates() async throws {
        let fixture = try AuthFixture(configuration: AccountRulesTests.open)
        let old = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        let current = try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword).user
        let change = current.createProfileChangeRequest()
        change.displayName = "Ada Lovelace"
        try await change.commitChanges()

        try await old.reload()
        #expect(old.displayName == "Ada Lovelace")
        try await old.link(with: AccountRulesTests.google(verified: false))
        #expect(old.providerData.map(\.providerID).sorted() == ["google.com", "password"])
        #expect(fixture.auth.currentUser === current)
        #expect(current.providerData.map(\.providerID) == ["password"])  // until it reloads
        fixture.clock.advance(by: 3600)  // the kept ID token is stale: it is refreshed for the reload
        try await old.reload()
        let result = try await old.reauthenticate(
            with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        #expect(result.user === old)
        #expect(fixture.auth.currentUser === current)
        await #expect(throws: AuthErrorCode.nullUser) { try await old.getIDToken() }
    }

    @Test func aSignedOutUserFailsAsTheSDKDoes() async throws {
        let fixture = try AuthFixture(configuration: AccountRulesTests.open)
        try await fixture.auth.signIn(with: AccountRulesTests.google(sub: "google-grace", email: graceEmail))
        try fixture.auth.signOut()
        let old = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        await #expect(throws: AuthErrorCode.userMismatch) {
            try await old.reauthenticate(with: AccountRulesTests.google(sub: "google-grace", email: graceEmail))
        }
        await #expect(throws: AuthErrorCode.credentialAlreadyInUse) {
            try await old.link(with: AccountRulesTests.google(sub: "google-grace", email: graceEmail))
        }
        await #expect(throws: AuthErrorCode.providerAlreadyLinked) {
            try await old.link(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        }
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func aDeletedUserReloadsAsUserNotFoundAndReauthenticatesAsUserMismatch() async throws {
        let fixture = try AuthFixture(configuration: AccountRulesTests.open)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.delete()
        #expect(fixture.auth.currentUser == nil)
        await #expect(throws: AuthErrorCode.userNotFound) { try await user.reload() }
        await #expect(throws: AuthErrorCode.userMismatch) {
            try await user.reauthenticate(
                with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        }
    }

    @Test func aReplacedUserKeepsItsOwnSession() async throws {
        let fixture = try AuthFixture(configuration: AccountRulesTests.open)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let grace = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword).user
        try await ada.reload()
        #expect(ada.email == adaEmail)
        #expect(fixture.auth.currentUser === grace)
        #expect(grace.email == graceEmail)
    }
}
