// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What an administrator sets on an account of a ``LocalAuthBackend`` (the Admin SDK's `create_user` and
/// `update_user` arguments, as Identity Toolkit's `projects/{id}/accounts` and `accounts:update` carry them):
/// each nil field is left as it is.
public struct LocalAuthAccountChanges: Sendable, Hashable {
    /// A field to set, to remove, or (nil) to leave.
    public enum Field<Value: Sendable & Hashable>: Sendable, Hashable {
        /// Sets the value.
        case set(Value)
        /// Removes the value (`deleteAttribute`).
        case remove
    }

    /// The new email address (`email`), or its removal.
    public var email: Field<String>?
    /// The new password (`password`), which signs out every session of the account.
    public var password: String?
    /// The new display name (`displayName`), or its removal (`DISPLAY_NAME`).
    public var displayName: Field<String>?
    /// The new photo (`photoUrl`), or its removal (`PHOTO_URL`).
    public var photoURL: Field<URL>?
    /// The new phone number (`phoneNumber`), or its removal.
    public var phoneNumber: Field<String>?
    /// Whether the email address is verified (`emailVerified`).
    public var isEmailVerified: Bool?
    /// Whether the account is disabled (`disableUser`).
    public var isDisabled: Bool?
    /// The account's custom claims (`customAttributes`), added to each ID token issued after; an empty
    /// dictionary removes them.
    public var customClaims: [String: AuthClaimValue]?
    /// Providers to unlink (`deleteProvider`).
    public var deletedProviders: [String]

    /// Changes; every field left nil leaves that part of the account as it is.
    public init(
        email: Field<String>? = nil, password: String? = nil, displayName: Field<String>? = nil,
        photoURL: Field<URL>? = nil, phoneNumber: Field<String>? = nil, isEmailVerified: Bool? = nil,
        isDisabled: Bool? = nil, customClaims: [String: AuthClaimValue]? = nil, deletedProviders: [String] = []
    ) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
        self.isEmailVerified = isEmailVerified
        self.isDisabled = isDisabled
        self.customClaims = customClaims
        self.deletedProviders = deletedProviders
    }
}

/// An account of a ``LocalAuthBackend`` with what only an administrator sees (the Admin SDK's `UserRecord`):
/// its custom claims, whether it has a password, and since when its tokens are valid.
public struct LocalAuthUserRecord: Sendable, Hashable {
    /// The account.
    public var account: AuthAccount
    /// The custom claims set by an administrator (``LocalAuthAccountChanges/customClaims``).
    public var customClaims: [String: AuthClaimValue]
    /// Whether the account has a password.
    public var hasPassword: Bool
    /// Tokens issued before this instant (whole seconds) are revoked (`validSince`).
    public var tokensValidAfter: Date

    /// A record.
    public init(
        account: AuthAccount, customClaims: [String: AuthClaimValue], hasPassword: Bool, tokensValidAfter: Date
    ) {
        self.account = account
        self.customClaims = customClaims
        self.hasPassword = hasPassword
        self.tokensValidAfter = tokensValidAfter
    }
}
