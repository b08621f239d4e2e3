// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's EmailLinkSignInTests (`emailLinkSignin`, v1 `accounts:signInWithEmailLink`) with AuthTests' and
/// UserTests' email-link flows (`signIn(withEmail:link:)`, `signIn(with:)`, `link(with:)`, `reauthenticate(with:)`
/// with an email-link credential), AuthTests.testIsSignInWithEmailLink and ActionCodeURLTests.
@Suite("SDK EmailLinkSignInTests, ActionCodeURLTests: accounts:signInWithEmailLink over REST, link parsing")
struct SDKEmailLinkSignInTests {
    // RPCBaseTests' links.
    static let fakeEmailSignInLink =
        "https://test.app.goo.gl/?link=https://test.firebaseapp.com/__/auth/action?apiKey%3DtestAPIKey%26mode%3DsignIn"
        + "%26oobCode%3Dtestoobcode%26continueUrl%3Dhttps://test.apps.com&ibi=com.test.com&ifl=https://"
        + "test.firebaseapp.com/__/auth/action?apiKey%3DtestAPIKey%26mode%3DsignIn%26oobCode%3Dtestoobcode"
        + "%26continueUrl%3Dhttps://test.apps.com"
    static let fakeEmailSignInDeeplink = "https://example.domain.com/?apiKey=testAPIKey&oobCode=testoobcode&mode=signIn"

    /// An `accounts:signInWithEmailLink` answer (EmailLinkSignInTests.testSuccessfulEmailLinkSignInResponse).
    static let answer = TestHTTPResponse.json(
        RESTAuthScript.tokens(
            idToken: RESTAuthScript.idToken(provider: "password", iat: 7), refreshToken: "refresh-7", expiresIn: "3300",
            extra: #""email":"ada@example.com","isNewUser":true,"localId":"\#(RESTAuthScript.uid)""#))

    static func body(_ server: TestHTTPServer) throws -> [String: Any] {
        try #require(server.requests.last { $0.lastPathComponent == "accounts:signInWithEmailLink" }).jsonBody
    }

    /// AuthTests.testIsSignInWithEmailLink: a Dynamic Link wrapping the action link, a plain deep link, a link
    /// that is not a sign-in link, the empty string.
    @Test func isSignInWithEmailLinkReadsTheLinkAsTheSDKDoes() throws {
        let auth = try AuthFixture().auth
        #expect(auth.isSignIn(withEmailLink: Self.fakeEmailSignInLink))
        #expect(auth.isSignIn(withEmailLink: Self.fakeEmailSignInDeeplink))
        #expect(!auth.isSignIn(withEmailLink: "http://www.facebook.com"))
        #expect(!auth.isSignIn(withEmailLink: ""))
        #expect(
            auth.isSignIn(
                withEmailLink: "myapp://open?deep_link_id=" + "https://x.example/?mode%3DsignIn%26oobCode%3Dc"))
        #expect(!auth.isSignIn(withEmailLink: "https://x.example/?mode=verifyEmail&oobCode=c"))
        #expect(!auth.isSignIn(withEmailLink: "https://x.example/?mode=signIn"))
        #expect(
            !auth.isSignIn(
                withEmailLink: "https://x.example/?mode=signIn&oobCode=" + String(repeating: "a", count: 9000)))
    }

    /// EmailLinkSignInTests.testEmailLinkRequest and AuthTests.testSignInWithEmailLinkSuccess(Deeplink): `email`
    /// and the link's `oobCode`, no `idToken`; the answer signs the user in with `isNewUser` and provider
    /// `password`.
    @Test(arguments: [fakeEmailSignInLink, fakeEmailSignInDeeplink])
    func signInWithEmailLinkSendsTheEmailAndCode(link: String) async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signInWithEmailLink", with: Self.answer)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let result = try await auth.signIn(withEmail: adaEmail, link: link)
            let request = try #require(server.requests.first)
            #expect(request.pathWithoutQuery == "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink")
            let body = try Self.body(server)
            #expect(body.count == 2)
            #expect(body["email"] as? String == adaEmail)
            #expect(body["oobCode"] as? String == "testoobcode")
            #expect(body["idToken"] == nil)
            #expect(result.user.refreshToken == "refresh-7")
            #expect(result.user.email == adaEmail)
            #expect(!result.user.isAnonymous)
            #expect(result.additionalUserInfo?.isNewUser == true)
            #expect(result.additionalUserInfo?.providerID == "password")
            #expect(auth.currentUser === result.user)
        }
    }

    /// AuthTests.testSignInWithEmailLinkCredentialSuccess: `signIn(with: EmailAuthProvider.credential(withEmail:link:))`
    /// sends the same request.
    @Test func anEmailLinkCredentialSignsInTheSameWay() async throws {
        let script = RESTAuthScript()
        script.answer("accounts:signInWithEmailLink", with: Self.answer)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let credential = EmailAuthProvider.credential(withEmail: adaEmail, link: Self.fakeEmailSignInDeeplink)
            let result = try await auth.signIn(with: credential)
            #expect(try Self.body(server)["oobCode"] as? String == "testoobcode")
            #expect(result.additionalUserInfo?.providerID == "password")
        }
    }

    /// EmailLinkSignInTests.testEmailLinkRequestCreationOptional and UserTests.testLinkEmailLink: linking sends
    /// the user's `idToken`, and the same user object keeps the new session.
    @Test func linkingAnEmailLinkSendsTheIDToken() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            script.answer("accounts:lookup", with: .json(#"{"users":[{"localId":"\#(RESTAuthScript.uid)"}]}"#))
            let user = try await auth.signInAnonymously().user
            #expect(user.isAnonymous)
            let anonymousToken = try await user.getIDToken()
            script.answer("accounts:signInWithEmailLink", with: Self.answer)
            let credential = EmailAuthProvider.credential(withEmail: adaEmail, link: Self.fakeEmailSignInDeeplink)
            try await user.link(with: credential)
            let body = try Self.body(server)
            #expect(body.count == 3)
            #expect(body["idToken"] as? String == anonymousToken)
            #expect(auth.currentUser === user)
            #expect(try await user.getIDToken() == RESTAuthScript.idToken(provider: "password", iat: 7))
        }
    }

    /// EmailLinkSignInTests.testEmailLinkSignInErrors and AuthTests.testSignInWithEmailLinkFailure: the server's
    /// `INVALID_EMAIL` and `INVALID_OOB_CODE`; nobody is signed in.
    @Test(arguments: [("INVALID_EMAIL", AuthErrorCode.invalidEmail), ("INVALID_OOB_CODE", .invalidActionCode)])
    func serverErrorsMapToTheSDKsCodes(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        script.fail("accounts:signInWithEmailLink", message: message)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: code) { try await auth.signIn(withEmail: adaEmail, link: Self.fakeEmailSignInLink) }
            #expect(auth.currentUser == nil)
        }
    }

    /// A link that is not a sign-in link: the SDK stops with a `fatalError`; Flint throws `invalidActionCode`
    /// without a request.
    @Test func aLinkThatIsNotASignInLinkIsRefusedBeforeAnyRequest() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: AuthErrorCode.invalidActionCode) {
                try await auth.signIn(withEmail: adaEmail, link: "http://www.facebook.com")
            }
            #expect(server.requests.isEmpty)
        }
    }

    // MARK: - ActionCodeURLTests

    /// ActionCodeURLTests.testParseURL and testParseURLDifferentMode.
    @Test func actionCodeURLReadsTheKeyModeAndCode() throws {
        let reset = try #require(
            ActionCodeURL(link: "https://www.example.com?apiKey=API_KEY&mode=resetPassword&oobCode=OOB_CODE"))
        #expect(reset.apiKey == "API_KEY")
        #expect(reset.operation == .passwordReset)
        #expect(reset.code == "OOB_CODE")
        let verify = try #require(
            ActionCodeURL(link: "https://www.example.com?apiKey=API_KEY&mode=verifyEmail&oobCode=OOB_CODE"))
        #expect(verify.operation == .verifyEmail)
    }

    /// ActionCodeURLTests.testParseInvalidURL and testParseURLMissingParameters.
    @Test func actionCodeURLIsNilWithoutParameters() {
        #expect(ActionCodeURL(link: "invalid_url") == nil)
        #expect(ActionCodeURL(link: "https://www.example.com") == nil)
    }

    /// ActionCodeURLTests.testParseURLWithAllProperties, testParseURLMissingOobCode, testParseURLInvalidMode,
    /// testActionCodeURL_languageCode.
    @Test func actionCodeURLReadsEveryProperty() throws {
        let all = try #require(
            ActionCodeURL(
                link: "https://www.example.com?apiKey=API_KEY&mode=recoverEmail&oobCode=OOB_CODE"
                    + "&continueUrl=https://www.continue.com&lang=en"))
        #expect(all.operation == .recoverEmail)
        #expect(all.continueURL?.absoluteString == "https://www.continue.com")
        #expect(all.languageCode == "en")
        #expect(ActionCodeURL(link: "https://www.example.com?apiKey=API_KEY&mode=resetPassword")?.code == nil)
        #expect(
            ActionCodeURL(link: "https://www.example.com?apiKey=API_KEY&mode=invalidMode&oobCode=C")?.operation
                == .unknown)
        #expect(ActionCodeURL(link: "https://example.com?lang=fr")?.languageCode == "fr")
        #expect(ActionCodeURL(link: "https://example.com?mode=signIn&oobCode=C")?.operation == .emailLink)
        #expect(ActionCodeURL(link: Self.fakeEmailSignInLink)?.code == "testoobcode")
    }
}
