// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Testing

@testable import FlintAuth

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// FirebaseCombineSwift's `Tests/Unit/Auth`, against the embedded backend instead of the SDK's mocked RPCs. Each
/// test names the SDK test it ports. The SDK's main-thread tests (`testPublisherEmitsOnMainThread`,
/// `testSubscribersCanReceiveOnNonMainThread`) are not ported: Flint's publishers send on a background thread by
/// design (the FlintCombine guide's deliberate differences), and `receive(on:)` is Combine's own.
@Suite("SDK: AuthStateDidChangePublisherTests (FirebaseCombineSwift)", .timeLimit(.minutes(1)))
struct SDKAuthStateDidChangePublisherTests {
    // testPublisherEmitsWhenAttached
    @Test func publisherEmitsWhenAttached() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.authStateDidChangePublisher())
        #expect(try await recorder.waitForValues(1) == [nil])
    }

    // testPublisherEmitsWhenUserIsSignedIn
    @Test func publisherEmitsWhenUserIsSignedIn() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.authStateDidChangePublisher())
        try await recorder.waitForValues(1)
        try await fixture.auth.signInAnonymously()
        #expect(try await recorder.waitForValues(2).last??.isAnonymous == true)
    }

    // testPublisherDoesNotEmitWhenUserSignsInAgain
    @Test func publisherDoesNotEmitWhenUserSignsInAgain() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.authStateDidChangePublisher())
        try await recorder.waitForValues(1)
        try await fixture.auth.signInAnonymously()
        try await recorder.waitForValues(2)
        try await fixture.auth.signInAnonymously()
        // A later change is the next value: nothing came in between.
        try fixture.auth.signOut()
        #expect(try await recorder.waitForValues(3).map { $0?.isAnonymous } == [nil, true, nil])
    }

    // testPublisherEmitsWhenUserSignsOut
    @Test func publisherEmitsWhenUserSignsOut() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.authStateDidChangePublisher())
        try await fixture.auth.signInAnonymously()
        try await recorder.waitForValues(2)
        try fixture.auth.signOut()
        #expect(try await recorder.waitForValues(3).last == .some(nil))
    }

    // testPublisherNoLongerEmitsWhenDetached
    @Test func publisherNoLongerEmitsWhenDetached() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.authStateDidChangePublisher())
        try await fixture.auth.signInAnonymously()
        try await recorder.waitForValues(2)
        recorder.cancel()
        try await waitUntil { fixture.auth.listenerCount == 0 }
        try fixture.auth.signOut()
        #expect(recorder.values.count == 2)
    }
}

@Suite("SDK: IDTokenDidChangePublisherTests (FirebaseCombineSwift)", .timeLimit(.minutes(1)))
struct SDKIDTokenDidChangePublisherTests {
    // The SDK's one test runs these steps in turn: emits when attached, when signed in, not when signing in
    // again, when signing out, and no longer once detached.
    @Test func idTokenDidChangePublisherLifecycle() async throws {
        let fixture = try AuthFixture()
        let recorder = Recorder(fixture.auth.idTokenDidChangePublisher())
        #expect(try await recorder.waitForValues(1) == [nil])
        try await fixture.auth.signInAnonymously()
        try await recorder.waitForValues(2)
        try await fixture.auth.signInAnonymously()  // the same anonymous user: no notification
        try fixture.auth.signOut()
        #expect(try await recorder.waitForValues(3).map { $0?.isAnonymous } == [nil, true, nil])
        recorder.cancel()
        try await waitUntil { fixture.auth.listenerCount == 0 }
        try await fixture.auth.signInAnonymously()
        #expect(recorder.values.count == 3)
    }
}

@Suite("SDK: Auth futures (FirebaseCombineSwift)", .timeLimit(.minutes(1)))
struct SDKAuthFutureTests {
    // AnonymousAuthTests.testSignInAnonymouslySuccessfully
    @Test func signInAnonymouslySuccessfully() async throws {
        let fixture = try AuthFixture()
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signInAnonymously()
        let result = try await outcome(of: future).get()
        #expect(result.user.isAnonymous)
        #expect(result.user.email == nil)
        #expect(result.user.providerData.isEmpty)
        #expect(result.additionalUserInfo?.isNewUser == true)
    }

    // EmailPasswordAuthTests.testCreateUserWithEmailAndPassword
    @Test func createUserWithEmailAndPassword() async throws {
        let fixture = try AuthFixture()
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.createUser(
            withEmail: adaEmail, password: adaPassword)
        let user = try await outcome(of: future).get().user
        #expect(user.email == adaEmail)
        #expect(!user.isAnonymous)
        #expect(fixture.backend.account(email: adaEmail)?.uid == user.uid)
    }

    // EmailPasswordAuthTests.testSignInUserWithEmailAndPassword
    @Test func signInUserWithEmailAndPassword() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try fixture.auth.signOut()
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(
            withEmail: adaEmail, password: adaPassword)
        #expect(try await outcome(of: future).get().user.email == adaEmail)
    }

    // SignInWithCustomTokenTests.testSignInWithCustomToken
    @Test func signInWithCustomToken() async throws {
        let fixture = try AuthFixture()
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(
            withCustomToken: fixture.backend.customToken(uid: "LOCAL_ID"))
        let user = try await outcome(of: future).get().user
        #expect(user.uid == "LOCAL_ID")
        #expect(!user.isAnonymous)
        #expect(user.providerData.isEmpty)
    }

    // UpdateCurrentUserTests.testUpdateCurrentUser
    @Test func updateCurrentUser() async throws {
        let fixture = try AuthFixture()
        let user1 = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let user2 = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword).user
        #expect(fixture.auth.currentUser?.uid == user2.uid)
        try await outcome(of: fixture.auth.updateCurrentUser(user1) as Future<Void, AuthErrorCode>).get()
        #expect(fixture.auth.currentUser?.uid == user1.uid)
    }

    // PasswordResetTests.testResetPassword
    @Test func resetPassword() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.sentEmails.last?.code)
        let future: Future<Void, AuthErrorCode> = fixture.auth.confirmPasswordReset(
            withCode: code, newPassword: "fakeNewPassword")
        try await outcome(of: future).get()
        try fixture.auth.signOut()
        _ = try await fixture.auth.signIn(withEmail: adaEmail, password: "fakeNewPassword")
    }

    // PasswordResetTests.testSendPasswordResetEmail
    @Test func sendPasswordResetEmail() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await outcome(of: fixture.auth.sendPasswordReset(withEmail: adaEmail) as Future<Void, AuthErrorCode>)
            .get()
        #expect(fixture.backend.sentEmails.map(\.email) == [adaEmail])
    }

    // PasswordResetTests.testVerifyPasswordResetCode
    @Test func verifyPasswordResetCode() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try await fixture.auth.sendPasswordReset(withEmail: adaEmail)
        let code = try #require(fixture.backend.oobCodes.last { $0.requestType == "PASSWORD_RESET" }).oobCode
        let future: Future<String, AuthErrorCode> = fixture.auth.verifyPasswordResetCode(code)
        #expect(try await outcome(of: future).get() == adaEmail)
        // Verifying does not use the code: it still resets the password.
        try await fixture.auth.confirmPasswordReset(withCode: code, newPassword: "fakeNewPassword")
    }

    // PasswordResetTests.testCheckActionCode. The SDK's mocked answer is a `VERIFY_EMAIL` code with a new
    // address; the embedded backend issues a verification code for the account's own address, and an email
    // change (`VERIFY_AND_CHANGE_EMAIL`) for a new one.
    @Test func checkActionCode() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification()
        let verify = try #require(fixture.backend.oobCodes.last { $0.requestType == "VERIFY_EMAIL" }).oobCode
        let info = try await outcome(of: fixture.auth.checkActionCode(verify) as Future<_, AuthErrorCode>).get()
        #expect(info.operation == .verifyEmail)
        #expect(info.email == adaEmail)
        try await user.sendEmailVerification(beforeUpdatingEmail: graceEmail)
        let change = try #require(fixture.backend.oobCodes.last { $0.requestType == "VERIFY_AND_CHANGE_EMAIL" })
        let changeInfo = try await outcome(of: fixture.auth.checkActionCode(change.oobCode) as Future<_, AuthErrorCode>)
            .get()
        #expect(changeInfo.operation == .verifyAndChangeEmail)
        #expect(changeInfo.email == graceEmail)
        #expect(changeInfo.previousEmail == adaEmail)
    }

    // PasswordResetTests.testApplyActionCode
    @Test func applyActionCode() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try await user.sendEmailVerification()
        let code = try #require(fixture.backend.oobCodes.last { $0.requestType == "VERIFY_EMAIL" }).oobCode
        try await outcome(of: fixture.auth.applyActionCode(code) as Future<Void, AuthErrorCode>).get()
        #expect(!user.isEmailVerified)  // as in the SDK, the user object changes only at its next reload
        try await user.reload()
        #expect(user.isEmailVerified)
    }

    // FetchSignInMethodsTests.testFetchSignInMethods: the future publishes the account's sign-in methods (with
    // email-enumeration protection off, as the SDK's mock backend answers).
    @Test func fetchSignInMethods() async throws {
        let fixture = try AuthFixture(configuration: .init(emailEnumerationProtection: false))
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        let future: Future<[String], AuthErrorCode> = fixture.auth.fetchSignInMethods(forEmail: adaEmail)
        #expect(try await outcome(of: future).get() == ["password"])
        let unknown: Future<[String], AuthErrorCode> = fixture.auth.fetchSignInMethods(forEmail: "nobody@example.com")
        #expect(try await outcome(of: unknown).get() == [])
    }

    // OAuthProviderTests, PhoneAuthProviderTests, GameCenterAuthProviderTests, SignInWithGameCenterTests,
    // SignInWithProviderTests (all of their tests), SignInWithCredentialTests.testPhoneAuthSuccess,
    // testPhoneAuthMissingVerificationCode, testPhoneAuthMissingVerificationID
    @Test(.disabled("needs phone, Game Center and OAuth web sign-in flows, which FlintAuth does not have"))
    func federatedProviders() async throws {
        // Not portable: Flint has no web (`signIn(with:uiDelegate:)`), phone or Game Center sign-in.
    }
}
