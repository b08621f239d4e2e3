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

/// FirebaseCombineSwift's `Tests/Unit/Auth` for credentials, email links and the user's futures
/// (SignInWithCredentialTests, EmailLinkAuthTests, UserTests), against the embedded backend instead of the SDK's
/// mocked RPCs: identity-provider tokens are `LocalAuthBackend.fakeIdPToken(...)`, emailed links are read from
/// `LocalAuthBackend.oobCodes`. Where the SDK's mock answers an error, the backend is brought into the state that
/// gives it (a disabled account, another account's email), or, for an error the embedded backend never gives in
/// that call, `simulatedError` answers it. Each test names the SDK test it ports.
@Suite("SDK: SignInWithCredentialTests (FirebaseCombineSwift)", .timeLimit(.minutes(1)))
struct SDKSignInWithCredentialFutureTests {
    // testSignInWithEmailCredentialSuccess. The SDK's mocked account has no provider data; the embedded
    // backend's lists its password provider.
    @Test func signInWithEmailCredentialSuccess() async throws {
        let fixture = try AuthFixture()
        let created = try await fixture.createAda(displayName: "Ada Lovelace")
        try fixture.auth.signOut()
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword)
        let user = try await outcome(of: fixture.auth.signIn(with: credential) as Future<_, AuthErrorCode>).get().user
        #expect(user.uid == created.uid)
        #expect(user.displayName == "Ada Lovelace")
        #expect(user.email == adaEmail)
        #expect(!user.isAnonymous)
        #expect(user.providerData.map(\.providerID) == ["password"])
    }

    // testSignInWithEmailCredentialFailure: a disabled account.
    @Test func signInWithEmailCredentialFailure() async throws {
        let fixture = try AuthFixture()
        let uid = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user.uid
        try fixture.auth.signOut()
        try fixture.backend.setDisabled(true, uid: uid)
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword)
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(with: credential)
        #expect(try await outcome(of: future).failure == .userDisabled)
    }

    // testSignInWithEmailCredentialEmptyPassword
    @Test func signInWithEmailCredentialEmptyPassword() async throws {
        let fixture = try AuthFixture()
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, password: "")
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(with: credential)
        #expect(try await outcome(of: future).failure == .wrongPassword)
    }

    // testSignInWithGoogleAccountExistsError: the provider's unverified email belongs to another account.
    @Test func signInWithGoogleAccountExistsError() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword)
        try fixture.auth.signOut()
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(
            with: googleCredential(verified: false))
        #expect(try await outcome(of: future).failure == .accountExistsWithDifferentCredential)
        #expect(fixture.auth.currentUser == nil)
    }

    // testSignInWithGoogleCredentialSuccess and testSignInWithCredentialSuccess (the additional user info)
    @Test func signInWithGoogleCredentialSuccess() async throws {
        let fixture = try AuthFixture()
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(with: googleCredential())
        let result = try await outcome(of: future).get()
        #expect(result.user.displayName == "Ada")
        #expect(result.user.email == adaEmail)
        #expect(!result.user.isAnonymous)
        #expect(result.user.providerData.map(\.providerID) == ["google.com"])
        #expect(result.additionalUserInfo?.providerID == "google.com")
        #expect(result.additionalUserInfo?.profile?["email"] == .string(adaEmail))
        #expect(result.additionalUserInfo?.profile?["sub"] == "google-ada")
        #expect(fixture.auth.currentUser === result.user)
    }

    // testSignInWithGoogleCredentialFailure: the SDK's mock answers `emailAlreadyInUse`, which the embedded
    // backend never gives to a sign-in; `simulatedError` answers it.
    @Test func signInWithGoogleCredentialFailure() async throws {
        let fixture = try AuthFixture()
        fixture.backend.simulatedError = .emailAlreadyInUse
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(with: googleCredential())
        #expect(try await outcome(of: future).failure == .emailAlreadyInUse)
    }

    // testSignInWithEmailLinkCredentialSuccess
    @Test func signInWithEmailLinkCredentialSuccess() async throws {
        let fixture = try AuthFixture()
        let link = try await fixture.signInLink(to: adaEmail)
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, link: link)
        let user = try await outcome(of: fixture.auth.signIn(with: credential) as Future<_, AuthErrorCode>).get().user
        #expect(user.refreshToken?.isEmpty == false)
        #expect(user.email == adaEmail)
        #expect(!user.isAnonymous)
    }

    // testSignInWithEmailLinkCredentialFailure: a disabled account.
    @Test func signInWithEmailLinkCredentialFailure() async throws {
        let fixture = try AuthFixture()
        let uid = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user.uid
        try fixture.auth.signOut()
        try fixture.backend.setDisabled(true, uid: uid)
        let link = try await fixture.signInLink(to: adaEmail)
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, link: link)
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(with: credential)
        #expect(try await outcome(of: future).failure == .userDisabled)
    }
}

@Suite("SDK: EmailLinkAuthTests (FirebaseCombineSwift)", .timeLimit(.minutes(1)))
struct SDKEmailLinkFutureTests {
    // testSendSignInLinkToEmail
    @Test func sendSignInLinkToEmail() async throws {
        let fixture = try AuthFixture()
        let settings = ActionCodeSettings()
        settings.url = URL(string: continueURL)
        settings.handleCodeInApp = true
        let future: Future<Void, AuthErrorCode> = fixture.auth.sendSignInLink(
            toEmail: adaEmail, actionCodeSettings: settings)
        try await outcome(of: future).get()
        let sent = try #require(fixture.backend.oobCodes.last)
        #expect(sent.email == adaEmail)
        #expect(sent.requestType == "EMAIL_SIGNIN")
        #expect(fixture.auth.isSignIn(withEmailLink: sent.oobLink))
        #expect(ActionCodeURL(link: sent.oobLink)?.continueURL == URL(string: continueURL))
    }

    // testSignInUserWithEmailAndLink
    @Test func signInUserWithEmailAndLink() async throws {
        let fixture = try AuthFixture()
        let link = try await fixture.signInLink(to: adaEmail)
        let future: Future<AuthDataResult, AuthErrorCode> = fixture.auth.signIn(withEmail: adaEmail, link: link)
        let result = try await outcome(of: future).get()
        #expect(result.user.refreshToken?.isEmpty == false)
        #expect(!result.user.isAnonymous)
        #expect(result.user.email == adaEmail)
        #expect(result.user.isEmailVerified)
        #expect(result.additionalUserInfo?.isNewUser == true)
        #expect(fixture.auth.currentUser === result.user)
    }
}

@Suite("SDK: UserTests (FirebaseCombineSwift)", .timeLimit(.minutes(1)))
struct SDKUserFutureTests {
    static let facebook = FacebookAuthProvider.credential(withAccessToken: "FACEBOOK_ACCESS_TOKEN")

    /// Signs in with Facebook through the future and checks the additional user info, as the SDK's tests'
    /// first step does.
    static func signInWithFacebook(_ fixture: AuthFixture) async throws -> User {
        let result = try await outcome(of: fixture.auth.signIn(with: facebook) as Future<_, AuthErrorCode>).get()
        #expect(result.additionalUserInfo?.providerID == "facebook.com")
        #expect(fixture.auth.currentUser === result.user)
        return result.user
    }

    // testlinkAndRetrieveDataSuccess
    @Test func linkAndRetrieveDataSuccess() async throws {
        let fixture = try AuthFixture()
        let user = try await Self.signInWithFacebook(fixture)
        let future: Future<AuthDataResult, AuthErrorCode> = user.link(with: googleCredential())
        let linked = try await outcome(of: future).get()
        #expect(fixture.auth.currentUser === linked.user)
        #expect(linked.user === user)
        #expect(linked.additionalUserInfo?.providerID == "google.com")
        #expect(linked.additionalUserInfo?.profile?["email"] == .string(adaEmail))
        #expect(Set(user.providerData.map(\.providerID)) == ["facebook.com", "google.com"])
    }

    // testLinkAndRetrieveDataError: the SDK's mock answers `accountExistsWithDifferentCredential`, which the
    // embedded backend never gives to a link (an identity another account has is `credentialAlreadyInUse`,
    // checked too); `simulatedError` answers it.
    @Test func linkAndRetrieveDataError() async throws {
        let fixture = try AuthFixture()
        let owner = try await fixture.auth.signIn(with: googleCredential()).user
        try fixture.auth.signOut()
        let user = try await Self.signInWithFacebook(fixture)
        let inUse: Future<AuthDataResult, AuthErrorCode> = user.link(with: googleCredential())
        #expect(try await outcome(of: inUse).failure == .credentialAlreadyInUse)
        #expect(owner.uid != user.uid)
        fixture.backend.simulatedError = .accountExistsWithDifferentCredential
        let future: Future<AuthDataResult, AuthErrorCode> = user.link(with: googleCredential(sub: "another"))
        #expect(try await outcome(of: future).failure == .accountExistsWithDifferentCredential)
        #expect(fixture.auth.currentUser === user)
    }

    // testLinkAndRetrieveDataProviderAlreadyLinked
    @Test func linkAndRetrieveDataProviderAlreadyLinked() async throws {
        let fixture = try AuthFixture()
        let user = try await Self.signInWithFacebook(fixture)
        let future: Future<AuthDataResult, AuthErrorCode> = user.link(with: Self.facebook)
        #expect(try await outcome(of: future).failure == .providerAlreadyLinked)
    }

    // testLinkAndRetrieveDataErrorAutoSignOut: the account was disabled; the failed link signs the user out.
    @Test func linkAndRetrieveDataErrorAutoSignOut() async throws {
        let fixture = try AuthFixture()
        let user = try await Self.signInWithFacebook(fixture)
        try fixture.backend.setDisabled(true, uid: user.uid)
        let future: Future<AuthDataResult, AuthErrorCode> = user.link(with: googleCredential())
        #expect(try await outcome(of: future).failure == .userDisabled)
        #expect(fixture.auth.currentUser == nil)
    }

    // testReauthenticateSuccess
    @Test func reauthenticateSuccess() async throws {
        let fixture = try AuthFixture()
        let user = try await fixture.createAda(displayName: "Ada Lovelace")
        let credential = EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword)
        let future: Future<AuthDataResult, AuthErrorCode> = user.reauthenticate(with: credential)
        let result = try await outcome(of: future).get()
        #expect(result.user === user)
        #expect(result.user.displayName == "Ada Lovelace")
        #expect(result.user.email == adaEmail)
    }

    // testReauthenticateWithCredentialSuccess
    @Test func reauthenticateWithCredentialSuccess() async throws {
        let fixture = try AuthFixture()
        let signedIn = try await outcome(of: fixture.auth.signIn(with: googleCredential()) as Future<_, AuthErrorCode>)
            .get()
        #expect(signedIn.additionalUserInfo?.providerID == "google.com")
        let future: Future<AuthDataResult, AuthErrorCode> = signedIn.user.reauthenticate(with: googleCredential())
        let result = try await outcome(of: future).get()
        #expect(result.additionalUserInfo?.providerID == "google.com")
        #expect(result.additionalUserInfo?.profile?["email"] == .string(adaEmail))
        #expect(result.user === signedIn.user)
    }

    // testReauthenticateFailure: the credential is another account's.
    @Test func reauthenticateFailure() async throws {
        let fixture = try AuthFixture()
        _ = try await fixture.auth.createUser(withEmail: graceEmail, password: gracePassword)
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let credential = EmailAuthProvider.credential(withEmail: graceEmail, password: gracePassword)
        let future: Future<AuthDataResult, AuthErrorCode> = ada.reauthenticate(with: credential)
        #expect(try await outcome(of: future).failure == .userMismatch)
        #expect(fixture.auth.currentUser === ada)
    }

    // testReauthenticateUserMismatchFailure: an identity no account has (the backend's `userNotFound` becomes
    // `userMismatch`).
    @Test func reauthenticateUserMismatchFailure() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        let future: Future<AuthDataResult, AuthErrorCode> = ada.reauthenticate(
            with: googleCredential(sub: "stranger", email: nil))
        #expect(try await outcome(of: future).failure == .userMismatch)
        #expect(fixture.auth.currentUser === ada)
    }
}
