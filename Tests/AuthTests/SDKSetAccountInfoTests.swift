// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's SetAccountInfoTests (`setAccountInfo`, v1 `accounts:update`), SignUpNewUserTests' linking
/// form (`accounts:signUp` with an ID token) and DeleteAccountTests, with UserTests' flows that send them,
/// over the wire.
@Suite("SDK SetAccountInfoTests, DeleteAccountTests: accounts:update, signUp with idToken, delete over REST")
struct SDKSetAccountInfoTests {
    /// An `accounts:update` answer with new tokens.
    static let updateAnswer = TestHTTPResponse.json(
        RESTAuthScript.tokens(
            idToken: RESTAuthScript.idToken(provider: "password", iat: 9), refreshToken: "refresh-9",
            extra: #""localId":"\#(RESTAuthScript.uid)","displayName":"Ada Lovelace""#))

    /// A signed-in Auth on `server` and its user.
    static func signedIn(_ server: TestHTTPServer) async throws -> (Auth, User) {
        let auth = try emulatedAuth(server)
        let user = try await auth.signIn(withEmail: adaEmail, password: adaPassword).user
        return (auth, user)
    }

    /// SetAccountInfoTests.testSetAccountInfoRequest (profile fields): `displayName`, `photoUrl`,
    /// `returnSecureToken`; the new tokens are kept and the user shows the change.
    @Test func aProfileChangeSendsTheNameAndPhoto() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (auth, user) = try await Self.signedIn(server)
            script.answer("accounts:update", with: Self.updateAnswer)
            script.answer(
                "accounts:lookup",
                with: .json(
                    #"{"users":[{"localId":"\#(RESTAuthScript.uid)","email":"ada@example.com","#
                        + #""displayName":"Ada Lovelace","photoUrl":"https://example.com/ada.png"}]}"#))
            let change = user.createProfileChangeRequest()
            change.displayName = "Ada Lovelace"
            change.photoURL = URL(string: "https://example.com/ada.png")
            try await change.commitChanges()
            let update = try #require(server.requests.first { $0.lastPathComponent == "accounts:update" })
            let body = update.jsonBody
            #expect(body["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 2))
            #expect(body["displayName"] as? String == "Ada Lovelace")
            #expect(body["photoUrl"] as? String == "https://example.com/ada.png")
            #expect(body["returnSecureToken"] as? Bool == true)
            #expect(body["deleteAttribute"] == nil)
            #expect(user.displayName == "Ada Lovelace")
            #expect(user.photoURL == URL(string: "https://example.com/ada.png"))
            #expect(try await user.getIDToken() == RESTAuthScript.idToken(provider: "password", iat: 9))
            #expect(auth.currentUser === user)
        }
    }

    /// SetAccountInfoTests (`deleteAttribute`): a name set to nil is removed with `DISPLAY_NAME`; an answer
    /// without tokens keeps the old ones and reads the account back.
    @Test func removingTheNameSendsDeleteAttribute() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (_, user) = try await Self.signedIn(server)
            script.answer("accounts:update", with: .json(#"{"localId":"\#(RESTAuthScript.uid)"}"#))
            let change = user.createProfileChangeRequest()
            change.displayName = nil
            try await change.commitChanges()
            let body = try #require(server.requests.first { $0.lastPathComponent == "accounts:update" }).jsonBody
            #expect(body["deleteAttribute"] as? [String] == ["DISPLAY_NAME"])
            #expect(body["displayName"] == nil)
            #expect(server.requests.last?.lastPathComponent == "accounts:lookup")
            #expect(try await user.getIDToken() == RESTAuthScript.idToken(provider: "password", iat: 2))
        }
    }

    /// UserTests' unlink: `accounts:update` with `deleteProvider`.
    @Test func unlinkSendsDeleteProvider() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (_, user) = try await Self.signedIn(server)
            script.answer("accounts:update", with: Self.updateAnswer)
            script.answer("accounts:lookup", with: .json(#"{"users":[{"localId":"\#(RESTAuthScript.uid)"}]}"#))
            try await user.unlink(fromProvider: "password")
            let body = try #require(server.requests.first { $0.lastPathComponent == "accounts:update" }).jsonBody
            #expect(body["deleteProvider"] as? [String] == ["password"])
            #expect(body["returnSecureToken"] as? Bool == true)
            #expect(user.providerData.isEmpty)
        }
    }

    /// SignUpNewUserTests with an ID token: linking an email and password is `accounts:signUp` with
    /// `email`, `password`, `idToken` and `returnSecureToken`, as the SDK sends it.
    @Test func linkingAnEmailIsASignUpWithTheIDToken() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            script.answer("accounts:lookup", with: .json(#"{"users":[{"localId":"\#(RESTAuthScript.uid)"}]}"#))
            let user = try await auth.signInAnonymously().user
            #expect(user.isAnonymous)
            script.answer("accounts:lookup", with: RESTAuthScript.defaultAnswer("accounts:lookup"))
            let result = try await user.link(
                with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
            #expect(result.user === user)
            #expect(result.additionalUserInfo == nil)
            let link = server.requests[2]
            #expect(link.lastPathComponent == "accounts:signUp")
            #expect(link.jsonBody["email"] as? String == adaEmail)
            #expect(link.jsonBody["password"] as? String == adaPassword)
            #expect(link.jsonBody["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 1))
            #expect(link.jsonBody["returnSecureToken"] as? Bool == true)
            #expect(!user.isAnonymous)
            #expect(user.providerData.map(\.providerID) == ["password"])
        }
    }

    /// SetAccountInfoTests.testSetAccountInfoErrors and UserTests.testUpdatePasswordFailure: the server's
    /// messages; `CREDENTIAL_TOO_OLD_LOGIN_AGAIN` is `requiresRecentLogin` and the user stays signed in.
    @Test(arguments: [
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", AuthErrorCode.requiresRecentLogin),
        ("EMAIL_EXISTS", .emailAlreadyInUse),
        ("WEAK_PASSWORD : Password should be at least 6 characters", .weakPassword),
        ("OPERATION_NOT_ALLOWED", .operationNotAllowed),
        ("TOKEN_EXPIRED", .userTokenExpired),
    ])
    func updateErrorsAreMapped(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (auth, user) = try await Self.signedIn(server)
            script.fail("accounts:update", message: message)
            await #expect(throws: code) { try await user.updatePassword(to: "new-password") }
            #expect((auth.currentUser === user) == !code.endsSession)
        }
    }

    /// UserTests.testUpdateEmailAutoSignOut, for the profile: `INVALID_ID_TOKEN` signs the user out.
    @Test func anInvalidIDTokenSignsOut() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (auth, user) = try await Self.signedIn(server)
            script.fail("accounts:update", message: "INVALID_ID_TOKEN")
            let change = user.createProfileChangeRequest()
            change.displayName = "Ada"
            await #expect(throws: AuthErrorCode.invalidUserToken) { try await change.commitChanges() }
            #expect(auth.currentUser == nil)
            #expect(user.displayName == nil)
        }
    }

    /// DeleteAccountTests.testDeleteAccountRequest: `accounts:delete` with the ID token, then signed out.
    @Test func deleteSendsTheIDTokenAndSignsOut() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (auth, user) = try await Self.signedIn(server)
            try await user.delete()
            let delete = try #require(server.requests.last)
            #expect(delete.lastPathComponent == "accounts:delete")
            #expect(delete.jsonBody["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 2))
            #expect(auth.currentUser == nil)
        }
    }

    /// DeleteAccountTests' errors: `CREDENTIAL_TOO_OLD_LOGIN_AGAIN` keeps the user signed in
    /// (`requiresRecentLogin`); `USER_NOT_FOUND` and `INVALID_ID_TOKEN` end the session.
    @Test(arguments: [
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", AuthErrorCode.requiresRecentLogin),
        ("USER_NOT_FOUND", .userNotFound),
        ("INVALID_ID_TOKEN", .invalidUserToken),
    ])
    func deleteErrorsAreMapped(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (auth, user) = try await Self.signedIn(server)
            script.fail("accounts:delete", message: message)
            await #expect(throws: code) { try await user.delete() }
            #expect((auth.currentUser === user) == !code.endsSession)
        }
    }
}
