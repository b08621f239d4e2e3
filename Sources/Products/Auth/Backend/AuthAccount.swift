// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An account as the backend stores it (what a sign-in, a token refresh or `accounts:lookup` reports about the
/// user).
public struct AuthAccount: Sendable, Hashable, Codable {
    /// The account's uid.
    public var uid: String
    /// The email address (lowercased); nil for anonymous accounts.
    public var email: String?
    /// Whether the email address was verified.
    public var isEmailVerified: Bool
    /// The user's name (`displayName`), if set.
    public var displayName: String?
    /// The user's profile photo (`photoUrl`), if set.
    public var photoURL: URL?
    /// The user's phone number, if any.
    public var phoneNumber: String?
    /// One entry per linked sign-in provider (`"password"` for email and password; empty for anonymous
    /// accounts), with what that provider knows.
    public var providerData: [UserInfo]
    /// When the account was created.
    public var creationDate: Date
    /// When the account last signed in.
    public var lastSignInDate: Date
    /// Whether an administrator disabled the account.
    public var isDisabled: Bool

    /// An account record.
    public init(
        uid: String, email: String?, isEmailVerified: Bool = false, displayName: String? = nil, photoURL: URL? = nil,
        phoneNumber: String? = nil, providerData: [UserInfo], creationDate: Date, lastSignInDate: Date,
        isDisabled: Bool = false
    ) {
        self.uid = uid
        self.email = email
        self.isEmailVerified = isEmailVerified
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
        self.providerData = providerData
        self.creationDate = creationDate
        self.lastSignInDate = lastSignInDate
        self.isDisabled = isDisabled
    }

    /// An account record whose providers are known by ID only: each entry's uid is the email (or the account's
    /// uid without one).
    public init(
        uid: String, email: String?, isEmailVerified: Bool = false, providerIDs: [String],
        creationDate: Date, lastSignInDate: Date, isDisabled: Bool = false
    ) {
        self.init(
            uid: uid, email: email, isEmailVerified: isEmailVerified,
            providerData: providerIDs.map { UserInfo(providerID: $0, uid: email ?? uid, email: email) },
            creationDate: creationDate, lastSignInDate: lastSignInDate, isDisabled: isDisabled)
    }

    /// The IDs of the linked providers, in ``providerData`` order.
    public var providerIDs: [String] { providerData.map(\.providerID) }

    /// Whether the account is anonymous (no provider linked).
    public var isAnonymous: Bool { providerData.isEmpty }
}
