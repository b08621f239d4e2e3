// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What one sign-in provider knows about a user (an entry of ``User/providerData``).
public struct UserInfo: Sendable, Hashable, Codable {
    /// The provider, for example `"password"` for email and password.
    public var providerID: String
    /// The user's id at that provider (for `"password"`, the email address).
    public var uid: String
    /// The email address the provider knows, if any.
    public var email: String?

    /// A provider entry.
    public init(providerID: String, uid: String, email: String? = nil) {
        self.providerID = providerID
        self.uid = uid
        self.email = email
    }
}
