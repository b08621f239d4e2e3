// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An account as the backend stores it (what a sign-in or token refresh reports about the user).
public struct AuthAccount: Sendable, Hashable, Codable {
    /// The account's uid.
    public var uid: String
    /// The email address (lowercased); nil for anonymous accounts.
    public var email: String?
    /// Whether the email address was verified.
    public var isEmailVerified: Bool
    /// The linked sign-in providers (`["password"]` for email and password; empty for anonymous accounts).
    public var providerIDs: [String]
    /// When the account was created.
    public var creationDate: Date
    /// When the account last signed in.
    public var lastSignInDate: Date
    /// Whether an administrator disabled the account.
    public var isDisabled: Bool

    /// An account record.
    public init(
        uid: String, email: String?, isEmailVerified: Bool = false, providerIDs: [String],
        creationDate: Date, lastSignInDate: Date, isDisabled: Bool = false
    ) {
        self.uid = uid
        self.email = email
        self.isEmailVerified = isEmailVerified
        self.providerIDs = providerIDs
        self.creationDate = creationDate
        self.lastSignInDate = lastSignInDate
        self.isDisabled = isDisabled
    }

    /// Whether the account is anonymous (no provider linked).
    public var isAnonymous: Bool { providerIDs.isEmpty }
}
