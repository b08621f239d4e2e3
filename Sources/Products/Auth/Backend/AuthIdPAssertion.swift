// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What an identity-provider credential asserts, as ``AuthBackend/signIn(withIdP:linkingTo:autoCreate:)``
/// receives it: the fields of `accounts:signInWithIdp`'s `postBody`.
public struct AuthIdPAssertion: Sendable, Hashable {
    /// The provider (`providerId`): `"google.com"`, `"apple.com"`, …
    public var providerID: String
    /// The provider's ID token (`id_token`), if any.
    public var idToken: String?
    /// The provider's access token (`access_token`), if any.
    public var accessToken: String?
    /// An OAuth 1 token secret (`oauth_token_secret`), for Twitter.
    public var secret: String?
    /// The raw nonce whose hash is in the ID token (`nonce`), for Apple and OpenID Connect providers.
    public var rawNonce: String?
    /// The user's given name, sent as `user={"name":{"firstName":…}}` (Sign in with Apple's full name).
    public var givenName: String?
    /// The user's family name, sent as `user={"name":{"lastName":…}}`.
    public var familyName: String?
    /// A pending token from an earlier answer (`pendingToken`), for a credential handed back by the backend.
    public var pendingToken: String?

    /// An assertion.
    public init(
        providerID: String, idToken: String? = nil, accessToken: String? = nil, secret: String? = nil,
        rawNonce: String? = nil, givenName: String? = nil, familyName: String? = nil, pendingToken: String? = nil
    ) {
        self.providerID = providerID
        self.idToken = idToken
        self.accessToken = accessToken
        self.secret = secret
        self.rawNonce = rawNonce
        self.givenName = givenName
        self.familyName = familyName
        self.pendingToken = pendingToken
    }
}
