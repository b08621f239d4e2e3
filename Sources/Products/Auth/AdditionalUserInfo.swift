// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Facts about one sign-in (``AuthDataResult/additionalUserInfo``).
public struct AdditionalUserInfo: Sendable, Hashable {
    /// The provider used: `"password"` for email and password; `""` for an anonymous or custom-token
    /// sign-in, as the Swift SDK (12.19) reports it (the ID token's `firebase.sign_in_provider` claim still
    /// says `"anonymous"` or `"custom"`).
    public var providerID: String?
    /// Whether this sign-in created the account.
    public var isNewUser: Bool

    /// Facts about a sign-in.
    public init(providerID: String?, isNewUser: Bool) {
        self.providerID = providerID
        self.isNewUser = isNewUser
    }
}
