// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a sign-in, a link or a reauthentication returns: the user and facts about the operation.
public struct AuthDataResult: Sendable {
    /// The user now signed in (for a link or reauthentication: the same ``User`` object).
    public var user: User
    /// Facts about this sign-in (provider, profile, whether the account was just created); nil where the SDK
    /// gives none (linking an email and password).
    public var additionalUserInfo: AdditionalUserInfo?
    /// The identity provider's credential as the backend answered it (its ID and access tokens), for an
    /// identity-provider sign-in, link or reauthentication; nil otherwise.
    public var credential: OAuthCredential?

    /// A result for `user`.
    public init(user: User, additionalUserInfo: AdditionalUserInfo?, credential: OAuthCredential? = nil) {
        self.user = user
        self.additionalUserInfo = additionalUserInfo
        self.credential = credential
    }
}
