// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A credential to sign in, link or reauthenticate with, made by a provider: ``EmailAuthProvider``,
/// ``GoogleAuthProvider``, ``OAuthProvider`` (Apple and any OAuth provider), ``FacebookAuthProvider``,
/// ``GitHubAuthProvider``, ``TwitterAuthProvider``.
///
/// ```swift
/// let credential = GoogleAuthProvider.credential(withIDToken: idToken, accessToken: accessToken)
/// let result = try await auth.signIn(with: credential)
/// ```
///
/// Immutable, so `Sendable` (checked by hand, as the class is open to ``OAuthCredential``).
public class AuthCredential: @unchecked Sendable {
    /// The provider the credential is for: `"password"`, `"google.com"`, `"apple.com"`, `"facebook.com"`,
    /// `"github.com"`, `"twitter.com"`, or an OAuth provider's ID.
    public let provider: String
    /// What the credential proves.
    let kind: Kind

    /// What a credential proves.
    enum Kind: Sendable, Hashable {
        /// An email address and its password.
        case password(email: String, password: String)
        /// An email address and a sign-in link sent to it.
        case emailLink(email: String, link: String)
        /// An identity provider's assertion (`accounts:signInWithIdp`).
        case idp(AuthIdPAssertion)
    }

    /// A credential of `provider`.
    init(provider: String, kind: Kind) {
        self.provider = provider
        self.kind = kind
    }

    /// The identity-provider assertion of an identity-provider credential.
    var idpAssertion: AuthIdPAssertion? {
        if case .idp(let assertion) = kind { return assertion }
        return nil
    }
}

/// A credential of an OAuth identity provider (Apple, Google or any OAuth 2 / OpenID Connect provider), with
/// its tokens; also what ``AuthDataResult/credential`` and ``AuthErrorCode/updatedCredential`` hand back.
public final class OAuthCredential: AuthCredential, @unchecked Sendable {
    /// The provider's ID token, if any.
    public var idToken: String? { idpAssertion?.idToken }
    /// The provider's access token, if any.
    public var accessToken: String? { idpAssertion?.accessToken }
    /// The provider's OAuth 1 token secret, if any (Twitter).
    public var secret: String? { idpAssertion?.secret }

    /// A credential for `assertion`.
    init(_ assertion: AuthIdPAssertion) {
        super.init(provider: assertion.providerID, kind: .idp(assertion))
    }

    /// The credential an identity-provider answer hands back (its `oauthIdToken`, `oauthAccessToken`,
    /// `oauthTokenSecret`, `pendingToken`), as the SDK's `OAuthCredential(withVerifyAssertionResponse:)`; nil
    /// without an answer or without any token in it.
    convenience init?(_ response: AuthIdPResponse?) {
        guard let response,
            response.oauthIDToken != nil || response.oauthAccessToken != nil || response.pendingToken != nil
        else { return nil }
        self.init(
            AuthIdPAssertion(
                providerID: response.providerID, idToken: response.oauthIDToken,
                accessToken: response.oauthAccessToken, secret: response.oauthSecret,
                pendingToken: response.pendingToken))
    }
}
