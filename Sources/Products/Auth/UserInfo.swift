// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What one linked sign-in provider knows about a user (an entry of ``User/providerData``).
///
/// A value, where the SDK's `UserInfo` is a protocol that `User` also adopts: Flint's ``User`` has the same
/// properties itself.
public struct UserInfo: Sendable, Hashable, Codable {
    /// The provider, for example `"password"` for email and password or `"google.com"`.
    public var providerID: String
    /// The user's id at that provider (for `"password"`, the email address; for an identity provider, its
    /// subject, `sub`).
    public var uid: String
    /// The email address the provider knows, if any.
    public var email: String?
    /// The name the provider knows, if any.
    public var displayName: String?
    /// The profile photo the provider knows, if any.
    public var photoURL: URL?
    /// The phone number the provider knows, if any.
    public var phoneNumber: String?

    /// A provider entry.
    public init(
        providerID: String, uid: String, email: String? = nil, displayName: String? = nil, photoURL: URL? = nil,
        phoneNumber: String? = nil
    ) {
        self.providerID = providerID
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
    }
}
