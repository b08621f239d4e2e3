// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's GetAccountInfoTests (`getAccountInfo`, v1 `accounts:lookup`) and UserTests' reload, over
/// the wire.
@Suite("SDK GetAccountInfoTests: accounts:lookup and user.reload() over REST")
struct SDKGetAccountInfoTests {
    /// An `accounts:lookup` user with a password and a Google identity, as UserTests scripts one.
    static let googleUser =
        #"{"localId":"\#(RESTAuthScript.uid)","email":"ada@example.com","emailVerified":true,"#
        + #""displayName":"Ada Lovelace","photoUrl":"https://example.com/ada.png","#
        + #""providerUserInfo":[{"providerId":"google.com","rawId":"GOOGLE_ID","federatedId":"GOOGLE_ID","#
        + #""displayName":"Google Doe","photoUrl":"https://googleusercontents.com/user/profile","email":"user@gmail.com"}],"#
        + #""createdAt":"1700000000000","lastLoginAt":"1700000500000"}"#

    /// GetAccountInfoTests.testSuccessfulGetAccountInfoResponse: the user's fields and each provider's
    /// (`rawId`, `displayName`, `photoUrl`, `email`).
    @Test func theAnswerDescribesTheAccountAndItsProviders() throws {
        let user = try #require(
            (try JSONSerialization.jsonObject(with: Data(Self.googleUser.utf8))) as? [String: Any])
        let account = try RESTAuthBackend.account(from: user, now: Date())
        #expect(account.uid == RESTAuthScript.uid)
        #expect(account.displayName == "Ada Lovelace")
        #expect(account.photoURL == URL(string: "https://example.com/ada.png"))
        #expect(account.isEmailVerified)
        #expect(
            account.providerData == [
                UserInfo(
                    providerID: "google.com", uid: "GOOGLE_ID", email: "user@gmail.com", displayName: "Google Doe",
                    photoURL: URL(string: "https://googleusercontents.com/user/profile"))
            ])
        #expect(account.creationDate == Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// UserTests' reload: `accounts:lookup` with the ID token; the same object shows the new profile.
    @Test func reloadLooksUpTheAccount() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let user = try await auth.signIn(withEmail: adaEmail, password: adaPassword).user
            #expect(user.displayName == nil)
            script.answer("accounts:lookup", with: .json(#"{"users":[\#(Self.googleUser)]}"#))
            try await user.reload()
            #expect(auth.currentUser === user)
            #expect(user.displayName == "Ada Lovelace")
            #expect(user.providerData.first?.displayName == "Google Doe")
            let lookup = try #require(server.requests.last)
            #expect(lookup.lastPathComponent == "accounts:lookup")
            #expect(lookup.jsonBody["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 2))
        }
    }

    /// GetAccountInfoTests' errors, through reload: `USER_NOT_FOUND` and `INVALID_ID_TOKEN` sign the user
    /// out (the SDK's `signOutIfTokenIsInvalid`); a network error does not.
    @Test func reloadErrorsThatEndTheSessionSignOut() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let user = try await auth.signIn(withEmail: adaEmail, password: adaPassword).user
            script.answer("accounts:lookup", with: .json("not json", status: 500))
            await #expect(throws: AuthErrorCode.internalError) { try await user.reload() }
            #expect(auth.currentUser === user)
            script.fail("accounts:lookup", message: "INVALID_ID_TOKEN")
            await #expect(throws: AuthErrorCode.invalidUserToken) { try await user.reload() }
            #expect(auth.currentUser == nil)
            script.answer("accounts:lookup", with: RESTAuthScript.defaultAnswer("accounts:lookup"))
            let again = try await auth.signIn(withEmail: adaEmail, password: adaPassword).user
            script.fail("accounts:lookup", message: "USER_NOT_FOUND")
            await #expect(throws: AuthErrorCode.userNotFound) { try await again.reload() }
            #expect(auth.currentUser == nil)
        }
    }
}
