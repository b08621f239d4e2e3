// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// Anonymous sign-in's additional user info, ported from the SDK's FirebaseAuth/Tests/Unit/AuthTests.swift
/// (`testSignInAnonymouslySuccess`) as of 12.19, whose `signInAnonymously` reports a `providerID` of `""`.
@Suite("Auth: signInAnonymously's additionalUserInfo, ported from the SDK's tests")
struct SDKSignInAnonymouslyTests {
    /// AuthTests.testSignInAnonymouslySuccess, embedded.
    @Test func embeddedAnonymousSignInReportsAnEmptyProviderID() async throws {
        let fixture = try AuthFixture()
        let info = try #require(try await fixture.auth.signInAnonymously().additionalUserInfo)
        #expect(info.providerID == "")
        #expect(info.isNewUser)
        #expect(try await fixture.auth.signedInUser().getIDTokenResult().signInProvider == "anonymous")
    }

    /// AuthTests.testSignInAnonymouslySuccess over REST: a `SignUpNewUserRequest` with only
    /// `returnSecureToken`, answered with `isNewUser: true`.
    @Test func restAnonymousSignInReportsAnEmptyProviderID() async throws {
        let script = RESTAuthScript()
        let idToken = RESTAuthScript.idToken(provider: "anonymous", iat: 11, uid: "anon-2")
        let answer = RESTAuthScript.tokens(idToken: idToken, refreshToken: "anon-2", extra: #""isNewUser":true"#)
        script.answer("accounts:signUp", with: .json(answer))
        script.answer("accounts:lookup", with: .json(#"{"users":[{"localId":"anon-2"}]}"#))
        try await withTestHTTPServer(script.handler) { server in
            let result = try await emulatedAuth(server).signInAnonymously()
            #expect(result.additionalUserInfo == AdditionalUserInfo(providerID: "", isNewUser: true))
            #expect(result.user.isAnonymous)
            #expect(server.requests.first?.jsonBody.keys.sorted() == ["returnSecureToken"])
        }
    }
}
