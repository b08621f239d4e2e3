// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
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
