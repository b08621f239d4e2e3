// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

@Suite("Auth futures", .timeLimit(.minutes(1)))
struct AuthFutureTests {
    @Test func aWrongPasswordFailsWithTheAuthErrorCode() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(
            withEmail: adaEmail, password: "wrong-password")
        #expect(try await outcome(of: future).failure == .wrongPassword)
    }

    @Test func getIDTokenOfASignedOutUserFailsWithNullUser() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.signInAnonymously().user
        try fixture.auth.signOut()
        let future: Future<String, AuthErrorCode> = user.getIDToken()
        #expect(try await outcome(of: future).failure == .nullUser)
        let result: Future<AuthTokenResult, AuthErrorCode> = user.getIDTokenResult(forcingRefresh: true)
        #expect(try await outcome(of: result).failure == .nullUser)
    }

    @Test func signOutFutureSignsOutAtOnce() async throws {
        let fixture = try AuthFixture()
        try await fixture.auth.signInAnonymously()
        let future: Future<Void, AuthErrorCode> = fixture.auth.signOut()
        #expect(fixture.auth.currentUser == nil)  // before anyone subscribed
        try await outcome(of: future).get()
    }

    /// Calls the futures from a synchronous context, where they are the only candidates, and drops them.
    private func createWithoutSubscribing(_ auth: Auth) {
        auth.createUser(withEmail: adaEmail, password: adaPassword)
    }

    @Test func aFutureStartsWithoutASubscriber() async throws {
        let fixture = try AuthFixture()
        createWithoutSubscribing(fixture.auth)
        try await waitUntil { fixture.backend.account(email: adaEmail) != nil }
    }

    @Test func passwordAndAccountFutures() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await outcome(of: user.updatePassword(to: "a-new-password") as Future<Void, AuthErrorCode>).get()
        let token = try await outcome(of: user.getIDToken(forcingRefresh: true) as Future<_, AuthErrorCode>).get()
        #expect(!token.isEmpty)
        let change = user.createProfileChangeRequest()
        change.displayName = "Ada"
        try await outcome(of: change.commitChanges() as Future<Void, AuthErrorCode>).get()
        try await outcome(of: user.reload() as Future<Void, AuthErrorCode>).get()
        #expect(user.displayName == "Ada")
        try await outcome(of: user.delete() as Future<Void, AuthErrorCode>).get()
        #expect(fixture.backend.account(email: adaEmail) == nil)
        let revoke: Future<Void, AuthErrorCode> = fixture.auth.revokeToken(withAuthorizationCode: "code")
        #expect(try await outcome(of: revoke).failure == .operationNotAllowed)
    }

    @Test func linkAndCredentialSignInFutures() async throws {
        let fixture = try AuthFixture()
        let anonymous = try await fixture.auth.signInAnonymously().user
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword)
        let linked = try await outcome(of: anonymous.link(with: credential) as Future<_, AuthErrorCode>).get()
        #expect(linked.user.uid == anonymous.uid)
        #expect(!anonymous.isAnonymous)
        try fixture.auth.signOut()
        let signedIn = try await outcome(of: fixture.auth.signIn(with: credential) as Future<_, AuthErrorCode>).get()
        #expect(signedIn.user.uid == anonymous.uid)
        let again = try await outcome(of: signedIn.user.reauthenticate(with: credential) as Future<_, AuthErrorCode>)
            .get()
        #expect(again.user.uid == anonymous.uid)
        let unlinked = try await outcome(of: signedIn.user.unlink(fromProvider: "password") as Future<_, AuthErrorCode>)
            .get()
        #expect(unlinked.providerData.isEmpty)
    }

    // MARK: - Out-of-band codes

    /// Settings continuing to `url` (an `https` page unless told), handled in the app.
    private func settings(url: String = continueURL) -> ActionCodeSettings {
        let settings = ActionCodeSettings()
        settings.url = URL(string: url)
        settings.handleCodeInApp = true
        return settings
    }

    @Test func sendPasswordResetWithSettingsRecordsTheContinueURL() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let future: Future<Void, AuthErrorCode> = fixture.auth.sendPasswordReset(
            withEmail: adaEmail, actionCodeSettings: settings())
        try await outcome(of: future).get()
        let sent = try #require(fixture.backend.oobCodes.last)
        #expect(sent.requestType == "PASSWORD_RESET")
        #expect(ActionCodeURL(link: sent.oobLink)?.continueURL == URL(string: continueURL))
    }

    @Test func sendPasswordResetWithABadContinueURLFailsWithInvalidContinueURI() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let future: Future<Void, AuthErrorCode> = fixture.auth.sendPasswordReset(
            withEmail: adaEmail, actionCodeSettings: settings(url: "ftp://example.com/reset"))
        #expect(try await outcome(of: future).failure == .invalidContinueURI)
        #expect(fixture.backend.oobCodes.isEmpty)
    }

    @Test func sendSignInLinkNotHandledInTheAppFailsWithInvalidContinueURI() async throws {
        let fixture = try AuthFixture()
        let outside = settings()
        outside.handleCodeInApp = false
        let future: Future<Void, AuthErrorCode> = fixture.auth.sendSignInLink(
            toEmail: adaEmail, actionCodeSettings: outside)
        #expect(try await outcome(of: future).failure == .invalidContinueURI)
        let noURL = ActionCodeSettings()
        noURL.handleCodeInApp = true
        let missing: Future<Void, AuthErrorCode> = fixture.auth.sendSignInLink(
            toEmail: adaEmail, actionCodeSettings: noURL)
        #expect(try await outcome(of: missing).failure == .missingContinueURI)
        #expect(fixture.backend.oobCodes.isEmpty)
    }

    @Test func signInWithEmailLinkFailsForAnotherAddressOrAUsedLink() async throws {
        let fixture = try AuthFixture()
        let link = try await fixture.signInLink(to: adaEmail)
        let wrongEmail: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(withEmail: graceEmail, link: link)
        #expect(try await outcome(of: wrongEmail).failure == .invalidEmail)
        _ = try await outcome(of: fixture.auth.signIn(withEmail: adaEmail, link: link) as Future<_, AuthErrorCode>)
            .get()
        try fixture.auth.signOut()
        let used: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(withEmail: adaEmail, link: link)
        #expect(try await outcome(of: used).failure == .invalidActionCode)
        let notALink: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(
            withEmail: adaEmail, link: "https://example.com/")
        #expect(try await outcome(of: notALink).failure == .invalidActionCode)
        #expect(fixture.auth.currentUser == nil)
    }

    @Test func verifyPasswordResetCodeFailsForUnknownAndExpiredCodes() async throws {
        let fixture = try AuthFixture()
        let unknown: Future<String, AuthErrorCode> = fixture.auth.verifyPasswordResetCode("no-such-code")
        #expect(try await outcome(of: unknown).failure == .invalidActionCode)
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.oobCodes.last).oobCode
        fixture.clock.advance(by: 3601)  // a password-reset code lives one hour
        let expired: Future<String, AuthErrorCode> = fixture.auth.verifyPasswordResetCode(code)
        #expect(try await outcome(of: expired).failure == .expiredActionCode)
    }

    @Test func checkAndApplyActionCodeFailForAnUnknownCode() async throws {
        let fixture = try AuthFixture()
        let check: Future<ActionCodeInfo, AuthErrorCode> = fixture.auth.checkActionCode("no-such-code")
        #expect(try await outcome(of: check).failure == .invalidActionCode)
        let apply: Future<Void, AuthErrorCode> = fixture.auth.applyActionCode("no-such-code")
        #expect(try await outcome(of: apply).failure == .invalidActionCode)
    }

    @Test func applyActionCodeWorksOnce() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification()
        let code = try #require(fixture.backend.oobCodes.last).oobCode
        try await outcome(of: fixture.auth.applyActionCode(code) as Future<Void, AuthErrorCode>).get()
        let again: Future<Void, AuthErrorCode> = fixture.auth.applyActionCode(code)
        #expect(try await outcome(of: again).failure == .invalidActionCode)
    }

    @Test func sendEmailVerificationFuture() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await outcome(of: user.sendEmailVerification(with: settings()) as Future<Void, AuthErrorCode>).get()
        let sent = try #require(fixture.backend.oobCodes.last)
        #expect(sent.requestType == "VERIFY_EMAIL")
        #expect(sent.email == adaEmail)
        #expect(ActionCodeURL(link: sent.oobLink)?.continueURL == URL(string: continueURL))
    }

    @Test func sendEmailVerificationFailsWithoutAnAddressOrASignedInUser() async throws {
        let fixture = try AuthFixture()
        let anonymous = try await fixture.auth.signInAnonymously().user
        let noEmail: Future<Void, AuthErrorCode> = anonymous.sendEmailVerification()
        #expect(try await outcome(of: noEmail).failure == .missingEmail)
        try fixture.auth.signOut()
        let signedOut: Future<Void, AuthErrorCode> = anonymous.sendEmailVerification()
        #expect(try await outcome(of: signedOut).failure == .nullUser)
        #expect(fixture.backend.oobCodes.isEmpty)
    }

    @Test func sendEmailVerificationBeforeUpdatingEmailChangesTheAddressOnceApplied() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let future: Future<Void, AuthErrorCode> = user.sendEmailVerification(beforeUpdatingEmail: graceEmail)
        try await outcome(of: future).get()
        let sent = try #require(fixture.backend.oobCodes.last)
        #expect(sent.requestType == "VERIFY_AND_CHANGE_EMAIL")
        #expect(sent.email == graceEmail)
        #expect(user.email == adaEmail)
        try await fixture.auth.applyActionCode(sent.oobCode)
        try await user.reload()
        #expect(user.email == graceEmail)
    }

    @Test func sendEmailVerificationBeforeUpdatingEmailNeedsARecentSignInAndAFreeAddress() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let taken: Future<Void, AuthErrorCode> = user.sendEmailVerification(
            beforeUpdatingEmail: graceEmail, actionCodeSettings: settings())
        #expect(try await outcome(of: taken).failure == .emailAlreadyInUse)
        fixture.clock.advance(by: 301)  // past the five-minute recent-login window
        let stale: Future<Void, AuthErrorCode> = user.sendEmailVerification(
            beforeUpdatingEmail: "lovelace@example.com")
        #expect(try await outcome(of: stale).failure == .requiresRecentLogin)
        #expect(fixture.backend.oobCodes.isEmpty)
    }

    /// Calls the new futures from a synchronous context and drops them: the codes are still sent.
    private func sendWithoutSubscribing(_ auth: Auth, _ user: User) {
        auth.sendSignInLink(toEmail: graceEmail, actionCodeSettings: settings())
        user.sendEmailVerification()
    }

    @Test func outOfBandFuturesStartWithoutASubscriber() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        sendWithoutSubscribing(fixture.auth, user)
        try await waitUntil { fixture.backend.oobCodes.count == 2 }
        #expect(Set(fixture.backend.oobCodes.map(\.requestType)) == ["EMAIL_SIGNIN", "VERIFY_EMAIL"])
    }
}
