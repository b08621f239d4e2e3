// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

@Suite("Auth: errors, with Firebase's codes")
struct AuthErrorTests {
    @Test func codesHaveFirebasesRawValues() {
        let expected: [AuthErrorCode: Int] = [
            .invalidCredential: 17004, .userDisabled: 17005, .operationNotAllowed: 17006,
            .emailAlreadyInUse: 17007, .invalidEmail: 17008, .wrongPassword: 17009, .tooManyRequests: 17010,
            .userNotFound: 17011, .requiresRecentLogin: 17014, .invalidUserToken: 17017, .networkError: 17020,
            .invalidAPIKey: 17023,
            .userTokenExpired: 17021, .weakPassword: 17026, .expiredActionCode: 17029, .invalidActionCode: 17030,
            .missingEmail: 17034, .nullUser: 17067, .keychainError: 17995, .internalError: 17999,
            .malformedJWT: 18000, .appNotAuthorized: 17028, .invalidMessagePayload: 17031, .invalidSender: 17032,
            .invalidRecipientEmail: 17033, .quotaExceeded: 17052, .adminRestrictedOperation: 17085,
            .blockingCloudFunctionError: 17105, .invalidCustomToken: 17000, .customTokenMismatch: 17002,
            .userMismatch: 17024, .tenantIDMismatch: 17079, .accountExistsWithDifferentCredential: 17012,
            .providerAlreadyLinked: 17015, .noSuchProvider: 17016, .credentialAlreadyInUse: 17025,
            .missingOrInvalidNonce: 17094, .missingIosBundleID: 17036, .missingAndroidPackageName: 17037,
            .unauthorizedDomain: 17038, .invalidContinueURI: 17039, .missingContinueURI: 17040,
            .invalidHostingLinkDomain: 17214,
        ]
        #expect(AuthErrorCode.allCases.count == expected.count)
        for code in AuthErrorCode.allCases {
            #expect(code.rawValue == expected[code], "\(code)")
            #expect(code.errorCode == code.rawValue)
        }
        #expect(AuthErrorCode.errorDomain == "FIRAuthErrorDomain")
        #expect(AuthErrorCode.invalidCredential.description == "ERROR_INVALID_CREDENTIAL (17004)")
    }

    @Test func anExistingEmailIsEmailAlreadyInUse() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
            try await fixture.auth.createUser(withEmail: adaEmail, password: "another-password")
        }
    }

    @Test func aMalformedEmailIsInvalidEmail() async throws {
        let fixture = try AuthFixture()
        for email in ["ada", "ada@", "@example.com", "ada@example", "ada @example.com"] {
            await #expect(throws: AuthErrorCode.invalidEmail, "\(email)") {
                try await fixture.auth.createUser(withEmail: email, password: adaPassword)
            }
        }
        await #expect(throws: AuthErrorCode.invalidEmail) {
            try await fixture.auth.signIn(withEmail: "ada", password: adaPassword)
        }
    }

    @Test func anEmptyEmailIsMissingEmail() async throws {
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.missingEmail) {
            try await fixture.auth.createUser(withEmail: "", password: adaPassword)
        }
        await #expect(throws: AuthErrorCode.missingEmail) {
            try await fixture.auth.sendPasswordReset(withEmail: " ")
        }
    }

    @Test func passwordsShorterThanSixCharactersAreWeak() async throws {
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.weakPassword) {
            try await fixture.auth.createUser(withEmail: adaEmail, password: "12345")
        }
        try await fixture.auth.createUser(withEmail: adaEmail, password: "123456")
        #expect(fixture.auth.currentUser?.email == adaEmail)
    }

    @Test func withEnumerationProtectionWrongPasswordIsInvalidCredential() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        await #expect(throws: AuthErrorCode.invalidCredential) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: "not-the-password")
        }
    }

    @Test func withEnumerationProtectionUnknownUserIsInvalidCredential() async throws {
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.invalidCredential) {
            try await fixture.auth.signIn(withEmail: "nobody@example.com", password: adaPassword)
        }
    }

    @Test func withoutEnumerationProtectionWrongPasswordIsWrongPassword() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        await #expect(throws: AuthErrorCode.wrongPassword) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: "not-the-password")
        }
    }

    @Test func withoutEnumerationProtectionUnknownUserIsUserNotFound() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        await #expect(throws: AuthErrorCode.userNotFound) {
            try await fixture.auth.signIn(withEmail: "nobody@example.com", password: adaPassword)
        }
    }

    @Test func aFailedSignInKeepsTheCurrentUser() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        await #expect(throws: AuthErrorCode.invalidCredential) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: "wrong-password")
        }
        #expect(fixture.auth.currentUser == ada)
    }

    @Test func aDisabledAccountIsUserDisabled() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        try fixture.backend.setDisabled(true, uid: ada.uid)
        await #expect(throws: AuthErrorCode.userDisabled) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        }
        try fixture.backend.setDisabled(false, uid: ada.uid)
        try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        #expect(fixture.auth.currentUser?.uid == ada.uid)
    }

    @Test func tooManyFailedAttemptsAreTooManyRequestsUntilTheLockoutEnds() async throws {
        let fixture = try AuthFixture(configuration: .init(maxFailedSignInAttempts: 3, lockoutDuration: 60))
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try fixture.auth.signOut()
        for _ in 0..<3 {
            await #expect(throws: AuthErrorCode.invalidCredential) {
                try await fixture.auth.signIn(withEmail: adaEmail, password: "wrong-password")
            }
        }
        // Locked out: even the right password is refused.
        await #expect(throws: AuthErrorCode.tooManyRequests) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        }
        fixture.clock.advance(by: 60)
        try await fixture.auth.signIn(withEmail: adaEmail, password: adaPassword)
        #expect(fixture.auth.currentUser?.email == adaEmail)
    }

    @Test func anonymousSignInCanBeDisabled() async throws {
        let fixture = try AuthFixture(configuration: .init(isAnonymousSignInEnabled: false))
        await #expect(throws: AuthErrorCode.operationNotAllowed) { try await fixture.auth.signInAnonymously() }
    }

    @Test func anUnreachableBackendIsNetworkError() async throws {
        let fixture = try AuthFixture()
        fixture.backend.simulatedError = .networkError
        await #expect(throws: AuthErrorCode.networkError) {
            try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        }
        await #expect(throws: AuthErrorCode.networkError) { try await fixture.auth.signInAnonymously() }
        fixture.backend.simulatedError = nil
        try await fixture.auth.signInAnonymously()
        #expect(fixture.auth.currentUser != nil)
    }

    @Test func aTokenRefreshThatCannotReachTheBackendKeepsTheUserSignedIn() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.backend.simulatedError = .networkError
        await #expect(throws: AuthErrorCode.networkError) {
            try await fixture.auth.signedInUser().getIDToken(forcingRefresh: true)
        }
        #expect(fixture.auth.currentUser == ada)
    }

    @Test func anUnknownBackendErrorIsInternalError() async throws {
        let app = try TestApp.make(
            libraries: [AuthLibrary.self],
            overrides: [AuthLibrary.backend(FailingAuthBackend(FakeError("boom")))])
        await #expect(throws: AuthErrorCode.internalError) {
            try await Auth.auth(app: app).signIn(withEmail: adaEmail, password: adaPassword)
        }
    }

    @Test func operationsOnTheUserWithNobodySignedInAreNullUser() async throws {
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.nullUser) { try await fixture.auth.signedInUser().getIDToken() }
        await #expect(throws: AuthErrorCode.nullUser) { try await fixture.auth.signedInUser().getIDTokenResult() }
        await #expect(throws: AuthErrorCode.nullUser) {
            try await fixture.auth.signedInUser().updatePassword(to: "new-password")
        }
        await #expect(throws: AuthErrorCode.nullUser) { try await fixture.auth.signedInUser().delete() }
    }

    @Test func errorsBridgeToFirebasesNSErrorDomainAndCode() {
        let error = AuthErrorCode.weakPassword as NSError
        #expect(error.domain == "FIRAuthErrorDomain")
        #expect(error.code == 17026)
    }

    @Test func errorsBridgeWithFirebasesMessagesAndNameKey() throws {
        // Codes, names and messages as in the SDK's FirebaseAuth/Sources/Swift/Utilities/AuthErrors.swift.
        let expected: [(AuthErrorCode, Int, String, String)] = [
            (
                .emailAlreadyInUse, 17007, "ERROR_EMAIL_ALREADY_IN_USE",
                "The email address is already in use by another account."
            ),
            (
                .wrongPassword, 17009, "ERROR_WRONG_PASSWORD",
                "The password is invalid or the user does not have a password."
            ),
            (.weakPassword, 17026, "ERROR_WEAK_PASSWORD", "The password must be 6 characters long or more."),
            (.invalidEmail, 17008, "ERROR_INVALID_EMAIL", "The email address is badly formatted."),
            (
                .userNotFound, 17011, "ERROR_USER_NOT_FOUND",
                "There is no user record corresponding to this identifier. The user may have been deleted."
            ),
            (.userDisabled, 17005, "ERROR_USER_DISABLED", "The user account has been disabled by an administrator."),
            (
                .tooManyRequests, 17010, "ERROR_TOO_MANY_REQUESTS",
                "We have blocked all requests from this device due to unusual activity. Try again later."
            ),
            (
                .networkError, 17020, "ERROR_NETWORK_REQUEST_FAILED",
                "Network error (such as timeout, interrupted connection or unreachable host) has occurred."
            ),
            (
                .userTokenExpired, 17021, "ERROR_USER_TOKEN_EXPIRED",
                "The user's credential is no longer valid. The user must sign in again."
            ),
            (
                .invalidCredential, 17004, "ERROR_INVALID_CREDENTIAL",
                "The supplied auth credential is malformed or has expired."
            ),
            (.missingEmail, 17034, "ERROR_MISSING_EMAIL", "An email address must be provided."),
            (.invalidAPIKey, 17023, "ERROR_INVALID_API_KEY", "An invalid API Key was supplied in the request."),
            (
                .appNotAuthorized, 17028, "ERROR_APP_NOT_AUTHORIZED",
                "This app is not authorized to use Firebase Authentication with the provided API key. Review your "
                    + "key configuration in the Google API console and ensure that it accepts requests from your "
                    + "app's bundle ID."
            ),
            (
                .invalidMessagePayload, 17031, "ERROR_INVALID_MESSAGE_PAYLOAD",
                "The action code is invalid. This can happen if the code is malformed, expired, or has already been "
                    + "used."
            ),
            (
                .invalidSender, 17032, "ERROR_INVALID_SENDER",
                "The email template corresponding to this action contains invalid characters in its message. Please "
                    + "fix by going to the Auth email templates section in the Firebase Console."
            ),
            (
                .invalidRecipientEmail, 17033, "ERROR_INVALID_RECIPIENT_EMAIL",
                "The action code is invalid. This can happen if the code is malformed, expired, or has already been "
                    + "used."
            ),
            (.quotaExceeded, 17052, "ERROR_QUOTA_EXCEEDED", "The quota for this operation has been exceeded."),
            (
                .adminRestrictedOperation, 17085, "ERROR_ADMIN_RESTRICTED_OPERATION",
                "This operation is restricted to administrators only."
            ),
            (
                .blockingCloudFunctionError, 17105, "ERROR_BLOCKING_CLOUD_FUNCTION_RETURNED_ERROR",
                "Blocking cloud function returned an error."
            ),
            (
                .invalidCustomToken, 17000, "ERROR_INVALID_CUSTOM_TOKEN",
                "The custom token format is incorrect. Please check the documentation."
            ),
            (
                .customTokenMismatch, 17002, "ERROR_CUSTOM_TOKEN_MISMATCH",
                "The custom token corresponds to a different audience."
            ),
            (
                .userMismatch, 17024, "ERROR_USER_MISMATCH",
                "The supplied credentials do not correspond to the previously signed in user."
            ),
            (
                .tenantIDMismatch, 17079, "ERROR_TENANT_ID_MISMATCH",
                "The provided user's tenant ID does not match the Auth instance's tenant ID."
            ),
            (
                .accountExistsWithDifferentCredential, 17012, "ERROR_ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL",
                "An account already exists with the same email address but different sign-in credentials. Sign in "
                    + "using a provider associated with this email address."
            ),
            (
                .providerAlreadyLinked, 17015, "ERROR_PROVIDER_ALREADY_LINKED",
                "[ERROR_PROVIDER_ALREADY_LINKED] - User can only be linked to one identity for the given provider."
            ),
            (
                .noSuchProvider, 17016, "ERROR_NO_SUCH_PROVIDER",
                "User was not linked to an account with the given provider."
            ),
            (
                .credentialAlreadyInUse, 17025, "ERROR_CREDENTIAL_ALREADY_IN_USE",
                "This credential is already associated with a different user account."
            ),
            (
                .missingOrInvalidNonce, 17094, "ERROR_MISSING_OR_INVALID_NONCE",
                "The request contains malformed or mismatched credentials."
            ),
        ]
        for (code, raw, name, message) in expected {
            let error = code as NSError
            #expect(error.domain == "FIRAuthErrorDomain", "\(code)")
            #expect(error.code == raw, "\(code)")
            #expect(error.localizedDescription == message, "\(code)")
            #expect(error.userInfo[NSLocalizedDescriptionKey] as? String == message, "\(code)")
            #expect(error.userInfo["FIRAuthErrorUserInfoNameKey"] as? String == name, "\(code)")
            #expect(error.userInfo[AuthErrors.userInfoNameKey] as? String == name, "\(code)")
            #expect((code as any Error).localizedDescription == message, "\(code)")
        }
        #expect(AuthErrorCode.invalidUserToken.rawValue == 17017)
        for code in AuthErrorCode.allCases {
            let error = code as NSError
            #expect(error.userInfo[AuthErrors.userInfoNameKey] as? String == code.name)
            #expect(!error.localizedDescription.isEmpty)
        }
    }

    @Test func anEmptyPasswordIsWrongPasswordWithoutAskingTheBackend() async throws {
        let local = LocalAuthBackend(projectID: "flint-test")
        let spy = SpyAuthBackend(local: local)
        let fixture = try AuthFixture(backend: local, serving: spy)
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let before = spy.signInRequests
        await #expect(throws: AuthErrorCode.wrongPassword) {
            try await fixture.auth.signIn(withEmail: adaEmail, password: "")
        }
        #expect(spy.signInRequests == before)
        #expect(fixture.auth.currentUser?.email == adaEmail)
    }

    @Test func emailsWithControlCharactersOrTooLongAreInvalidEmail() async throws {
        let fixture = try AuthFixture()
        let tooLong = String(repeating: "a", count: 255 - "@example.com".count) + "@example.com"
        #expect(tooLong.utf8.count == 255)
        for email in [
            "ada\u{0}@example.com", "ada@example.com\u{0}", "a\u{7}da@example.com", "ada@exa\u{1B}mple.com",
            "ada\u{7F}@example.com", tooLong,
        ] {
            await #expect(throws: AuthErrorCode.invalidEmail, "\(email.debugDescription)") {
                try await fixture.auth.createUser(withEmail: email, password: adaPassword)
            }
            await #expect(throws: AuthErrorCode.invalidEmail, "\(email.debugDescription)") {
                try await fixture.auth.signIn(withEmail: email, password: adaPassword)
            }
            await #expect(throws: AuthErrorCode.invalidEmail, "\(email.debugDescription)") {
                try await fixture.auth.sendPasswordReset(withEmail: email)
            }
        }
        // The longest allowed address (254 octets, RFC 5321) still works.
        let longest = String(tooLong.dropFirst())
        try await fixture.auth.createUser(withEmail: longest, password: adaPassword)
        #expect(fixture.auth.currentUser?.email == longest)
    }

    @Test func passwordsLongerThan4096CharactersAreRejectedAsWeak() async throws {
        let fixture = try AuthFixture()
        let tooLong = String(repeating: "p", count: 4097)
        await #expect(throws: AuthErrorCode.weakPassword) {
            try await fixture.auth.createUser(withEmail: adaEmail, password: tooLong)
        }
        let longest = String(tooLong.dropFirst())
        try await fixture.auth.createUser(withEmail: adaEmail, password: longest)
        await #expect(throws: AuthErrorCode.weakPassword) {
            try await fixture.auth.signedInUser().updatePassword(to: tooLong)
        }
        try fixture.auth.signOut()
        try await fixture.auth.signIn(withEmail: adaEmail, password: longest)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.sentEmails.last?.code)
        await #expect(throws: AuthErrorCode.weakPassword) {
            try await fixture.auth.confirmPasswordReset(withCode: code, newPassword: tooLong)
        }
    }
}
