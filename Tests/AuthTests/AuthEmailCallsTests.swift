// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// `Auth.fetchSignInMethods(forEmail:)`, `User.updateEmail(to:)` and `User.idTokenForcingRefresh(_:)`, on the
/// embedded backend and over REST.
@Suite("Auth: fetchSignInMethods, updateEmail, idTokenForcingRefresh")
struct AuthEmailCallsTests {
    static let open = LocalAuthBackend.Configuration(emailEnumerationProtection: false)

    /// Signs in to `email` with an email link.
    static func signInWithLink(_ fixture: AuthFixture, _ email: String) async throws -> AuthDataResult {
        try await fixture.auth.sendSignInLink(toEmail: email, actionCodeSettings: SDKActionCodeTests.signInSettings())
        let link = try #require(fixture.backend.oobCodes.last { $0.requestType == "EMAIL_SIGNIN" }).oobLink
        return try await fixture.auth.signIn(withEmail: email, link: link)
    }

    // MARK: - fetchSignInMethods

    @Test func aPasswordAccountAnswersPassword() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        #expect(try await fixture.auth.fetchSignInMethods(forEmail: "Ada@Example.com") == ["password"])
    }

    @Test func anEmailLinkAccountAnswersEmailLinkApartFromPassword() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await Self.signInWithLink(fixture, adaEmail).user
        #expect(try await fixture.auth.fetchSignInMethods(forEmail: adaEmail) == ["emailLink"])
        try await user.updatePassword(to: adaPassword)
        #expect(try await fixture.auth.fetchSignInMethods(forEmail: adaEmail) == ["password", "emailLink"])
    }

    @Test func identityProvidersAreListedAfterTheEmailMethods() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let token = LocalAuthBackend.fakeIdPToken(sub: "google-ada", email: adaEmail)
        try await user.link(with: GoogleAuthProvider.credential(withIDToken: token, accessToken: "unused"))
        #expect(try await fixture.auth.fetchSignInMethods(forEmail: adaEmail) == ["password", "google.com"])
    }

    @Test func anUnknownAddressAnswersAnEmptyList() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        #expect(try await fixture.auth.fetchSignInMethods(forEmail: adaEmail).isEmpty)
    }

    @Test func emailEnumerationProtectionAnswersAnEmptyList() async throws {
        let fixture = try AuthFixture()  // protection on, the default
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        #expect(try await fixture.auth.fetchSignInMethods(forEmail: adaEmail).isEmpty)
    }

    @Test func aMalformedAddressIsInvalidEmail() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        await #expect(throws: AuthErrorCode.invalidEmail) {
            try await fixture.auth.fetchSignInMethods(forEmail: "not-an-address")
        }
    }

    @Test func restSendsCreateAuthUriAndReadsSigninMethods() async throws {
        let script = RESTAuthScript()
        script.answer(
            "accounts:createAuthUri",
            with: .json(
                #"{"kind":"identitytoolkit#CreateAuthUriResponse","registered":true,"#
                    + #""allProviders":["password"],"signinMethods":["password","emailLink"]}"#))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            #expect(try await auth.fetchSignInMethods(forEmail: adaEmail) == ["password", "emailLink"])
            let body = try #require(server.requests.last).jsonBody
            #expect(server.requests.last?.lastPathComponent == "accounts:createAuthUri")
            #expect(body["identifier"] as? String == adaEmail)
            #expect(body["continueUri"] as? String == "http://www.google.com/")
        }
    }

    @Test func restWithoutSigninMethodsAnswersAnEmptyListAndMapsErrors() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:createAuthUri", with: .json(#"{"kind":"identitytoolkit#CreateAuthUriResponse"}"#))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            #expect(try await auth.fetchSignInMethods(forEmail: adaEmail).isEmpty)
            script.fail("accounts:createAuthUri", message: "INVALID_EMAIL")
            await #expect(throws: AuthErrorCode.invalidEmail) { try await auth.fetchSignInMethods(forEmail: "x") }
        }
    }

    // MARK: - updateEmail

    @Test func updateEmailMovesTheAccountAndClearsVerification() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await Self.signInWithLink(fixture, adaEmail).user  // a verified address
        #expect(user.isEmailVerified)
        try await user.updateEmail(to: "Lovelace@Example.com")
        #expect(user.email == "lovelace@example.com")
        #expect(!user.isEmailVerified)
        #expect(user.providerData.first { $0.providerID == "password" }?.email == "lovelace@example.com")
        #expect(fixture.auth.currentUser === user)
        #expect(try await user.getIDTokenResult().claims["email"] == "lovelace@example.com")
        #expect(try await fixture.auth.fetchSignInMethods(forEmail: adaEmail).isEmpty)
        try await user.reload()
        #expect(user.email == "lovelace@example.com")
        #expect(!user.isEmailVerified)
    }

    @Test func updateEmailKeepsThePasswordForTheNewAddress() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.updateEmail(to: graceEmail)
        try fixture.auth.signOut()
        #expect(try await fixture.auth.signIn(withEmail: graceEmail, password: adaPassword).user.uid == user.uid)
        await #expect(throws: AuthErrorCode.userNotFound) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        }
    }

    @Test func updateEmailNeedsARecentLogin() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 301)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await user.updateEmail(to: graceEmail) }
        try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        try await user.updateEmail(to: graceEmail)
        #expect(user.email == graceEmail)
    }

    @Test func updateEmailToAnotherAccountsAddressIsEmailAlreadyInUse() async throws {
        let fixture = try AuthFixture(configuration: Self.open)
        try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) { try await user.updateEmail(to: graceEmail) }
        await #expect(throws: AuthErrorCode.invalidEmail) { try await user.updateEmail(to: "nope") }
        #expect(user.email == adaEmail)
    }

    @Test func restUpdateEmailSendsAccountsUpdateWithTheEmail() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (_, user) = try await SDKSetAccountInfoTests.signedIn(server)
            script.answer("accounts:update", with: SDKSetAccountInfoTests.updateAnswer)
            try await user.updateEmail(to: graceEmail)
            let body = try #require(server.requests.first { $0.lastPathComponent == "accounts:update" }).jsonBody
            #expect(body["email"] as? String == graceEmail)
            #expect(body["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 2))
            #expect(body["returnSecureToken"] as? Bool == true)
            #expect(try await user.getIDToken() == RESTAuthScript.idToken(provider: "password", iat: 9))
            script.fail("accounts:update", message: "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
            await #expect(throws: AuthErrorCode.requiresRecentLogin) { try await user.updateEmail(to: graceEmail) }
            script.fail("accounts:update", message: "EMAIL_EXISTS")
            await #expect(throws: AuthErrorCode.emailAlreadyInUse) { try await user.updateEmail(to: graceEmail) }
        }
    }

    // MARK: - idTokenForcingRefresh

    @Test func idTokenForcingRefreshIsGetIDToken() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let cached = try await user.getIDToken()
        #expect(try await user.idTokenForcingRefresh(false) == cached)
        let fresh = try await user.idTokenForcingRefresh(true)
        #expect(fresh != cached)
        #expect(try await user.getIDToken() == fresh)
    }
}
