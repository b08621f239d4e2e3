// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's VerifyAssertionTests (the request and response of `verifyAssertion`, v1
/// `accounts:signInWithIdp`) and AuthTests' / UserTests' identity-provider flows, over the wire against
/// ``TestHTTPServer`` with the real bodies.
@Suite("SDK VerifyAssertionTests: accounts:signInWithIdp over REST")
struct SDKVerifyAssertionTests {
    static let providerIDToken = RESTAuthScript.idToken(provider: "google.com", iat: 7)

    /// A successful `signInWithIdp` answer for Google, as the SDK's test scripts it.
    static func idpAnswer(isNewUser: Bool = true, rawUserInfo: String? = nil) -> TestHTTPResponse {
        let profile =
            rawUserInfo
            ?? #""{\"iss\":\"https://accounts.google.com\",\"email\":\"test@email.com\",\"given_name\":\"User\",\"family_name\":\"Doe\"}""#
        return .json(
            RESTAuthScript.tokens(
                idToken: RESTAuthScript.idToken(provider: "google.com", iat: 8), refreshToken: "refresh-idp",
                expiresIn: "12345",
                extra: #""providerId":"google.com","localId":"\#(RESTAuthScript.uid)","isNewUser":\#(isNewUser),"#
                    + #""rawUserInfo":\#(profile),"username":"Joe Doe","email":"test@email.com","#
                    + #""oauthIdToken":"oauth-id-token","oauthAccessToken":"oauth-access-token","#
                    + #""photoUrl":"www.example.com","verifiedProvider":["Provider"]"#))
    }

    /// VerifyAssertionTests.testVerifyAssertionRequestProviderAccessToken and the sign-in flow: the body has
    /// the SDK's `requestUri`, `postBody`, `returnSecureToken`, `returnIdpCredential` and `autoCreate`; no
    /// `idToken` for a sign-in.
    @Test func signInSendsTheSDKsBody() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signInWithIdp", with: Self.idpAnswer())
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let result = try await auth.signIn(
                with: GoogleAuthProvider.credential(withIDToken: Self.providerIDToken, accessToken: "google-access"))
            #expect(server.requests.map(\.lastPathComponent) == ["accounts:signInWithIdp", "accounts:lookup"])
            let body = server.requests[0].jsonBody
            #expect(body["requestUri"] as? String == "http://localhost")
            var components = URLComponents()
            components.queryItems = [
                URLQueryItem(name: "providerId", value: "google.com"),
                URLQueryItem(name: "id_token", value: Self.providerIDToken),
                URLQueryItem(name: "access_token", value: "google-access"),
            ]
            #expect(body["postBody"] as? String == components.query)
            #expect(body["returnSecureToken"] as? Bool == true)
            #expect(body["returnIdpCredential"] as? Bool == true)
            #expect(body["autoCreate"] as? Bool == true)
            #expect(body["idToken"] == nil)
            #expect(body["tenantId"] == nil)
            #expect(server.requests[0].query == "key=flint-test-api-key")
            #expect(result.user.uid == RESTAuthScript.uid)
        }
    }

    /// VerifyAssertionTests.testVerifyAssertionRequestOptionalFields and
    /// AuthTests.testSignInWithAppleCredentialFullNameInRequest: a nonce, an OAuth secret and Apple's full
    /// name (`user={"name":{"firstName":…,"lastName":…}}`, sorted keys) in the `postBody`; the tenant as
    /// `tenantId`.
    @Test func optionalFieldsGoInThePostBody() async throws {
        var name = PersonNameComponents()
        name.givenName = "Paul"
        name.familyName = "B"
        let apple = OAuthProvider.appleCredential(withIDToken: "apple-id-token", rawNonce: "raw-nonce", fullName: name)
        #expect(
            RESTAuthBackend.postBody(of: try #require(apple.idpAssertion))
                == #"providerId=apple.com&id_token=apple-id-token&nonce=raw-nonce&user={"name":{"firstName":"Paul","lastName":"B"}}"#
        )
        let twitter = TwitterAuthProvider.credential(withToken: "token", secret: "secret")
        #expect(
            RESTAuthBackend.postBody(of: try #require(twitter.idpAssertion))
                == "providerId=twitter.com&access_token=token&oauth_token_secret=secret")
        let script = RESTAuthScript()
        script.answer("accounts:signInWithIdp", with: Self.idpAnswer())
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            auth.tenantID = "tenant-1"
            try await auth.signIn(with: apple)
            #expect(server.requests[0].jsonBody["tenantId"] as? String == "tenant-1")
        }
    }

    /// VerifyAssertionTests.testSuccessfulVerifyAssertionResponse and AuthTests.testSignInWithCredentialSuccess:
    /// the answer's provider, profile
    /// (`rawUserInfo` as a JSON string), username and `isNewUser` become `additionalUserInfo`; its OAuth tokens
    /// the result's credential.
    @Test func theAnswerBecomesAdditionalUserInfoAndACredential() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signInWithIdp", with: Self.idpAnswer())
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let result = try await auth.signIn(
                with: GoogleAuthProvider.credential(withIDToken: Self.providerIDToken, accessToken: "a"))
            let info = try #require(result.additionalUserInfo)
            #expect(info.providerID == "google.com")
            #expect(info.isNewUser)
            #expect(info.username == "Joe Doe")
            #expect(
                info.profile == [
                    "iss": "https://accounts.google.com", "email": "test@email.com", "given_name": "User",
                    "family_name": "Doe",
                ])
            #expect(result.credential?.provider == "google.com")
            #expect(result.credential?.idToken == "oauth-id-token")
            #expect(result.credential?.accessToken == "oauth-access-token")
            #expect(try await result.user.getIDTokenResult().signInProvider == "google.com")
        }
    }

    /// VerifyAssertionTests.testSuccessfulVerifyAssertionResponseWithTextData: `rawUserInfo` as an object, and
    /// `isNewUser` false.
    @Test func aProfileObjectAndAReturningUser() async throws {
        let script = RESTAuthScript()
        script.answer(
            "accounts:signInWithIdp", with: Self.idpAnswer(isNewUser: false, rawUserInfo: #"{"sub":"g-1","age":3}"#))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let result = try await auth.signIn(
                with: GoogleAuthProvider.credential(withIDToken: Self.providerIDToken, accessToken: "a"))
            #expect(result.additionalUserInfo?.isNewUser == false)
            #expect(result.additionalUserInfo?.profile == ["sub": "g-1", "age": 3])
        }
    }

    /// VerifyAssertionTests.testVerifyAssertionRequestErrors and AuthTests.testSignInWithGoogleCredentialFailure
    /// (`EMAIL_EXISTS`): the server's messages for `verifyAssertion`.
    @Test(arguments: [
        ("EMAIL_EXISTS", AuthErrorCode.emailAlreadyInUse),
        ("INVALID_IDP_RESPONSE", .invalidCredential),
        ("USER_DISABLED", .userDisabled),
        ("FEDERATED_USER_ID_ALREADY_LINKED:", .credentialAlreadyInUse),
        ("OPERATION_NOT_ALLOWED", .operationNotAllowed),
        ("PASSWORD_LOGIN_DISABLED", .operationNotAllowed),
        ("MISSING_OR_INVALID_NONCE : Duplicate credential received.", .missingOrInvalidNonce),
    ])
    func serverErrorsAreMapped(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        script.fail("accounts:signInWithIdp", message: message)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let error = await #expect(throws: code) {
                try await auth.signIn(with: GitHubAuthProvider.credential(withToken: "gh"))
            }
            #expect((error as NSError?)?.localizedDescription == code.message)
            #expect(auth.currentUser == nil)
        }
    }

    /// UserTests' link of an identity provider: `signInWithIdp` with the user's ID token; the user keeps its
    /// object and uid and is no longer anonymous.
    @Test func linkSendsTheUsersIDToken() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signInWithIdp", with: Self.idpAnswer(isNewUser: false))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let user = try await auth.signInAnonymously().user
            script.answer("accounts:lookup", with: .json(#"{"users":[\#(SDKGetAccountInfoTests.googleUser)]}"#))
            let result = try await user.link(
                with: GoogleAuthProvider.credential(withIDToken: Self.providerIDToken, accessToken: "a"))
            #expect(result.user === user)
            #expect(auth.currentUser === user)
            #expect(!user.isAnonymous)
            #expect(user.providerData.map(\.providerID) == ["google.com"])
            let link = server.requests[2]
            #expect(link.lastPathComponent == "accounts:signInWithIdp")
            #expect(link.jsonBody["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 1))
            #expect(link.jsonBody["autoCreate"] as? Bool == true)
        }
    }

    /// With `returnIdpCredential` the server may answer 200 with an `errorMessage`: the SDK's
    /// `FEDERATED_USER_ID_ALREADY_LINKED` is `credentialAlreadyInUse` carrying the answer's credential and
    /// email (`AuthErrorUserInfoUpdatedCredentialKey`, `AuthErrorUserInfoEmailKey`).
    @Test func anErrorMessageInASuccessfulAnswerCarriesTheUpdatedCredential() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let user = try await auth.signInAnonymously().user
            script.answer(
                "accounts:signInWithIdp",
                with: .json(
                    #"{"errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED","providerId":"google.com","#
                        + #""email":"owner@example.com","oauthIdToken":"owner-id-token","oauthAccessToken":"owner-access"}"#
                ))
            let error = await #expect(throws: AuthErrorCode.credentialAlreadyInUse) {
                try await user.link(with: GoogleAuthProvider.credential(withIDToken: "t", accessToken: "a"))
            }
            let bridged = try #require(error as NSError?)
            let updated = try #require(bridged.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? OAuthCredential)
            #expect(updated.provider == "google.com")
            #expect(updated.idToken == "owner-id-token")
            #expect(updated.accessToken == "owner-access")
            #expect(bridged.userInfo[AuthErrorUserInfoEmailKey] as? String == "owner@example.com")
            #expect(auth.currentUser === user)  // still signed in
        }
    }

    /// AuthTests' `needConfirmation` case of signIn(with: Google): the provider's email belongs to another account: `accountExistsWithDifferentCredential`
    /// with the email and credential.
    @Test func needConfirmationIsAccountExistsWithDifferentCredential() async throws {
        let script = RESTAuthScript()
        script.answer(
            "accounts:signInWithIdp",
            with: .json(
                #"{"needConfirmation":true,"providerId":"facebook.com","email":"ada@example.com","#
                    + #""oauthAccessToken":"fb-access","localId":"uid-ada"}"#))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let error = await #expect(throws: AuthErrorCode.accountExistsWithDifferentCredential) {
                try await auth.signIn(with: FacebookAuthProvider.credential(withAccessToken: "fb"))
            }
            #expect(error?.email == adaEmail)
            #expect(error?.updatedCredential?.provider == "facebook.com")
            #expect(auth.currentUser == nil)
        }
    }

    /// A reauthentication with an identity provider sends `autoCreate` false; an answer for another uid is
    /// `userMismatch`, and `USER_NOT_FOUND` too, as the SDK maps it.
    @Test func reauthenticationDoesNotCreateAccounts() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signInWithIdp", with: Self.idpAnswer(isNewUser: false))
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let user = try await auth.signIn(
                with: GoogleAuthProvider.credential(withIDToken: Self.providerIDToken, accessToken: "a")
            ).user
            let result = try await user.reauthenticate(
                with: GoogleAuthProvider.credential(withIDToken: Self.providerIDToken, accessToken: "a"))
            #expect(result.user === user)
            #expect(
                server.requests.last { $0.lastPathComponent == "accounts:signInWithIdp" }?.jsonBody["autoCreate"]
                    as? Bool == false)
            script.fail("accounts:signInWithIdp", message: "USER_NOT_FOUND")
            await #expect(throws: AuthErrorCode.userMismatch) {
                try await user.reauthenticate(with: GoogleAuthProvider.credential(withIDToken: "x", accessToken: "a"))
            }
            #expect(auth.currentUser === user)
        }
    }
}
