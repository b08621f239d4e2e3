// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAuth

/// FirebaseAuth's AuthTests for `signIn(with:)` and the provider tests (GoogleAuthProviderTests,
/// OAuthProviderTests, FacebookAuthProviderTests, GitHubAuthProviderTests, TwitterAuthProviderTests,
/// EmailAuthProviderTests), against the embedded backend.
@Suite("SDK AuthTests: signIn(with:) and the providers, embedded")
struct SDKSignInWithCredentialTests {
    /// GoogleAuthProviderTests / FacebookAuthProviderTests / GitHubAuthProviderTests / TwitterAuthProviderTests /
    /// EmailAuthProviderTests: each credential has its provider's ID and carries its tokens.
    @Test func providersMakeCredentialsOfTheirProvider() throws {
        #expect(GoogleAuthProvider.id == "google.com")
        #expect(FacebookAuthProvider.id == "facebook.com")
        #expect(GitHubAuthProvider.id == "github.com")
        #expect(TwitterAuthProvider.id == "twitter.com")
        #expect(EmailAuthProvider.id == "password")
        #expect(OAuthProvider.id == "OAuth")
        #expect(GoogleAuthProvider.credential(withIDToken: "i", accessToken: "a").provider == "google.com")
        #expect(FacebookAuthProvider.credential(withAccessToken: "a").provider == "facebook.com")
        #expect(GitHubAuthProvider.credential(withToken: "a").provider == "github.com")
        let twitter = TwitterAuthProvider.credential(withToken: "t", secret: "s")
        #expect(twitter.provider == "twitter.com")
        #expect(twitter.idpAssertion == AuthIdPAssertion(providerID: "twitter.com", accessToken: "t", secret: "s"))
        #expect(EmailAuthProvider.credential(withEmail: adaEmail, password: "p").provider == "password")
        let oauth = OAuthProvider.credential(
            providerID: .custom("oidc.x"), idToken: "i", rawNonce: "n", accessToken: "a")
        #expect(oauth.provider == "oidc.x")
        #expect(oauth.idToken == "i")
        #expect(oauth.accessToken == "a")
        #expect(oauth.idpAssertion?.rawNonce == "n")
        #expect(OAuthProvider.credential(withProviderID: "p", idToken: "i", accessToken: nil).accessToken == nil)
        #expect(
            OAuthProvider.credential(withProviderID: "p", idToken: "i", rawNonce: "n").idpAssertion?.rawNonce == "n")
        #expect(
            OAuthProvider.credential(withProviderID: "p", idToken: "i", rawNonce: "n", accessToken: "a").accessToken
                == "a")
        #expect(OAuthProvider.credential(withProviderID: .gitHub, accessToken: "a").provider == "github.com")
        #expect(OAuthProvider.credential(providerID: .facebook, accessToken: "a").provider == "facebook.com")
        var name = PersonNameComponents()
        name.givenName = "Ada"
        name.familyName = "Lovelace"
        let apple = OAuthProvider.appleCredential(withIDToken: "i", rawNonce: "n", fullName: name)
        #expect(apple.provider == "apple.com")
        #expect(apple.idpAssertion?.givenName == "Ada")
        #expect(apple.idpAssertion?.familyName == "Lovelace")
        #expect(
            [AuthProviderID.apple, .email, .facebook, .gameCenter, .gitHub, .google, .phone, .custom("x")].map(
                \.rawValue)
                == ["apple.com", "password", "facebook.com", "gc.apple.com", "github.com", "google.com", "phone", "x"])
    }

    /// AuthTests' signIn(with: Google) success: a new account with the provider's profile; the additional user
    /// info as the SDK fills it; the next sign-in is the same account, not new.
    @Test func signingInWithGoogleCreatesThenFindsTheAccount() async throws {
        let fixture = try AuthFixture()
        let token = LocalAuthBackend.fakeIdPToken(
            sub: "google-ada", email: "Ada@Example.com", name: "Ada Lovelace",
            picture: URL(string: "https://example.com/ada.png"))
        let first = try await fixture.auth.signIn(
            with: GoogleAuthProvider.credential(withIDToken: token, accessToken: "google-access"))
        #expect(first.additionalUserInfo?.providerID == "google.com")
        #expect(first.additionalUserInfo?.isNewUser == true)
        #expect(first.additionalUserInfo?.profile?["name"] == "Ada Lovelace")
        #expect(first.additionalUserInfo?.profile?["email"] == "Ada@Example.com")
        #expect(first.credential?.idToken == token)
        #expect(first.credential?.accessToken == "google-access")
        #expect(first.user.email == adaEmail)
        #expect(first.user.displayName == "Ada Lovelace")
        #expect(try await first.user.getIDTokenResult().signInProvider == "google.com")
        try fixture.auth.signOut()
        let again = try await fixture.auth.signIn(
            with: GoogleAuthProvider.credential(withIDToken: token, accessToken: "google-access"))
        #expect(again.user.uid == first.user.uid)
        #expect(again.additionalUserInfo?.isNewUser == false)
    }

    /// The emulator also accepts strict JSON as a fake ID token, and Sign in with Apple and any OAuth provider.
    @Test func jsonTokensAppleAndOAuthProvidersSignIn() async throws {
        let fixture = try AuthFixture()
        let json = #"{"sub": "apple-ada", "email": "ada@privaterelay.appleid.com", "email_verified": "true"}"#
        let apple = try await fixture.auth.signIn(
            with: OAuthProvider.appleCredential(withIDToken: json, rawNonce: "nonce", fullName: nil))
        #expect(apple.additionalUserInfo?.providerID == "apple.com")
        #expect(apple.user.email == "ada@privaterelay.appleid.com")
        #expect(apple.user.isEmailVerified)
        try fixture.auth.signOut()
        let oidc = try await fixture.auth.signIn(
            with: OAuthProvider.credential(
                providerID: .custom("oidc.example"), idToken: LocalAuthBackend.fakeIdPToken(sub: "o-1")))
        #expect(oidc.user.providerData.map(\.providerID) == ["oidc.example"])
        #expect(oidc.user.email == nil)
    }

    /// Access-token providers: a fake token with claims (as the emulator), or a deterministic fake identity for
    /// any other token, the same token always the same user.
    @Test func accessTokenProvidersSignInDeterministically() async throws {
        let fixture = try AuthFixture()
        let facebook = try await fixture.auth.signIn(with: FacebookAuthProvider.credential(withAccessToken: "EAAB-1"))
        #expect(facebook.additionalUserInfo?.isNewUser == true)
        #expect(facebook.user.providerData.first?.uid.hasPrefix("facebook.com:") == true)
        try fixture.auth.signOut()
        let again = try await fixture.auth.signIn(with: FacebookAuthProvider.credential(withAccessToken: "EAAB-1"))
        #expect(again.user.uid == facebook.user.uid)
        try fixture.auth.signOut()
        let other = try await fixture.auth.signIn(with: FacebookAuthProvider.credential(withAccessToken: "EAAB-2"))
        #expect(other.user.uid != facebook.user.uid)
        try fixture.auth.signOut()
        let github = try await fixture.auth.signIn(
            with: GitHubAuthProvider.credential(withToken: #"{"sub": "octo", "screen_name": "octocat"}"#))
        #expect(github.additionalUserInfo?.username == "octocat")
        #expect(github.user.providerData.first?.uid == "octo")
        try fixture.auth.signOut()
        let twitter = try await fixture.auth.signIn(with: TwitterAuthProvider.credential(withToken: "t", secret: "s"))
        #expect(twitter.credential?.secret == "s")
    }

    /// AuthTests' signIn(with:) failures: an ID token that is not a fake token, or has no `sub`, is
    /// `invalidCredential` (the emulator's `INVALID_IDP_RESPONSE`); nesting deeper than 32 levels too.
    @Test func unreadableTokensAreInvalidCredential() async throws {
        let fixture = try AuthFixture()
        for token in ["not a token", #"{"email": "a@b.co"}"#, "{broken", "a.b", #"{"sub": 7}"#] {
            await #expect(throws: AuthErrorCode.invalidCredential, "\(token)") {
                try await fixture.auth.signIn(with: GoogleAuthProvider.credential(withIDToken: token, accessToken: "a"))
            }
        }
        let deep =
            #"{"sub": "x", "n": "# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
        await #expect(throws: AuthErrorCode.invalidCredential) {
            try await fixture.auth.signIn(with: GoogleAuthProvider.credential(withIDToken: deep, accessToken: "a"))
        }
        #expect(fixture.auth.currentUser == nil)
    }

    /// An identity whose unverified email belongs to another account is `accountExistsWithDifferentCredential`,
    /// with the email and the credential in the error; a verified one signs in to that account.
    @Test func anotherAccountsEmailNeedsVerificationToLink() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        let unverified = GoogleAuthProvider.credential(
            withIDToken: LocalAuthBackend.fakeIdPToken(sub: "g", email: adaEmail, emailVerified: false),
            accessToken: "a")
        let error = await #expect(throws: AuthErrorCode.accountExistsWithDifferentCredential) {
            try await fixture.auth.signIn(with: unverified)
        }
        #expect(error?.email == adaEmail)
        #expect(error?.updatedCredential?.provider == "google.com")
        #expect((error as NSError?)?.userInfo[AuthErrorUserInfoEmailKey] as? String == adaEmail)
        let verified = GoogleAuthProvider.credential(
            withIDToken: LocalAuthBackend.fakeIdPToken(sub: "g", email: adaEmail), accessToken: "a")
        let result = try await fixture.auth.signIn(with: verified)
        #expect(result.user.uid == ada.uid)
        // One account per email: the verified provider takes the unverified account over (AccountRulesTests).
        #expect(result.user.providerData.map(\.providerID) == ["google.com"])
    }

    /// `signIn(with:)` an email credential is `signIn(withEmail:password:)`; an empty password is
    /// `wrongPassword` without a request.
    @Test func anEmailCredentialSignsInWithThePassword() async throws {
        let fixture = try AuthFixture()
        let ada = try await fixture.auth.createUser(withEmail: adaEmail, password: adaPassword).user
        try fixture.auth.signOut()
        let result = try await fixture.auth.signIn(
            with: EmailAuthProvider.credential(withEmail: adaEmail, password: adaPassword))
        #expect(result.user.uid == ada.uid)
        #expect(result.additionalUserInfo?.providerID == "password")
        #expect(result.credential == nil)
        await #expect(throws: AuthErrorCode.wrongPassword) {
            try await fixture.auth.signIn(with: EmailAuthProvider.credential(withEmail: adaEmail, password: ""))
        }
    }

    /// A disabled account cannot sign in with its provider.
    @Test func aDisabledAccountCannotSignInWithItsProvider() async throws {
        let fixture = try AuthFixture()
        let credential = GoogleAuthProvider.credential(
            withIDToken: LocalAuthBackend.fakeIdPToken(sub: "g"), accessToken: "a")
        let user = try await fixture.auth.signIn(with: credential).user
        try fixture.auth.signOut()
        try fixture.backend.setDisabled(true, uid: user.uid)
        await #expect(throws: AuthErrorCode.userDisabled) { try await fixture.auth.signIn(with: credential) }
    }
}
