// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's AuthTests and UserTests flows of out-of-band codes (password reset with settings, email
/// verification, verified email change, email-link sign-in, linking and reauthentication, checking and applying
/// codes) on the embedded backend, whose `oobCodes` list stands in for the mailbox.
@Suite("SDK AuthTests, UserTests: out-of-band codes on LocalAuthBackend")
struct SDKActionCodeTests {
    /// Settings for an email sign-in link.
    static func signInSettings() -> ActionCodeSettings {
        let settings = ActionCodeSettings()
        settings.url = URL(string: "https://example.com/finish?x=1&y=2")
        settings.handleCodeInApp = true
        return settings
    }

    /// The last code of `requestType` the backend issued.
    static func lastCode(_ fixture: AuthFixture, _ requestType: String) throws -> LocalAuthOOBCode {
        try #require(fixture.backend.oobCodes.last { $0.requestType == requestType })
    }

    // MARK: - Email verification

    /// UserTests.testSendVerificationEmail, applied: the code is listed with the emulator's fields; applying it
    /// and reloading shows the email verified.
    @Test func anAppliedVerificationCodeVerifiesTheEmail() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        #expect(!user.isEmailVerified)
        try await user.sendEmailVerification()
        let code = try Self.lastCode(fixture, "VERIFY_EMAIL")
        #expect(code.email == adaEmail)
        #expect(code.oobLink.hasPrefix("https://flint-test.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode="))
        #expect(ActionCodeURL(link: code.oobLink)?.code == code.oobCode)
        #expect(ActionCodeURL(link: code.oobLink)?.operation == .verifyEmail)
        #expect(code.issuedAt == fixture.clock.now())
        #expect(code.expiresAt == fixture.clock.now().addingTimeInterval(3 * 24 * 3600))
        let info = try await fixture.auth.checkActionCode(code.oobCode)
        #expect(info.operation == .verifyEmail)
        #expect(info.email == adaEmail)
        try await fixture.auth.applyActionCode(code.oobCode)
        #expect(!user.isEmailVerified)  // as in the SDK, applying does not refresh the user object
        try await user.reload()
        #expect(user.isEmailVerified)
        #expect(try await user.getIDTokenResult(forcingRefresh: true).claims["email_verified"] == .bool(true))
    }

    /// A code works once: applying it again, or checking it, is `invalidActionCode`.
    @Test func aVerificationCodeWorksOnce() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification()
        let code = try Self.lastCode(fixture, "VERIFY_EMAIL").oobCode
        try await fixture.auth.applyActionCode(code)
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.applyActionCode(code) }
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.checkActionCode(code) }
        #expect(fixture.backend.oobCodes.count == 1)  // used codes stay listed
    }

    /// Codes expire by the backend's clock: three days for a verification, one hour for a password reset, six
    /// hours for a sign-in link.
    @Test func codesExpireByTheBackendsClock() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification()
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let verify = try Self.lastCode(fixture, "VERIFY_EMAIL").oobCode
        let reset = try Self.lastCode(fixture, "PASSWORD_RESET").oobCode
        let link = try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink
        fixture.clock.advance(by: 3600)
        await #expect(throws: AuthErrorCode.expiredActionCode) { try await fixture.auth.verifyPasswordResetCode(reset) }
        #expect(try await fixture.auth.checkActionCode(verify).operation == .verifyEmail)
        fixture.clock.advance(by: 5 * 3600)
        try fixture.auth.signOut()
        await #expect(throws: AuthErrorCode.expiredActionCode) {
            try await fixture.auth.signIn(withEmail: adaEmail, link: link)
        }
        fixture.clock.advance(by: 3 * 24 * 3600)
        await #expect(throws: AuthErrorCode.expiredActionCode) { try await fixture.auth.applyActionCode(verify) }
        // An expired code is forgotten: the next use is invalid.
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.applyActionCode(verify) }
    }

    /// An account without an email has nothing to verify: `missingEmail`.
    @Test func anAnonymousUserHasNoEmailToVerify() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        await #expect(throws: AuthErrorCode.missingEmail) { try await user.sendEmailVerification() }
        #expect(fixture.backend.oobCodes.isEmpty)
    }

    /// A signed-out user object cannot send: `nullUser`.
    @Test func aSignedOutUserCannotSend() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        await #expect(throws: AuthErrorCode.nullUser) { try await user.sendEmailVerification() }
    }

    /// AuthTests.testApplyActionCodeFailure / testCheckActionCodeFailure: unknown codes.
    @Test func unknownCodesAreInvalidActionCode() async throws {
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.applyActionCode("made-up") }
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.checkActionCode("") }
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.verifyPasswordResetCode("x") }
    }

    /// A password-reset code cannot be applied, and a verification code cannot reset a password.
    @Test func codesOnlyDoWhatTheyAreFor() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        try await user.sendEmailVerification()
        let reset = try Self.lastCode(fixture, "PASSWORD_RESET").oobCode
        let verify = try Self.lastCode(fixture, "VERIFY_EMAIL").oobCode
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.applyActionCode(reset) }
        await #expect(throws: AuthErrorCode.invalidActionCode) {
            try await fixture.auth.confirmPasswordReset(withCode: verify, newPassword: "difference-engine")
        }
        // Neither was used up.
        #expect(try await fixture.auth.verifyPasswordResetCode(reset) == adaEmail)
        try await fixture.auth.applyActionCode(verify)
    }

    /// A deleted account's codes stop working.
    @Test func aDeletedAccountsCodesStopWorking() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification()
        let code = try Self.lastCode(fixture, "VERIFY_EMAIL").oobCode
        try await user.delete()
        await #expect(throws: AuthErrorCode.invalidActionCode) { try await fixture.auth.applyActionCode(code) }
    }

    // MARK: - Password reset

    /// AuthTests.testVerifyPasswordResetCodeSuccess and testSendPasswordResetEmailWithActionCodeSettings: the
    /// code names the address; the link carries the continue URL (encoded) and the Auth's language.
    @Test func aPasswordResetCodeNamesItsAddress() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        fixture.auth.languageCode = "fr"
        let settings = ActionCodeSettings()
        settings.url = URL(string: "https://example.com/done?a=1&b=2")
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail, actionCodeSettings: settings)
        let code = try Self.lastCode(fixture, "PASSWORD_RESET")
        let url = try #require(ActionCodeURL(link: code.oobLink))
        #expect(url.operation == .passwordReset)
        #expect(url.continueURL == URL(string: "https://example.com/done?a=1&b=2"))
        #expect(url.languageCode == "fr")
        #expect(try await fixture.auth.verifyPasswordResetCode(code.oobCode) == adaEmail)
        let info = try await fixture.auth.checkActionCode(code.oobCode)
        #expect(info.operation == .passwordReset)
        #expect(info.previousEmail == nil)
        try await fixture.auth.confirmPasswordReset(withCode: code.oobCode, newPassword: "difference-engine")
        try await fixture.auth.signIn(withEmail: adaEmail, password: "difference-engine")
    }

    /// The settings are checked as the server checks them.
    @Test func settingsAreCheckedAsTheServerChecksThem() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let badURL = ActionCodeSettings()
        badURL.url = URL(string: "ftp://example.com/x")
        await #expect(throws: AuthErrorCode.invalidContinueURI) {
            try await fixture.auth.sendPasswordReset(withEmail: adaEmail, actionCodeSettings: badURL)
        }
        let noPackage = ActionCodeSettings()
        noPackage.androidInstallIfNotAvailable = true
        await #expect(throws: AuthErrorCode.missingAndroidPackageName) {
            try await fixture.auth.sendPasswordReset(withEmail: adaEmail, actionCodeSettings: noPackage)
        }
        for domain in ["evil.example/path", "", "flint-test.web.app", "a b.example"] {
            let badDomain = ActionCodeSettings()
            badDomain.linkDomain = domain
            await #expect(throws: AuthErrorCode.invalidHostingLinkDomain, "\(domain)") {
                try await fixture.auth.sendPasswordReset(withEmail: adaEmail, actionCodeSettings: badDomain)
            }
        }
        let noURL = ActionCodeSettings()
        noURL.handleCodeInApp = true
        await #expect(throws: AuthErrorCode.missingContinueURI) {
            try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: noURL)
        }
        #expect(fixture.backend.oobCodes.isEmpty)
        let custom = Self.signInSettings()
        custom.linkDomain = "Links.Example.com"
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: custom)
        #expect(
            try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink.hasPrefix("https://links.example.com/__/auth/action?"))
    }

    /// Bad addresses: `missingEmail`, `invalidEmail`.
    @Test func badAddressesAreRefused() async throws {
        let fixture = try AuthFixture()
        await #expect(throws: AuthErrorCode.missingEmail) {
            try await fixture.auth.sendSignInLink(toEmail: " ", actionCodeSettings: Self.signInSettings())
        }
        await #expect(throws: AuthErrorCode.invalidEmail) {
            try await fixture.auth.sendSignInLink(toEmail: "not-an-address", actionCodeSettings: Self.signInSettings())
        }
        await #expect(throws: AuthErrorCode.invalidEmail) {
            try await fixture.auth.sendPasswordReset(withEmail: "a@b")
        }
    }

    // MARK: - Verified email change

    /// UserTests.testSendVerificationEmailBeforeUpdatingEmail: the code goes to the new address; the email
    /// changes only when it is applied (then verified, and signing in works with the new address).
    @Test func anEmailChangeHappensWhenItsCodeIsApplied() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification(beforeUpdatingEmail: graceEmail)
        let code = try Self.lastCode(fixture, "VERIFY_AND_CHANGE_EMAIL")
        #expect(code.email == graceEmail)
        try await user.reload()
        #expect(user.email == adaEmail)
        let info = try await fixture.auth.checkActionCode(code.oobCode)
        #expect(info.operation == .verifyAndChangeEmail)
        #expect(info.email == graceEmail)
        #expect(info.previousEmail == adaEmail)
        try await fixture.auth.applyActionCode(code.oobCode)
        try await user.reload()
        #expect(user.email == graceEmail)
        #expect(user.isEmailVerified)
        #expect(user.providerData.first?.email == graceEmail)
        #expect(fixture.backend.account(email: adaEmail) == nil)
        try fixture.auth.signOut()
        try await fixture.auth.signIn(withEmail: graceEmail, password: adaPassword)
    }

    /// The embedded backend wants a recent sign-in for an email change, as for the other sensitive operations;
    /// reauthenticating clears it.
    @Test func anEmailChangeNeedsARecentSignIn() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 600)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) {
            try await user.sendEmailVerification(beforeUpdatingEmail: graceEmail)
        }
        #expect(fixture.backend.oobCodes.isEmpty)
        try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        try await user.sendEmailVerification(beforeUpdatingEmail: graceEmail)
        #expect(fixture.backend.oobCodes.count == 1)
    }

    /// An address another account has: `emailAlreadyInUse`, when sending and (if taken since) when applying.
    @Test func anAddressInUseIsRefused() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
            try await user.sendEmailVerification(beforeUpdatingEmail: graceEmail)
        }
        try await user.sendEmailVerification(beforeUpdatingEmail: "new@example.com")
        let code = try Self.lastCode(fixture, "VERIFY_AND_CHANGE_EMAIL").oobCode
        try fixture.auth.signOut()
        try await fixture.auth.createUser(withEmail: "new@example.com", password: gracePassword)
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) { try await fixture.auth.applyActionCode(code) }
    }

    // MARK: - Email-link sign-in

    /// AuthTests.testSignInWithEmailLinkSuccess: a new address gets a new, verified account with the `password`
    /// provider; the link is a sign-in link.
    @Test func anEmailLinkCreatesAVerifiedAccount() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let code = try Self.lastCode(fixture, "EMAIL_SIGNIN")
        #expect(fixture.auth.isSignIn(withEmailLink: code.oobLink))
        #expect(ActionCodeURL(link: code.oobLink)?.continueURL == URL(string: "https://example.com/finish?x=1&y=2"))
        let result = try await fixture.auth.signIn(withEmail: "ADA@example.com", link: code.oobLink)
        #expect(result.additionalUserInfo?.isNewUser == true)
        #expect(result.additionalUserInfo?.providerID == "password")
        #expect(result.user.email == adaEmail)
        #expect(result.user.isEmailVerified)
        #expect(result.user.providerData.map(\.providerID) == ["password"])
        #expect(try await result.user.getIDTokenResult().signInProvider == "password")
        await #expect(throws: AuthErrorCode.invalidActionCode) {
            try await fixture.auth.signIn(withEmail: adaEmail, link: code.oobLink)
        }
    }

    /// An existing account signs in (and its address becomes verified); a disabled one is `userDisabled`.
    @Test func anEmailLinkSignsInTheExistingAccount() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let result = try await fixture.auth.signIn(
            with: EmailAuthProvider.credential(
                withEmail: adaEmail, link: Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink))
        #expect(result.user.uid == ada.uid)
        #expect(result.additionalUserInfo?.isNewUser == false)
        #expect(result.user.isEmailVerified)
        try fixture.auth.signOut()
        try fixture.backend.setDisabled(true, uid: ada.uid)
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let link = try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink
        await #expect(throws: AuthErrorCode.userDisabled) {
            try await fixture.auth.signIn(withEmail: adaEmail, link: link)
        }
    }

    /// The emulator's rule: another address than the one the link went to is `invalidEmail` (the code stays).
    @Test func anotherAddressIsInvalidEmail() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let link = try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink
        await #expect(throws: AuthErrorCode.invalidEmail) {
            try await fixture.auth.signIn(withEmail: graceEmail, link: link)
        }
        try await fixture.auth.signIn(withEmail: adaEmail, link: link)
    }

    /// UserTests.testLinkEmailLink: an anonymous user linked to an email link keeps its uid and gains the
    /// verified address; linking again is `providerAlreadyLinked`.
    @Test func linkingAnEmailLinkKeepsTheUID() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let link = try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink
        try await user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, link: link))
        #expect(!user.isAnonymous)
        #expect(user.email == adaEmail)
        #expect(user.isEmailVerified)
        #expect(fixture.backend.account(email: adaEmail)?.uid == user.uid)
        #expect(fixture.auth.currentUser === user)
        await #expect(throws: AuthErrorCode.providerAlreadyLinked) {
            try await user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, link: link))
        }
    }

    /// Linking an address another account has is `emailAlreadyInUse`.
    @Test func linkingAnAddressInUseIsRefused() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try fixture.auth.signOut()
        let user = try await fixture.auth.signInAnonymously().user
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let link = try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink
        await #expect(throws: AuthErrorCode.emailAlreadyInUse) {
            try await user.link(with: EmailAuthProvider.credential(withEmail: adaEmail, link: link))
        }
    }

    /// UserTests.testReauthenticateWithEmailLink: an email link reauthenticates its account (clearing
    /// `requiresRecentLogin`); another account's is `userMismatch`.
    @Test func anEmailLinkReauthenticates() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        fixture.clock.advance(by: 600)
        await #expect(throws: AuthErrorCode.requiresRecentLogin) {
            try await user.updatePassword(to: "difference-engine")
        }
        try await fixture.auth.sendSignInLink(toEmail: adaEmail, actionCodeSettings: Self.signInSettings())
        let link = try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink
        try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: adaEmail, link: link))
        try await user.updatePassword(to: "difference-engine")
        try await fixture.auth.sendSignInLink(toEmail: graceEmail, actionCodeSettings: Self.signInSettings())
        let other = try Self.lastCode(fixture, "EMAIL_SIGNIN").oobLink
        await #expect(throws: AuthErrorCode.userMismatch) {
            try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: graceEmail, link: other))
        }
        #expect(fixture.auth.currentUser === user)
    }

    /// `sentEmails` is the same list, as emails.
    @Test func sentEmailsShowEveryCode() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification()
        try await fixture.auth.sendSignInLink(toEmail: graceEmail, actionCodeSettings: Self.signInSettings())
        #expect(fixture.backend.sentEmails.map(\.kind) == [.verifyEmail, .emailSignIn])
        #expect(fixture.backend.sentEmails.map(\.code) == fixture.backend.oobCodes.map(\.oobCode))
    }
}
