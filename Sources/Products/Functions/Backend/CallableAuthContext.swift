// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The authenticated caller of a callable function: the ID token's uid and claims.
public struct CallableAuthContext: Sendable, Hashable {
    /// The caller's uid: the token's `user_id` claim, else its `sub` claim.
    public var uid: String
    /// Every claim of the ID token (`sub`, `user_id`, `email`, `exp`, custom claims, …).
    public var token: [String: CallableValue]
    /// The ID token as sent.
    public var rawToken: String

    /// A caller with every part given.
    public init(uid: String, token: [String: CallableValue], rawToken: String) {
        self.uid = uid
        self.token = token
        self.rawToken = rawToken
    }
}
