// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A snapshot of the signed-in user: a plain, `Sendable`, `Equatable` value.
///
/// `User` holds no reference to its ``Auth``; ``Auth/currentUser`` always returns the latest snapshot, and
/// the streams (``Auth/authStateChanges``, ``Auth/idTokenChanges``) yield new snapshots as things change.
/// Operations on the signed-in user are methods of ``Auth`` (``Auth/getIDToken(forcingRefresh:)``,
/// ``Auth/updatePassword(to:)``, ``Auth/deleteCurrentUser()``), where Firebase has them on `User`: a
/// value type cannot reach its Auth without keeping a reference to it, and a value that keeps the Auth
/// alive (or dangles) is exactly what the value design avoids.
///
/// Because it is a value, a `User` fits the client/test-value pattern: tests build one with the memberwise
/// initializer, no Auth needed.
public struct User: Sendable, Hashable, Codable, Identifiable {
    /// The user's unique id (28 characters for users of the local backend).
    public var uid: String
    /// The email address; nil for anonymous users.
    public var email: String?
    /// Whether the user signed in anonymously (and has linked no other provider).
    public var isAnonymous: Bool
    /// Whether the email address was verified.
    public var isEmailVerified: Bool
    /// One entry per linked sign-in provider (`"password"` for email and password); empty for anonymous users.
    public var providerData: [UserInfo]
    /// When the account was created and when it last signed in.
    public var metadata: UserMetadata
    /// Always `"Firebase"`, as in Firebase.
    public var providerID: String
    /// The refresh token of the user's session (nil in hand-made values).
    public var refreshToken: String?
    /// The tenant the user signed in to (``Auth/tenantID`` at sign-in; over REST the ID token's
    /// `firebase.tenant`); nil for the project's own users.
    public var tenantID: String?

    /// The uid, for `Identifiable`.
    public var id: String { uid }

    /// A user value; every field is given (handy for test values).
    public init(
        uid: String,
        email: String? = nil,
        isAnonymous: Bool = false,
        isEmailVerified: Bool = false,
        providerData: [UserInfo] = [],
        metadata: UserMetadata = UserMetadata(),
        providerID: String = "Firebase",
        refreshToken: String? = nil,
        tenantID: String? = nil
    ) {
        self.uid = uid
        self.email = email
        self.isAnonymous = isAnonymous
        self.isEmailVerified = isEmailVerified
        self.providerData = providerData
        self.metadata = metadata
        self.providerID = providerID
        self.refreshToken = refreshToken
        self.tenantID = tenantID
    }

    /// The user a backend session describes. A custom-token user without linked providers is not anonymous,
    /// as in Firebase.
    init(account: AuthAccount, refreshToken: String, signInProvider: String, tenantID: String?) {
        self.init(
            uid: account.uid,
            email: account.email,
            isAnonymous: account.isAnonymous && signInProvider != "custom",
            isEmailVerified: account.isEmailVerified,
            providerData: account.providerIDs.map {
                UserInfo(
                    providerID: $0, uid: account.email ?? account.uid,
                    email: account.email)
            },
            metadata: UserMetadata(creationDate: account.creationDate, lastSignInDate: account.lastSignInDate),
            refreshToken: refreshToken, tenantID: tenantID)
    }
}
