// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Facts about one sign-in (``AuthDataResult/additionalUserInfo``).
public struct AdditionalUserInfo: Sendable, Hashable {
    /// The provider used: `"password"` for email and password; nil for an anonymous sign-in, as Firebase
    /// reports it (the ID token's `firebase.sign_in_provider` claim still says `"anonymous"`).
    public var providerID: String?
    /// Whether this sign-in created the account.
    public var isNewUser: Bool

    /// Facts about a sign-in.
    public init(providerID: String?, isNewUser: Bool) {
        self.providerID = providerID
        self.isNewUser = isNewUser
    }
}
