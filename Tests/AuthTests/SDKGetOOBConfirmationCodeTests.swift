// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's GetOOBConfirmationCodeTests (request and response of `getOobConfirmationCode`, v1
/// `accounts:sendOobCode`), with the AuthTests and UserTests flows that send it: `sendPasswordReset`,
/// `sendSignInLink`, `sendEmailVerification` and `sendEmailVerification(beforeUpdatingEmail:)`, over the wire.
@Suite("SDK GetOOBConfirmationCodeTests: accounts:sendOobCode over REST")
struct SDKGetOOBConfirmationCodeTests {
    // The SDK's RPCBaseTests.fakeActionCodeSettings values.
    static let continueURL = "https://example.com/continueURL"
    static let iOSBundleID = "testBundleID"
    static let androidPackageName = "adroidpackagename"
    static let androidMinimumVersion = "3.0"
    static let dynamicLinkDomain = "test.page.link"
    static let linkDomain = "links.example.com"

    /// RPCBaseTests.fakeActionCodeSettings, with a `linkDomain` too (SDK 12's settings have one).
    static func fakeSettings() -> ActionCodeSettings {
        let settings = ActionCodeSettings()
        settings.url = URL(string: continueURL)
        settings.setIOSBundleID(iOSBundleID)
        settings.setAndroidPackageName(
            androidPackageName, installIfNotAvailable: true, minimumVersion: androidMinimumVersion)
        settings.handleCodeInApp = true
        settings.dynamicLinkDomain = dynamicLinkDomain
        settings.linkDomain = linkDomain
        return settings
    }

    /// The body of the `sendOobCode` request `server` received.
    static func sendOobCodeBody(_ server: TestHTTPServer) throws -> [String: Any] {
        try #require(server.requests.last { $0.lastPathComponent == "accounts:sendOobCode" }).jsonBody
    }

    /// Expects the settings' fields, by their wire names.
    static func expectSettings(in body: [String: Any]) {
        #expect(body["continueUrl"] as? String == continueURL)
        #expect(body["iOSBundleId"] as? String == iOSBundleID)
        #expect(body["androidPackageName"] as? String == androidPackageName)
        #expect(body["androidMinimumVersion"] as? String == androidMinimumVersion)
        #expect(body["androidInstallApp"] as? Bool == true)
        #expect(body["canHandleCodeInApp"] as? Bool == true)
        #expect(body["dynamicLinkDomain"] as? String == dynamicLinkDomain)
        #expect(body["linkDomain"] as? String == linkDomain)
    }

    /// GetOOBConfirmationCodeTests.testOobRequests (password reset): `requestType` `PASSWORD_RESET`, the
    /// `email`, every settings field.
    @Test func aPasswordResetWithSettingsSendsEveryField() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            try await auth.sendPasswordReset(withEmail: adaEmail, actionCodeSettings: Self.fakeSettings())
            let request = try #require(server.requests.last)
            #expect(request.pathWithoutQuery == "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode")
            #expect(request.query == "key=flint-test-api-key")
            let body = request.jsonBody
            #expect(body["requestType"] as? String == "PASSWORD_RESET")
            #expect(body["email"] as? String == adaEmail)
            #expect(body["idToken"] == nil)
            Self.expectSettings(in: body)
            #expect(body.count == 10)
        }
    }

    /// AuthTests.testSendPasswordResetEmailSuccess: without settings only `requestType` and `email` are sent
    /// (flags that are false are left out).
    @Test func aPasswordResetWithoutSettingsSendsOnlyTheEmail() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            try await auth.sendPasswordReset(withEmail: adaEmail)
            let body = try Self.sendOobCodeBody(server)
            #expect(body.count == 2)
            #expect(body["requestType"] as? String == "PASSWORD_RESET")
            #expect(body["email"] as? String == adaEmail)
        }
    }

    /// GetOOBConfirmationCodeTests.testOobRequests (email sign-in): `EMAIL_SIGNIN` with the email and settings;
    /// AuthTests.testSendSignInLinkToEmailSuccess.
    @Test func aSignInLinkSendsEmailSignIn() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            try await auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.fakeSettings())
            let body = try Self.sendOobCodeBody(server)
            #expect(body["requestType"] as? String == "EMAIL_SIGNIN")
            #expect(body["email"] as? String == adaEmail)
            Self.expectSettings(in: body)
        }
    }

    /// AuthTests' sendSignInLink with `handleCodeInApp` false: the SDK stops with a `fatalError`; Flint throws
    /// `invalidContinueURI` and sends nothing.
    @Test func aSignInLinkNeedsHandleCodeInAppBeforeAnyRequest() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            let settings = Self.fakeSettings()
            settings.handleCodeInApp = false
            await #expect(throws: AuthErrorCode.invalidContinueURI) {
                try await auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: settings)
            }
            #expect(server.requests.isEmpty)
        }
    }

    /// GetOOBConfirmationCodeTests.testOobRequests (email verification) and UserTests.testSendVerificationEmail:
    /// `VERIFY_EMAIL` with the user's ID token (as `idToken`) and no email.
    @Test func anEmailVerificationSendsTheIDToken() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (_, user) = try await SDKSetAccountInfoTests.signedIn(server)
            try await user.sendEmailVerification(with: Self.fakeSettings())
            let body = try Self.sendOobCodeBody(server)
            #expect(body["requestType"] as? String == "VERIFY_EMAIL")
            #expect(body["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 2))
            #expect(body["email"] == nil)
            Self.expectSettings(in: body)
            try await user.sendEmailVerification()
            #expect(try Self.sendOobCodeBody(server).count == 2)
        }
    }

    /// UserTests.testSendVerificationEmailBeforeUpdatingEmail: `VERIFY_AND_CHANGE_EMAIL` with `newEmail` and
    /// `idToken`; the user's email does not change.
    @Test func aVerifiedEmailChangeSendsTheNewEmailAndIDToken() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (_, user) = try await SDKSetAccountInfoTests.signedIn(server)
            try await user.sendEmailVerification(beforeUpdatingEmail: graceEmail)
            let body = try Self.sendOobCodeBody(server)
            #expect(body.count == 3)
            #expect(body["requestType"] as? String == "VERIFY_AND_CHANGE_EMAIL")
            #expect(body["newEmail"] as? String == graceEmail)
            #expect(body["idToken"] as? String == RESTAuthScript.idToken(provider: "password", iat: 2))
            #expect(user.email == adaEmail)
        }
    }

    /// The language (`X-Firebase-Locale`) and tenant (`tenantId`) go with the request, as the SDK sends them.
    @Test func theLanguageAndTenantGoWithTheRequest() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            auth.languageCode = "fr"
            auth.tenantID = "tenant-1"
            try await auth.sendPasswordReset(withEmail: adaEmail)
            let request = try #require(server.requests.last)
            #expect(request.headers["x-firebase-locale"] == "fr")
            #expect(request.jsonBody["tenantId"] as? String == "tenant-1")
        }
    }

    /// GetOOBConfirmationCodeTests.testGetOOBConfirmationCodeErrors: each server message's code.
    @Test(arguments: [
        ("EMAIL_NOT_FOUND: fake custom message", AuthErrorCode.userNotFound),
        ("MISSING_EMAIL", .missingEmail),
        ("INVALID_EMAIL:", .invalidEmail),
        ("INVALID_MESSAGE_PAYLOAD", .invalidMessagePayload),
        ("INVALID_SENDER", .invalidSender),
        ("MISSING_IOS_BUNDLE_ID", .missingIosBundleID),
        ("MISSING_ANDROID_PACKAGE_NAME", .missingAndroidPackageName),
        ("UNAUTHORIZED_DOMAIN", .unauthorizedDomain),
        ("INVALID_RECIPIENT_EMAIL", .invalidRecipientEmail),
        ("INVALID_CONTINUE_URI", .invalidContinueURI),
        ("MISSING_CONTINUE_URI", .missingContinueURI),
        ("INVALID_HOSTING_LINK_DOMAIN", .invalidHostingLinkDomain),
    ])
    func serverErrorsMapToTheSDKsCodes(message: String, code: AuthErrorCode) async throws {
        let script = RESTAuthScript()
        script.fail("accounts:sendOobCode", message: message)
        try await withTestHTTPServer(script.handler) { server in
            let auth = try emulatedAuth(server)
            await #expect(throws: code) {
                try await auth.sendPasswordReset(withEmail: adaEmail, actionCodeSettings: Self.fakeSettings())
            }
        }
    }

    /// GetOOBConfirmationCodeTests.testSuccessfulOOBResponse and testSuccessfulOOBResponseWithoutOOBCode: an
    /// answer with or without `oobCode` succeeds, for each request type.
    @Test(arguments: [#"{"oobCode":"OOBCode"}"#, "{}"])
    func answersWithOrWithoutACodeSucceed(answer: String) async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (auth, user) = try await SDKSetAccountInfoTests.signedIn(server)
            script.answer("accounts:sendOobCode", with: .json(answer))
            try await auth.sendPasswordReset(withEmail: adaEmail)
            try await auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.fakeSettings())
            try await user.sendEmailVerification()
            #expect(server.requests.filter { $0.lastPathComponent == "accounts:sendOobCode" }.count == 3)
        }
    }

    /// UserTests' sendEmailVerification with a revoked session: `TOKEN_EXPIRED` signs the user out.
    @Test func anExpiredSessionSignsTheUserOut() async throws {
        let script = RESTAuthScript()
        try await withTestHTTPServer(script.handler) { server in
            let (auth, user) = try await SDKSetAccountInfoTests.signedIn(server)
            script.fail("accounts:sendOobCode", message: "TOKEN_EXPIRED")
            await #expect(throws: AuthErrorCode.userTokenExpired) { try await user.sendEmailVerification() }
            #expect(auth.currentUser == nil)
        }
    }
}
