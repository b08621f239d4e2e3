// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's UserTests, ported to the embedded backend: the User object, its calls and its errors.
@Suite("SDK UserTests: the User object and its calls, embedded")
struct SDKUserTests {
    /// UserTests.testUserPropertiesAndNSSecureCoding: the properties of a signed-in user, kept over a restart
    /// (the persisted snapshot plays the keychain's part).
    @Test func aUsersPropertiesSurviveARestart() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = try AuthFixture(persistenceDirectory: directory)
        let google = GoogleAuthProvider.credential(
            withIDToken: LocalAuthBackend.fakeIdPToken(
                sub: "google-ada", email: adaEmail, name: "Ada Lovelace",
                picture: URL(string: "https://example.com/ada.png")),
            accessToken: "google-access")
        let user = try await fixture.auth.signIn(with: google).user
        #expect(user.providerID == "Firebase")
        #expect(user.displayName == "Ada Lovelace")
        #expect(user.photoURL == URL(string: "https://example.com/ada.png"))
        #expect(user.email == adaEmail)
        #expect(user.isEmailVerified)
        #expect(!user.isAnonymous)
        #expect(user.phoneNumber == nil)
        #expect(user.providerData.map(\.providerID) == ["google.com"])
        #expect(user.providerData.first?.uid == "google-ada")
        #expect(user.providerData.first?.displayName == "Ada Lovelace")
        let restarted = try AuthFixture(backend: fixture.backend, persistenceDirectory: directory)
        let restored = try #require(restarted.auth.currentUser)
        #expect(restored.displayName == "Ada Lovelace")
        #expect(restored.photoURL == user.photoURL)
        #expect(restored.providerData == user.providerData)
        #expect(restored.refreshToken == user.refreshToken)
    }

    /// The decision behind User being a class: a kept reference sees `reload()` (with a value type the read
    /// would stay stale), and `currentUser` is the same object across token refreshes and reloads.
    @Test func theSameObjectFollowsRefreshesAndReloads() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        _ = try await user.getIDToken(forcingRefresh: true)
        #expect(fixture.auth.currentUser === user)
        // Another device of the project names the account.
        let tablet = try AuthFixture(backend: fixture.backend)
        try await tablet.auth.signIn(withEmail: adaEmail, password: adaPassword)
        let change = try tablet.auth.signedInUser().createProfileChangeRequest()
        change.displayName = "Ada Lovelace"
        try await change.commitChanges()
        #expect(user.displayName == nil)
        try await user.reload()
        #expect(user.displayName == "Ada Lovelace")
        #expect(fixture.auth.currentUser === user)
    }

    /// UserTests.testUpdatePasswordSuccess.
    @Test func updatePasswordKeepsTheUserObject() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.updatePassword(to: "difference-engine")
        #expect(fixture.auth.currentUser === user)
        try fixture.auth.signOut()
        try await fixture.auth.signIn(withEmail: adaEmail, password: "difference-engine")
    }

    /// UserTests.testUpdateEmptyPasswordFailure: an empty password is `weakPassword` before any request.
    @Test func anEmptyPasswordIsWeakWithoutARequest() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.backend.simulatedError = .networkError  // a request would fail differently
        await #expect(throws: AuthErrorCode.weakPassword) { try await user.updatePassword(to: "") }
        #expect(fixture.auth.currentUser === user)
    }

    /// UserTests.testUpdatePasswordFailure: `requiresRecentLogin`, and the user stays signed in.
    @Test func updatePasswordAfterFiveMinutesRequiresRecentLogin() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 5 * 60 + 1)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await user.updatePassword(to: "new-password") }
        #expect(fixture.auth.currentUser === user)
    }

    /// UserTests' delete flow: `delete()` removes the account and signs out; it needs a recent sign-in.
    @Test func deleteRemovesTheAccountAndNeedsARecentSignIn() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 301)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await user.delete() }
        #expect(fixture.backend.account(uid: user.uid) != nil)
        try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        try await user.delete()
        #expect(fixture.auth.currentUser == nil)
        #expect(fixture.backend.account(uid: user.uid) == nil)
    }

    /// UserTests.testReauthenticateSuccess: reauthenticating clears `requiresRecentLogin`, keeps the object and
    /// returns it with additional user info.
    @Test func reauthenticateRenewsTheSignIn() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let states = UserRecorder()
        fixture.auth.addStateDidChangeListener(states.listener)
        fixture.clock.advance(by: 10 * 60)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await user.updatePassword(to: "new-password") }
        let result = try await user.reauthenticate(
            with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        #expect(result.user === user)
        #expect(result.additionalUserInfo?.providerID == "password")
        #expect(result.additionalUserInfo?.isNewUser == false)
        #expect(fixture.auth.currentUser === user)
        try await user.updatePassword(to: "new-password")
        #expect(states.uids == [user.uid])  // no sign-out, no user switch
    }

    /// UserTests' reauthenticate mismatch: another account's credential is `userMismatch` and the user stays
    /// signed in.
    @Test func reauthenticatingAsAnotherUserIsUserMismatch() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        await #expect(throws: AuthErrorCode.userMismatch) {
            try await ada.reauthenticate(
                with: EmailAuthProvider.credential(withEmail: graceEmail, password: gracePassword))
        }
        // An identity no account has: the SDK turns the backend's userNotFound into userMismatch.
        let stranger = GoogleAuthProvider.credential(
            withIDToken: LocalAuthBackend.fakeIdPToken(sub: "stranger"), accessToken: "a")
        await #expect(throws: AuthErrorCode.userMismatch) { try await ada.reauthenticate(with: stranger) }
        #expect(fixture.auth.currentUser === ada)
        #expect(fixture.backend.accounts.count == 2)  // reauthentication never creates an account
    }

    /// A wrong password in a reauthentication is the sign-in's error.
    @Test func reauthenticatingWithAWrongPasswordFails() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        await #expect(throws: AuthErrorCode.invalidCredential) {
            try await ada.reauthenticate(with: EmailAuthProvider.credential(withEmail: adaEmail, password: "wrong!!"))
        }
        await #expect(throws: AuthErrorCode.wrongPassword) {
            try await ada.reauthenticate(with: EmailAuthProvider.credential(withEmail: adaEmail, password: ""))
        }
        #expect(fixture.auth.currentUser === ada)
    }

    /// Reauthenticating with Google renews the sign-in of a Google user.
    @Test func reauthenticateWithAnIdentityProvider() async throws {
        let fixture = try AuthFixture()
        let token = LocalAuthBackend.fakeIdPToken(sub: "g-1", email: adaEmail)
        let user = try await fixture.auth.signIn(
            with: GoogleAuthProvider.credential(withIDToken: token, accessToken: "a")
        ).user
        fixture.clock.advance(by: 600)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await user.delete() }
        let result = try await user.reauthenticate(
            with: GoogleAuthProvider.credential(withIDToken: token, accessToken: "a"))
        #expect(result.additionalUserInfo?.providerID == "google.com")
        #expect(result.credential?.idToken == token)
        try await user.delete()
    }

    /// A user whose Auth is gone throws `nullUser` (the SDK stops the app when the Auth is gone); a user that is no
    /// longer its Auth's current user too, except for `reload()`, `link(with:)` and `reauthenticate(with:)`
    /// (AccountRulesTests).
    @Test func aUserOfAGoneOrOtherSessionIsNullUser() async throws {
        var fixture: AuthFixture? = try AuthFixture()
        let user = try await fixture!.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture!.auth.signOut()
        await #expect(throws: AuthErrorCode.nullUser) { try await user.getIDToken() }
        await #expect(throws: AuthErrorCode.nullUser) { try await user.delete() }
        try await fixture!.auth.signIn(withEmail: adaEmail, password: adaPassword)
        await #expect(throws: AuthErrorCode.nullUser) { try await user.updatePassword(to: "new-password") }
        await fixture!.app.delete()
        fixture = nil
        #expect(user.auth == nil)
        await #expect(throws: AuthErrorCode.nullUser) { try await user.getIDTokenResult() }
        await #expect(throws: AuthErrorCode.nullUser) { try await user.reload() }
        await #expect(throws: AuthErrorCode.nullUser) {
            try await user.link(with: EmailAuthProvider.credential(withEmail: graceEmail, password: gracePassword))
        }
    }

    /// A hand-made user belongs to no Auth.
    @Test func aHandMadeUserHasItsPropertiesAndNoAuth() async throws {
        let user = User(uid: "u1", email: adaEmail, displayName: "Ada", isEmailVerified: true)
        #expect(user.uid == "u1")
        #expect(user.displayName == "Ada")
        #expect(user.isEmailVerified)
        await #expect(throws: AuthErrorCode.nullUser) { try await user.getIDToken() }
    }
}
