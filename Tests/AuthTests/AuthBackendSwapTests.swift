// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: swapping and sharing the backend")
struct AuthBackendSwapTests {
    @Test func anOverrideReplacesTheDefaultBackend() async throws {
        let spy = SpyAuthBackend(local: LocalAuthBackend(projectID: "flint-test"))
        let app = try TestApp.make(libraries: [AuthLibrary.self], overrides: [AuthLibrary.backend(spy)])
        #expect(try app.container.require(AuthBackend.self) === spy)
        let auth = try Auth.auth(app: app)
        try await auth.createUser(withEmail: adaEmail, password: adaPassword)
        #expect(spy.local.account(email: adaEmail) != nil)
    }

    @Test func appsSharingABackendSeeEachOthersAccounts() async throws {
        let backend = LocalAuthBackend(projectID: "flint-test")
        let registry = AppRegistry()
        let phone = try AuthFixture(name: "phone", backend: backend, registry: registry)
        let tablet = try AuthFixture(name: "tablet", backend: backend, registry: registry)
        let ada = try await phone.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(tablet.auth.currentUser == nil)
        let onTablet = try await tablet.auth.signIn(withEmail: adaEmail, password: adaPassword).user
        #expect(onTablet.uid == ada.uid)
    }

    @Test func changingThePasswordOnOneDeviceSignsOutTheOther() async throws {
        let clock = TestClock()
        let backend = LocalAuthBackend(projectID: "flint-test", now: clock.closure)
        let registry = AppRegistry()
        let phone = try AuthFixture(name: "phone", clock: clock, backend: backend, registry: registry)
        let tablet = try AuthFixture(name: "tablet", clock: clock, backend: backend, registry: registry)
        try await phone.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await tablet.auth.signIn(withEmail: adaEmail, password: adaPassword)
        let tabletStates = UserRecorder()
        tablet.auth.addStateDidChangeListener(tabletStates.listener)

        clock.advance(by: 1)
        try await phone.auth.signedInUser().updatePassword(to: "difference-engine")
        // The tablet's cached token still works until the tablet refreshes it...
        clock.advance(by: 3600)
        await #expect(throws: AuthErrorCode.userTokenExpired) { try await tablet.auth.signedInUser().getIDToken() }
        // ...then it is signed out; the phone, whose session was renewed, is not.
        #expect(tablet.auth.currentUser == nil)
        #expect(tabletStates.values.last == .some(nil))
        _ = try await phone.auth.signedInUser().getIDToken()
        #expect(phone.auth.currentUser?.email == adaEmail)
    }

    @Test func anAccountDeletedElsewhereIsSignedOutAtTheNextRefresh() async throws {
        let backend = LocalAuthBackend(projectID: "flint-test")
        let registry = AppRegistry()
        let phone = try AuthFixture(name: "phone", backend: backend, registry: registry)
        let tablet = try AuthFixture(name: "tablet", backend: backend, registry: registry)
        try await phone.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await tablet.auth.signIn(withEmail: adaEmail, password: adaPassword)
        try await phone.auth.signedInUser().delete()
        await #expect(throws: AuthErrorCode.userNotFound) {
            try await tablet.auth.signedInUser().getIDToken(forcingRefresh: true)
        }
        #expect(tablet.auth.currentUser == nil)
    }

    @Test func tokensOfAnotherProjectAreRejected() async throws {
        let ours = LocalAuthBackend(projectID: "ours")
        let theirs = LocalAuthBackend(projectID: "theirs")
        let session = try await theirs.signUpAnonymously()
        await #expect(throws: AuthErrorCode.invalidUserToken) {
            try await ours.deleteAccount(idToken: session.idToken)
        }
        await #expect(throws: AuthErrorCode.invalidUserToken) {
            try await ours.refreshSession(refreshToken: session.refreshToken)
        }
    }

    @Test func theLocalBackendListsItsAccounts() async throws {
        let clock = TestClock()
        let backend = LocalAuthBackend(projectID: "flint-test", now: clock.closure)
        let ada = try await backend.signUp(email: adaEmail, password: adaPassword)
        clock.advance(by: 1)
        let anonymous = try await backend.signUpAnonymously()
        #expect(backend.accounts.map(\.uid) == [ada.account.uid, anonymous.account.uid])
        #expect(backend.account(email: "ADA@example.com")?.uid == ada.account.uid)
        #expect(anonymous.account.isAnonymous)
        #expect(throws: AuthErrorCode.userNotFound) { try backend.setDisabled(true, uid: "nobody") }
    }
}
