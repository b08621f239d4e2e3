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

/// What the backend answered about an identity-provider sign-in (``AuthBackendSession/idp``): the parts of
/// `accounts:signInWithIdp`'s answer the SDK reads.
public struct AuthIdPResponse: Sendable, Hashable {
    /// The provider (`providerId`).
    public var providerID: String
    /// What the provider said about the user (`rawUserInfo`).
    public var profile: [String: AuthClaimValue]?
    /// The user's screen name at the provider (`username`, or the emulator's `screenName`).
    public var username: String?
    /// The email address the provider asserted (`email`).
    public var email: String?
    /// The provider's ID token as answered (`oauthIdToken`).
    public var oauthIDToken: String?
    /// The provider's access token as answered (`oauthAccessToken`).
    public var oauthAccessToken: String?
    /// The OAuth 1 token secret as answered (`oauthTokenSecret`).
    public var oauthSecret: String?
    /// A pending token to sign in with later (`pendingToken`).
    public var pendingToken: String?

    /// An answer.
    public init(
        providerID: String, profile: [String: AuthClaimValue]? = nil, username: String? = nil, email: String? = nil,
        oauthIDToken: String? = nil, oauthAccessToken: String? = nil, oauthSecret: String? = nil,
        pendingToken: String? = nil
    ) {
        self.providerID = providerID
        self.profile = profile
        self.username = username
        self.email = email
        self.oauthIDToken = oauthIDToken
        self.oauthAccessToken = oauthAccessToken
        self.oauthSecret = oauthSecret
        self.pendingToken = pendingToken
    }
}
