// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// The rest of the Auth-level surface (`updateCurrentUser`, `tenantID`, `languageCode`, `useAppLanguage`,
/// `revokeToken`, `app`), ported from the SDK's FirebaseAuth/Tests/Unit/AuthTests.swift (the test each comes
/// from is named on it), against both backends where the call goes over the wire.
@Suite("Auth: updateCurrentUser, tenants, language, revokeToken, ported from the SDK's tests")
struct SDKAuthSurfaceTests {
    /// `Auth.app` is the app the Auth belongs to (AuthTests' `auth.app` checks).
    @Test func appIsTheAuthsApp() throws {
        let fixture = try AuthFixture()
        #expect(fixture.auth.app === fixture.app)
    }

    // MARK: - updateCurrentUser, embedded

    /// AuthTests.testUpdateCurrentUserSuccess: the current user becomes the user given.
    @Test func updateCurrentUserReplacesTheCurrentUser() async throws {
        let fixture = try AuthFixture()
        let user1 = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        let user2 = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword).user
        #expect(fixture.auth.currentUser == user2)
        let recorder = UserRecorder()
        let handle = fixture.auth.addStateDidChangeListener(recorder.listener)
        defer { fixture.auth.removeStateDidChangeListener(handle) }

        try await fixture.auth.updateCurrentUser(user1)
        #expect(fixture.auth.currentUser?.uid == user1.uid)
        #expect(fixture.auth.currentUser?.refreshToken == user1.refreshToken)
        #expect(fixture.auth.currentUser?.email == adaEmail)
        #expect(recorder.uids == [user2.uid, user1.uid])
        #expect(try await fixture.auth.signedInUser().getIDTokenResult().standardClaims.userID == user1.uid)
    }

    /// AuthTests.testUpdateCurrentUserSuccess across apps: a user signed in through another app of the same
    /// project (one backend shared by two apps) becomes this app's user.
    @Test func updateCurrentUserTakesAUserOfAnotherAppOfTheProject() async throws {
        let phone = try AuthFixture(name: "phone")
        let tablet = try AuthFixture(name: "tablet", backend: phone.backend)
        let user = try await phone.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await tablet.auth.updateCurrentUser(user)
        #expect(tablet.auth.currentUser?.uid == user.uid)
    }

    /// AuthTests.testUpdateCurrentUserFailureNullUser.
    @Test func updateCurrentUserWithNilIsNullUser() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        await #expect(throws: AuthErrorCode.nullUser) { try await fixture.auth.updateCurrentUser(nil) }
        #expect(fixture.auth.currentUser != nil)
    }

    /// AuthTests.testUpdateCurrentUserFailureTenantIDMismatch.
    @Test func updateCurrentUserWithAnotherTenantsUserIsTenantIDMismatch() async throws {
        let fixture = try AuthFixture()
        let auth = fixture.auth
        let user1 = try await auth.signInAnonymously().user  // no tenant
        #expect(user1.tenantID == nil)
        try auth.signOut()
        auth.tenantID = "tenant-id-1"
        let user2 = try await auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(user2.tenantID == "tenant-id-1")
        #expect(try await auth.signedInUser().getIDTokenResult().claims["firebase"]?["tenant"] == "tenant-id-1")
        try auth.signOut()

        auth.tenantID = "tenant-id-2"
        await #expect(throws: AuthErrorCode.tenantIDMismatch) { try await auth.updateCurrentUser(user1) }
        await #expect(throws: AuthErrorCode.tenantIDMismatch) { try await auth.updateCurrentUser(user2) }
        auth.tenantID = nil
        await #expect(throws: AuthErrorCode.tenantIDMismatch) { try await auth.updateCurrentUser(user2) }
        #expect(auth.currentUser == nil)
        auth.tenantID = "tenant-id-1"
        try await auth.updateCurrentUser(user2)
        #expect(auth.currentUser?.tenantID == "tenant-id-1")
    }

    /// AuthTests.testUpdateCurrentUserFailure (a user of another project: the SDK's reload with this app's key
    /// fails): the embedded backend does not know the user's refresh token.
    @Test func updateCurrentUserWithAnotherProjectsUserIsInvalidUserToken() async throws {
        let other = try AuthFixture(name: "other", backend: LocalAuthBackend(projectID: "another-project"))
        let stranger = try await other.auth.signInAnonymously().user
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.invalidUserToken) { try await fixture.auth.updateCurrentUser(stranger) }
        await #expect(throws: AuthErrorCode.invalidUserToken) {
            try await fixture.auth.updateCurrentUser(User(uid: "hand-made"))  // no refresh token
        }
        #expect(fixture.auth.currentUser == nil)
    }

    /// AuthTests.testUpdateCurrentUserFailureNetworkError, embedded.
    @Test func updateCurrentUserOfflineIsNetworkError() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        try fixture.auth.signOut()
        fixture.backend.simulatedError = .networkError
        await #expect(throws: AuthErrorCode.networkError) { try await fixture.auth.updateCurrentUser(user) }
        #expect(fixture.auth.currentUser == nil)
    }

    /// A user value whose session belongs to another uid is `userMismatch`; a revoked session is the
    /// refresh's `userTokenExpired`.
    @Test func updateCurrentUserChecksTheSession() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        let forged = User(uid: "someone-else", email: ada.email, refreshToken: ada.refreshToken)
        await #expect(throws: AuthErrorCode.userMismatch) { try await fixture.auth.updateCurrentUser(forged) }
        fixture.clock.advance(by: 1)
        try fixture.backend.revokeRefreshTokens(uid: ada.uid)
        await #expect(throws: AuthErrorCode.userTokenExpired) { try await fixture.auth.updateCurrentUser(ada) }
        #expect(fixture.auth.currentUser == nil)
    }

    // MARK: - updateCurrentUser, REST

    /// AuthTests.testUpdateCurrentUserSuccess and testUpdateCurrentUserFailure over REST: the session is
    /// checked with the Secure Token API; a refresh token it refuses is `invalidUserToken`.
    @Test func restUpdateCurrentUserExchangesTheRefreshToken() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let user = User(uid: RESTAuthScript.uid, refreshToken: "refresh-elsewhere")
            try await auth.updateCurrentUser(user)
            #expect(auth.currentUser?.uid == RESTAuthScript.uid)
            let token = try #require(server.requests.first { $0.lastPathComponent == "token" })
            #expect(token.jsonBody["refreshToken"] as? String == "refresh-elsewhere")

            try auth.signOut()
            script.fail("token", message: "INVALID_REFRESH_TOKEN")
            await #expect(throws: AuthErrorCode.invalidUserToken) { try await auth.updateCurrentUser(user) }
            #expect(auth.currentUser == nil)
        }
    }

    // MARK: - tenantID and languageCode over REST

    /// AuthTests' tenant tests and the RPC request tests' `tenantId` (VerifyCustomTokenRequest,
    /// VerifyPasswordRequest, SignUpNewUserRequest, GetOOBConfirmationCodeRequest): the tenant is sent in the
    /// bodies the SDK sends it in, and not in `accounts:lookup` or the Secure Token request.
    @Test func restSendsTheTenantWhereTheSDKDoes() async throws {
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let auth = try emulatedAuth(server)
            #expect(auth.tenantID == nil)
            auth.tenantID = "tenant-1"
            let user = try await auth.signIn(withEmail: adaEmail, password: adaPassword).user
            #expect(user.tenantID == "tenant-1")
            try await auth.signIn(withCustomToken: "test token")
            try await auth.sendPasswordReset(withEmail: adaEmail)
            _ = try await auth.signedInUser().getIDToken(forcingRefresh: true)
            #expect(auth.currentUser?.tenantID == "tenant-1")  // kept by a refresh
            for request in server.requests {
                let expected: String? =
                    ["accounts:lookup", "token"].contains(request.lastPathComponent) ? nil : "tenant-1"
                #expect(request.jsonBody["tenantId"] as? String == expected, "\(request.lastPathComponent)")
            }
            #expect(server.requests.count == 7)
        }
    }

    /// The language is the `X-Firebase-Locale` header of every request while set (the SDK's
    /// AuthBackend adds it from `requestConfiguration.languageCode`), absent otherwise.
    @Test func restSendsTheLanguageAsXFirebaseLocale() async throws {
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let auth = try emulatedAuth(server)
            #expect(auth.languageCode == nil)
            try await auth.sendPasswordReset(withEmail: adaEmail)
            auth.languageCode = "fr"
            try await auth.sendPasswordReset(withEmail: adaEmail)
            #expect(server.requests.map { $0.headers["x-firebase-locale"] } == [nil, "fr"])
        }
    }

    /// AuthTests' `useAppLanguage`: the language becomes the process's preferred language.
    @Test func useAppLanguageSetsThePreferredLanguage() throws {
        let fixture = try AuthFixture()
        fixture.auth.languageCode = "xx"
        fixture.auth.useAppLanguage()
        #expect(fixture.auth.languageCode == Locale.preferredLanguages.first)
    }

    /// The server's `TENANT_ID_MISMATCH` and the embedded backend's check of a custom token's `tenant_id`.
    @Test func aCustomTokenOfAnotherTenantIsTenantIDMismatch() async throws {
        #expect(RESTAuthErrors.code(forServerMessage: "TENANT_ID_MISMATCH") == .tenantIDMismatch)
        let fixture = try AuthFixture()
        let token =
            LocalJWT.base64URL(Data(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "."
            + LocalJWT.base64URL(Data(#"{"uid":"t-1","tenant_id":"tenant-a"}"#.utf8)) + "."
        fixture.auth.tenantID = "tenant-b"
        await #expect(throws: AuthErrorCode.tenantIDMismatch) { try await fixture.auth.signIn(withCustomToken: token) }
        fixture.auth.tenantID = "tenant-a"
        #expect(try await fixture.auth.signIn(withCustomToken: token).user.tenantID == "tenant-a")
    }

    // MARK: - revokeToken

    /// AuthTests.testRevokeTokenSuccess: Flint has no Sign in with Apple, so it refuses before any request.
    @Test func revokeTokenIsRefusedWithoutARequest() async throws {
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let auth = try emulatedAuth(server)
            try await auth.signIn(withEmail: adaEmail, password: adaPassword)
            let before = server.requests.count
            await #expect(throws: AuthErrorCode.operationNotAllowed) {
                try await auth.revokeToken(withAuthorizationCode: "code")
            }
            #expect(server.requests.count == before)
        }
    }

}
