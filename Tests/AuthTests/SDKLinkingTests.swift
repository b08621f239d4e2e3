// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's UserTests for linking and unlinking, ported to the embedded backend.
@Suite("SDK UserTests: link, unlink and profile changes, embedded")
struct SDKLinkingTests {
    static func google(sub: String = "google-ada", email: String? = adaEmail, verified: Bool = true) -> AuthCredential {
        GoogleAuthProvider.credential(
            withIDToken: LocalAuthBackend.fakeIdPToken(
                sub: sub, email: email, emailVerified: verified, name: "Ada Lovelace"),
            accessToken: "google-access")
    }

    /// UserTests.testLinkAndRetrieveDataSuccess, email: an anonymous user linked to an email and password
    /// keeps its uid and becomes permanent; the SDK gives no additional user info.
    @Test func linkingAnAnonymousUserToEmailKeepsTheUID() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        let result = try await user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        #expect(result.user === user)
        #expect(result.additionalUserInfo == nil)
        #expect(fixture.auth.currentUser === user)
        #expect(!user.isAnonymous)
        #expect(user.email == adaEmail)
        #expect(user.providerData == [UserInfo(providerID: "password", uid: adaEmail, email: adaEmail)])
        try fixture.auth.signOut()
        #expect(try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword).user.uid == user.uid)
    }

    /// UserTests.testLinkAndRetrieveDataSuccess, identity provider: linking Google keeps the uid; the result
    /// has the provider's additional user info and credential; the user takes the provider's email.
    @Test func linkingAnAnonymousUserToGoogleKeepsTheUID() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        let result = try await user.link(with: Self.google())
        #expect(result.user === user)
        #expect(result.additionalUserInfo?.providerID == "google.com")
        #expect(result.additionalUserInfo?.profile?["sub"] == "google-ada")
        #expect(result.additionalUserInfo?.isNewUser == false)
        #expect(result.credential?.provider == "google.com")
        #expect(result.credential?.accessToken == "google-access")
        #expect(!user.isAnonymous)
        #expect(user.email == adaEmail)
        #expect(user.isEmailVerified)
        #expect(user.providerData.map(\.providerID) == ["google.com"])
        #expect(user.providerData.first?.uid == "google-ada")
        #expect(try await user.getIDTokenResult().claims["firebase"]?["identities"]?["google.com"] == ["google-ada"])
        try fixture.auth.signOut()
        #expect(try await fixture.auth.signIn(with: Self.google()).user.uid == user.uid)
    }

    /// UserTests.testLinkAndRetrieveDataProviderAlreadyLinked: a client-side error, before any request.
    @Test func linkingAProviderTwiceIsProviderAlreadyLinked() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signIn(with: Self.google()).user
        fixture.backend.simulatedError = .networkError  // a request would fail differently
        await #expect(throws: AuthErrorCode.providerAlreadyLinked) {
            try await user.link(with: Self.google(sub: "another-google-account"))
        }
        fixture.backend.simulatedError = nil
        try await user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        await #expect(throws: AuthErrorCode.providerAlreadyLinked) {
            try await user.link(with: EmailAuthProvider.credential(withEmail: graceEmail, password: gracePassword))
        }
    }

    /// Linking an identity another account has is `credentialAlreadyInUse`, with the credential to sign in to
    /// that account in the error and its `NSError` user info (`AuthErrorUserInfoUpdatedCredentialKey`).
    @Test func linkingAnIdentityOfAnotherAccountIsCredentialAlreadyInUse() async throws {
        let fixture = try AuthFixture()
        let owner = try await fixture.auth.signIn(with: Self.google()).user
        try fixture.auth.signOut()
        let anonymous = try await fixture.auth.signInAnonymously().user
        let error = await #expect(throws: AuthErrorCode.credentialAlreadyInUse) {
            try await anonymous.link(with: Self.google())
        }
        let updated = try #require(error?.updatedCredential)
        #expect(updated.provider == "google.com")
        #expect(error?.email == adaEmail)
        let bridged = try #require(error as NSError?)
        #expect(bridged.code == 17025)
        #expect(bridged.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential === updated)
        #expect(bridged.userInfo[AuthErrorUserInfoEmailKey] as? String == adaEmail)
        #expect(bridged.localizedDescription == "This credential is already associated with a different user account.")
        #expect(try await fixture.auth.signIn(with: updated).user.uid == owner.uid)
    }

    /// Linking an email another account has is `emailAlreadyInUse`.
    @Test func linkingAnEmailOfAnotherAccountIsEmailAlreadyInUse() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let anonymous = try await fixture.auth.signInAnonymously().user
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
            try await anonymous.link(with: EmailAuthProvider.credential(withEmail: adaEmail, password: "other-pass"))
        }
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
            try await anonymous.link(with: Self.google(sub: "google-someone"))  // Google asserts ada's email
        }
        #expect(anonymous.isAnonymous)
    }

    /// Linking an email and password to an account that is not anonymous is sensitive: after five minutes it
    /// needs a reauthentication; an anonymous account links at any time.
    @Test func linkingAnEmailToAnExistingAccountNeedsARecentSignIn() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signIn(with: Self.google()).user
        fixture.clock.advance(by: 301)
        let email = EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await user.link(with: email) }
        try await user.reauthenticate(with: Self.google())
        try await user.link(with: email)
        #expect(Set(user.providerData.map(\.providerID)) == ["google.com", "password"])

        try fixture.auth.signOut()
        let anonymous = try await fixture.auth.signInAnonymously().user
        fixture.clock.advance(by: 3600)
        try await anonymous.link(with: EmailAuthProvider.credential(withEmail: graceEmail, password: gracePassword))
    }

    /// UserTests' unlink: `unlink(fromProvider:)` removes the provider and returns the same user; a provider
    /// not linked is `noSuchProvider`, before any request.
    @Test func unlinkRemovesAProvider() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signIn(with: Self.google()).user
        try await user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        let unlinked = try await user.unlink(fromProvider: GoogleAuthProvider.id)
        #expect(unlinked === user)
        #expect(user.providerData.map(\.providerID) == ["password"])
        fixture.backend.simulatedError = .networkError
        await #expect(throws: AuthErrorCode.noSuchProvider) { try await user.unlink(fromProvider: "github.com") }
        fixture.backend.simulatedError = nil
        try fixture.auth.signOut()
        // The Google identity is free again: signing in with it makes a new account.
        let again = try await fixture.auth.signIn(with: Self.google(sub: "google-ada", email: nil))
        #expect(again.user.uid != user.uid)
        #expect(again.additionalUserInfo?.isNewUser == true)
    }

    /// Unlinking the password removes it: the email no longer signs in.
    @Test func unlinkingThePasswordRemovesIt() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        let user = try await fixture.auth.signIn(with: Self.google()).user
        try await user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        try await user.unlink(fromProvider: EmailAuthProvider.id)
        try fixture.auth.signOut()
        await #expect(throws: AuthErrorCode.wrongPassword) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        }
    }

    /// UserProfileChangeRequest: the properties set change, nil removes, nothing set sends nothing.
    @Test func profileChangesSetAndRemoveTheNameAndPhoto() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let change = user.createProfileChangeRequest()
        change.displayName = "Ada Lovelace"
        change.photoURL = URL(string: "https://example.com/ada.png")
        try await change.commitChanges()
        #expect(user.displayName == "Ada Lovelace")
        #expect(user.photoURL == URL(string: "https://example.com/ada.png"))
        #expect(fixture.backend.account(uid: user.uid)?.displayName == "Ada Lovelace")

        let removal = user.createProfileChangeRequest()
        removal.photoURL = nil
        try await removal.commitChanges()
        #expect(user.displayName == "Ada Lovelace")
        #expect(user.photoURL == nil)

        fixture.backend.simulatedError = .networkError
        try await user.createProfileChangeRequest().commitChanges()  // nothing set: no request
        let failing = user.createProfileChangeRequest()
        failing.displayName = "Grace"
        await #expect(throws: AuthErrorCode.networkError) { try await failing.commitChanges() }
        #expect(user.displayName == "Ada Lovelace")
    }

    /// An email-link credential whose link is not a sign-in link (no `mode=signIn`) is refused before any
    /// request (the SDK stops with a `fatalError`); SDKActionCodeTests links and signs in with real ones.
    @Test func anEmailLinkCredentialWithoutASignInLinkIsInvalidActionCode() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        let link = EmailAuthProvider.credential(withEmail: adaEmail, link: "https://example.com/?oobCode=x")
        #expect(link.provider == "password")
        fixture.backend.simulatedError = .networkError  // any request would fail with this instead
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await user.link(with: link) }
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.signIn(with: link) }
    }
}
