// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Credentials for any OAuth 2 / OpenID Connect provider, and for Sign in with Apple.
///
/// Only the credential factories: the SDK's `OAuthProvider(providerID:auth:)` instances drive a web sign-in
/// flow (`getCredentialWith(_:)`, `signIn(with:uiDelegate:)`), which Flint does not have.
public enum OAuthProvider {
    /// The SDK's generic provider name, `"OAuth"`.
    public static let id = "OAuth"

    /// A credential for `providerID` with an ID token and, optionally, its raw nonce and an access token.
    public static func credential(
        providerID: AuthProviderID, idToken: String, rawNonce: String? = nil, accessToken: String? = nil
    ) -> OAuthCredential {
        OAuthCredential(
            AuthIdPAssertion(
                providerID: providerID.rawValue, idToken: idToken, accessToken: accessToken, rawNonce: rawNonce))
    }

    /// A credential for `providerID` with an access token.
    public static func credential(providerID: AuthProviderID, accessToken: String) -> OAuthCredential {
        OAuthCredential(AuthIdPAssertion(providerID: providerID.rawValue, accessToken: accessToken))
    }

    /// A credential for `providerID` with an access token (the SDK's `credential(withProviderID:accessToken:)`
    /// taking an AuthProviderID).
    public static func credential(withProviderID providerID: AuthProviderID, accessToken: String) -> OAuthCredential {
        credential(providerID: providerID, accessToken: accessToken)
    }

    /// A credential for the provider named `providerID` with an ID token and, if any, an access token.
    public static func credential(withProviderID providerID: String, idToken: String, accessToken: String?)
        -> OAuthCredential
    {
        credential(providerID: .custom(providerID), idToken: idToken, accessToken: accessToken)
    }

    /// A credential for the provider named `providerID` with an ID token, its raw nonce and an access token.
    public static func credential(
        withProviderID providerID: String, idToken: String, rawNonce: String, accessToken: String
    ) -> OAuthCredential {
        credential(providerID: .custom(providerID), idToken: idToken, rawNonce: rawNonce, accessToken: accessToken)
    }

    /// A credential for the provider named `providerID` with an ID token and its raw nonce.
    public static func credential(withProviderID providerID: String, idToken: String, rawNonce: String)
        -> OAuthCredential
    {
        credential(providerID: .custom(providerID), idToken: idToken, rawNonce: rawNonce)
    }

    /// A Sign in with Apple credential: Apple's ID token, the raw nonce whose SHA-256 was in the request, and
    /// the user's name (Apple gives it only at the first sign-in; it is sent as `user` in the `postBody`).
    public static func appleCredential(withIDToken idToken: String, rawNonce: String?, fullName: PersonNameComponents?)
        -> OAuthCredential
    {
        OAuthCredential(
            AuthIdPAssertion(
                providerID: AuthProviderID.apple.rawValue, idToken: idToken, rawNonce: rawNonce,
                givenName: fullName?.givenName, familyName: fullName?.familyName))
    }
}
