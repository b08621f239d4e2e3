// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// The account rules of the Firebase Auth service and its emulator (one account per email, custom tokens,
/// email links, linking and reauthentication), on the embedded backend.
@Suite("Auth account rules on LocalAuthBackend")
struct AccountRulesTests {
    static let open = LocalAuthBackend.Configuration(emailEnumerationProtection: false)

    static func google(
        sub: String = "google-ada", email: String? = adaEmail, verified: Bool = true, name: String? = nil
    )
        -> AuthCredential
    {
        let token = LocalAuthBackend.fakeIdPToken(sub: sub, email: email, emailVerified: verified, name: name)
        return GoogleAuthProvider.credential(withIDToken: token, accessToken: "unused")
    }

    static func apple(sub: String = "apple-ada", email: String = adaEmail, verified: Bool = true) -> AuthCredential {
        let token = LocalAuthBackend.fakeIdPToken(sub: sub, email: email, emailVerified: verified)
        return OAuthProvider.appleCredential(withIDToken: token, rawNonce: nil, fullName: nil)
    }

    // MARK: - One account per email

    @Test func aVerifiedIdPEmailTakesOverAnUnverifiedPasswordAccount() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let created = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        let result = try await fixture.auth.signIn(with: Self.google(name: "Ada Lovelace"))
        #expect(result.user.uid == created.uid)
        #expect(result.additionalUserInfo?.isNewUser == false)
        #expect(result.user.providerData.map(\.providerID) == ["google.com"])
        #expect(result.user.isEmailVerified)
        #expect(result.user.email == adaEmail)
        try fixture.auth.signOut()
        await #expect(throws: AuthErrorCode.wrongPassword) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        }
    }

    @Test func aSecondIdPWithTheSameVerifiedEmailLinksIntoTheAccount() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let first = try await fixture.auth.signIn(with: Self.google()).user
        try fixture.auth.signOut()
        let second = try await fixture.auth.signIn(with: Self.apple()).user
        #expect(second.uid == first.uid)
        #expect(Set(second.providerData.map(\.providerID)) == ["google.com", "apple.com"])
        #expect(second.isEmailVerified)
    }

    @Test func aVerifiedAccountKeepsItsPasswordWhenAnIdPLinksIn() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await AuthEmailCallsTests.signInWithLink(fixture, adaEmail).user
        try await user.updatePassword(to: adaPassword)
        try fixture.auth.signOut()
        let google = try await fixture.auth.signIn(with: Self.google()).user
        #expect(google.uid == user.uid)
        #expect(Set(google.providerData.map(\.providerID)) == ["password", "google.com"])
        try fixture.auth.signOut()
        #expect(try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword).user.uid == user.uid)
    }

    @Test func anUnverifiedIdPEmailDoesNotVerifyTheAccount() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.link(with: Self.google(verified: false))
        #expect(!user.isEmailVerified)
        try fixture.auth.signOut()
        await #expect(throws: AuthErrorCode.accountExistsWithDifferentCredential) {
            try await fixture.auth.signIn(with: Self.apple(verified: false))
        }
        let fresh = try await fixture.auth.signIn(
            with: Self.google(sub: "google-grace", email: graceEmail, verified: false))
        #expect(fresh.user.email == graceEmail)
        #expect(!fresh.user.isEmailVerified)
    }

    // MARK: - Password and email changes

    @Test func updatePasswordOnAnIdPAccountAddsThePasswordProvider() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await fixture.auth.signIn(with: Self.google()).user
        try await user.updatePassword(to: adaPassword)
        #expect(user.providerData.map(\.providerID).sorted() == ["google.com", "password"])
        try fixture.auth.signOut()
        #expect(try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword).user.uid == user.uid)
    }

    @Test func aLaterIdPSignInKeepsTheChangedEmailAndProfile() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await fixture.auth.signIn(with: Self.google(name: "Ada Lovelace")).user
        #expect(user.isEmailVerified)
        try await user.updateEmail(to: graceEmail)
        #expect(!user.isEmailVerified)
        let change = user.createProfileChangeRequest()
        change.displayName = "Countess"
        try await change.commitChanges()
        try fixture.auth.signOut()
        let again = try await fixture.auth.signIn(with: Self.google(name: "Ada Lovelace")).user
        #expect(again.uid == user.uid)
        #expect(again.email == graceEmail)
        #expect(!again.isEmailVerified)
        #expect(again.displayName == "Countess")
    }

    // MARK: - Custom tokens

    @Test func aCustomTokenForAnExistingUidSignsIntoThatAccount() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let created = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        let result = try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: created.uid))
        #expect(result.user.uid == created.uid)
        #expect(result.user.email == adaEmail)
        #expect(result.additionalUserInfo?.isNewUser == false)
    }

    @Test func aCustomTokenForAnAnonymousAccountMakesItNonAnonymous() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let anonymous = try await fixture.auth.signInAnonymously().user
        #expect(anonymous.isAnonymous)
        let result = try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: anonymous.uid))
        #expect(result.user.uid == anonymous.uid)
        #expect(!result.user.isAnonymous)
        try await result.user.reload()
        #expect(!result.user.isAnonymous)
        // The account is no longer anonymous at the backend either: linking a password wants a recent sign-in.
        fixture.clock.advance(by: 301)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) {
            try await result.user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        }
    }

    @Test func aCustomTokenForAnUnknownOrDeletedUidCreatesAnAccount() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let first = try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: "server-ada"))
        #expect(first.additionalUserInfo?.isNewUser == true)
        #expect(first.user.uid == "server-ada")
        try await first.user.delete()
        let again = try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: "server-ada"))
        #expect(again.additionalUserInfo?.isNewUser == true)
        #expect(again.user.uid == "server-ada")
    }

    @Test func customTokenUsersHaveNoProvidersYetAreNotAnonymous() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: "server-ada")).user
        #expect(user.providerData.isEmpty)
        #expect(!user.isAnonymous)
        try await user.reload()
        #expect(!user.isAnonymous)
        #expect(!fixture.auth.isAnonymous)
    }

    // MARK: - Email links

    @Test func anEmailLinkCreatesAVerifiedAccountOrVerifiesAnExistingOne() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let created = try await AuthEmailCallsTests.signInWithLink(fixture, graceEmail)
        #expect(created.additionalUserInfo?.isNewUser == true)
        #expect(created.user.isEmailVerified)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(!ada.isEmailVerified)
        let signedIn = try await AuthEmailCallsTests.signInWithLink(fixture, adaEmail).user
        #expect(signedIn.uid == ada.uid)
        #expect(signedIn.isEmailVerified)
    }

    @Test func anEmailLinkWorksOnceAndOnlyForItsAddress() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        try await fixture.auth.sendSignInLink(
            toEmail: adaEmail, actionCodeSettings: SDKActionCodeTests.signInSettings())
        let link = try #require(fixture.backend.oobCodes.last).oobLink
        await #expect(throws: AuthErrorCode.invalidEmail) {
            try await fixture.auth.signIn(withEmail: graceEmail, link: link)
        }
        try await fixture.auth.signIn(withEmail: adaEmail, link: link)
        await #expect(throws: AuthErrorCode.invalidActionCode) {
            try await fixture.auth.signIn(withEmail: adaEmail, link: link)
        }
    }

    // MARK: - Linking and reauthentication

    @Test func linkingAnEmailThatHasAnAccountIsEmailAlreadyInUse() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let anonymous = try await fixture.auth.signInAnonymously().user
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
            try await anonymous.link(with: EmailAuthProvider.credential(withEmail: graceEmail, password: adaPassword))
        }
        #expect(anonymous.isAnonymous)
    }

    @Test func reauthenticatingWithAnotherAccountsCredentialIsUserMismatch() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        await #expect(throws: AuthErrorCode.userMismatch) {
            try await ada.reauthenticate(
                with: EmailAuthProvider.credential(withEmail: graceEmail, password: gracePassword))
        }
        #expect(fixture.auth.currentUser === ada)
    }

    @Test func reauthenticatingAfterTheAccountWasDeletedElsewhereIsUserMismatch() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let other = try AuthFixture(configuration: Self.open, clock: fixture.clock, backend: fixture.backend)
        try await other.auth.signIn(withEmail: adaEmail, password: adaPassword).user.delete()
        await #expect(throws: AuthErrorCode.userMismatch) {
            try await ada.reauthenticate(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        }
    }
}
