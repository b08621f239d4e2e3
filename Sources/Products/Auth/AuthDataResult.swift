// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a sign-in returns: the signed-in user and facts about this sign-in.
public struct AuthDataResult: Sendable, Hashable {
    /// The user now signed in.
    public var user: User
    /// Facts about this sign-in (provider, whether the account was just created).
    public var additionalUserInfo: AdditionalUserInfo

    /// A result for `user`.
    public init(user: User, additionalUserInfo: AdditionalUserInfo) {
        self.user = user
        self.additionalUserInfo = additionalUserInfo
    }
}
