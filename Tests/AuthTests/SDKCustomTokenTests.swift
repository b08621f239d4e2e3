// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// Custom-token sign-in, ported from the SDK's FirebaseAuth/Tests/Unit/AuthTests.swift
/// (`testSignInWithCustomTokenSuccess`, `testSignInWithCustomTokenFailure`) and
/// FirebaseAuth/Tests/Unit/VerifyCustomTokenTests.swift, against both backends.
@Suite("Auth: signIn(withCustomToken:), ported from the SDK's tests")
struct SDKCustomTokenTests {
    /// The Auth emulator's unsigned custom token for `payload` (`{"alg":"none","typ":"JWT"}`).
    private static func emulatorToken(_ payload: String) -> String {
        LocalJWT.base64URL(Data(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + LocalJWT.base64URL(Data(payload.utf8))
            + "."
    }

    // MARK: - Embedded backend

    /// AuthTests.testSignInWithCustomTokenSuccess, embedded: a minted token signs in a new user, then the same
    /// user again; `providerID` is "" as in the SDK (12.19).
    @Test func aMintedTokenSignsInAndCreatesTheAccountOnce() async throws {
        let fixture = try AuthFixture()
        let token = fixture.backend.customToken(uid: "custom-uid")
        let first = try await fixture.auth.signIn(withCustomToken: token)
        #expect(first.user.uid == "custom-uid")
        #expect(first.user.isAnonymous == false)
        #expect(first.additionalUserInfo == AdditionalUserInfo(providerID: "", isNewUser: true))
        #expect(fixture.auth.currentUser == first.user)
        #expect(try await fixture.auth.signedInUser().getIDTokenResult().signInProvider == "custom")

        let again = try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: "custom-uid"))
        #expect(again.additionalUserInfo == AdditionalUserInfo(providerID: "", isNewUser: false))
        #expect(fixture.backend.accounts.map(\.uid) == ["custom-uid"])
    }

    /// Developer claims reach the ID token, and `claims` is the whole claim set, also after a refresh.
    @Test func developerClaimsReachTheIDTokenClaims() async throws {
        let fixture = try AuthFixture()
        let token = fixture.backend.customToken(
            uid: "admin-1", claims: ["admin": true, "tier": 3, "groups": ["a", "b"]])
        try await fixture.auth.signIn(withCustomToken: token)
        let result = try await fixture.auth.signedInUser().getIDTokenResult()
        #expect(result.claims["admin"] == true)
        #expect(result.claims["tier"]?.intValue == 3)
        #expect(result.claims["groups"] == ["a", "b"])
        #expect(result.claims["sub"]?.stringValue == "admin-1")
        #expect(result.claims["firebase"]?["sign_in_provider"] == "custom")
        #expect(result.standardClaims.userID == "admin-1")
        let refreshed = try await fixture.auth.signedInUser().getIDTokenResult(forcingRefresh: true)
        #expect(refreshed.token != result.token)
        #expect(refreshed.claims["admin"] == true)
    }

    /// The Auth emulator's own unsigned tokens (`uid`, optional `claims`) are accepted.
    @Test func theEmulatorsUnsignedTokensAreAccepted() async throws {
        let fixture = try AuthFixture()
        let token = Self.emulatorToken(#"{"uid":"emu-1","claims":{"role":"editor"}}"#)
        let result = try await fixture.auth.signIn(withCustomToken: token)
        #expect(result.user.uid == "emu-1")
        #expect(try await fixture.auth.signedInUser().getIDTokenResult().claims["role"] == "editor")
    }

    /// AuthTests.testSignInWithCustomTokenFailure, embedded: malformed tokens are `invalidCustomToken` and
    /// sign nobody in.
    @Test(arguments: [
        "not a token",
        "a.b",
        emulatorToken(#"{"claims":{}}"#),  // no uid
        emulatorToken(#"{"uid":""}"#),
        emulatorToken(#"{"uid":"\#(String(repeating: "x", count: 129))"}"#),
        emulatorToken(#"{"uid":"u","claims":{"sub":"someone-else"}}"#),  // a reserved claim
        emulatorToken(#"{"uid":"u","claims":"admin"}"#),  // claims that are not an object
    ])
    func malformedTokensAreInvalidCustomToken(token: String) async throws {
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.invalidCustomToken) {
            try await fixture.auth.signIn(withCustomToken: token)
        }
        #expect(fixture.auth.currentUser == nil)
        #expect(fixture.backend.accounts.isEmpty)
    }

    @Test func anExpiredTokenIsInvalidCustomToken() async throws {
        let fixture = try AuthFixture()
        let token = fixture.backend.customToken(uid: "late")
        fixture.clock.advance(by: 3601)
        await #expect(throws: AuthErrorCode.invalidCustomToken) {
            try await fixture.auth.signIn(withCustomToken: token)
        }
    }

    /// VerifyCustomTokenTests.testVerifyCustomTokenRequestErrors' `CREDENTIAL_MISMATCH`, embedded: a token of
    /// another project or another audience.
    @Test func aTokenOfAnotherProjectOrAudienceIsCustomTokenMismatch() async throws {
        let fixture = try AuthFixture()
        let otherProject = LocalAuthBackend(projectID: "another-project").customToken(uid: "u")
        let otherAudience = Self.emulatorToken(#"{"uid":"u","aud":"https://example.com/not-identity-toolkit"}"#)
        for token in [otherProject, otherAudience] {
            await #expect(throws: AuthErrorCode.customTokenMismatch) {
                try await fixture.auth.signIn(withCustomToken: token)
            }
        }
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func aDisabledAccountIsUserDisabled() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: "off"))
        try fixture.auth.signOut()
        try fixture.backend.setDisabled(true, uid: "off")
        await #expect(throws: AuthErrorCode.userDisabled) {
            try await fixture.auth.signIn(withCustomToken: fixture.backend.customToken(uid: "off"))
        }
    }

    // MARK: - REST

    /// AuthTests.testSignInWithCustomTokenSuccess and VerifyCustomTokenTests.testVerifyCustomTokenRequestOptionalFields
    /// / testSuccessfulVerifyCustomTokenResponse, over REST: the request body and the answer's fields.
    @Test func restSendsTheTokenAndReadsTheAnswer() async throws {
        // The script's answer: {idToken, refreshToken: "refresh-custom", expiresIn: "12345", isNewUser: true, kind}.
        try await withTestHTTPServer(RESTAuthScript().handler) { server in
            let auth = try emulatedAuth(server)
            let result = try await auth.signIn(withCustomToken: "test token")
            #expect(result.user.uid == RESTAuthScript.uid)
            #expect(result.user.refreshToken == "refresh-custom")
            #expect(result.additionalUserInfo == AdditionalUserInfo(providerID: "", isNewUser: true))
            let request = try #require(server.requests.first)
            #expect(request.lastPathComponent == "accounts:signInWithCustomToken")
            #expect(request.jsonBody["token"] as? String == "test token")
            #expect(request.jsonBody["returnSecureToken"] as? Bool == true)
            #expect(request.jsonBody["tenantId"] == nil)
            #expect(auth.currentUser == result.user)
        }
    }

    /// VerifyCustomTokenTests.testVerifyCustomTokenRequestErrors and AuthTests.testSignInWithCustomTokenFailure,
    /// over REST: the server's messages (with and without detail) and their codes.
    @Test(arguments: [
        ("INVALID_CUSTOM_TOKEN", AuthErrorCode.invalidCustomToken),
        ("INVALID_CUSTOM_TOKEN : Detailed Error", .invalidCustomToken),
        ("INVALID_CUSTOM_TOKEN :", .invalidCustomToken),
        ("CREDENTIAL_MISMATCH:", .customTokenMismatch),
    ])
    func restMapsTheServersErrors(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        script.fail("accounts:signInWithCustomToken", message: message)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: code) { try await auth.signIn(withCustomToken: "test token") }
            #expect(auth.currentUser == nil)
        }
    }
}
