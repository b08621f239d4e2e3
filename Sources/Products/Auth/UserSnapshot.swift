// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What a ``User`` knows about its account at one moment: a plain value, kept behind the user's lock and saved
/// with the session (`AuthPersistenceFile`), so the persisted form never depends on the class.
///
/// The JSON keys are those of the `User` value type of earlier versions (plus `displayName`, `photoURL` and
/// `phoneNumber`, optional), so their saved sessions are still read.
struct UserSnapshot: Sendable, Hashable, Codable {
    var uid: String
    var email: String?
    var displayName: String?
    var photoURL: URL?
    var phoneNumber: String?
    var isAnonymous: Bool
    var isEmailVerified: Bool
    var providerData: [UserInfo]
    var metadata: UserMetadata
    var refreshToken: String?
    var tenantID: String?

    init(
        uid: String, email: String? = nil, displayName: String? = nil, photoURL: URL? = nil,
        phoneNumber: String? = nil, isAnonymous: Bool = false, isEmailVerified: Bool = false,
        providerData: [UserInfo] = [], metadata: UserMetadata = UserMetadata(), refreshToken: String? = nil,
        tenantID: String? = nil
    ) {
        self.uid = uid
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
        self.isAnonymous = isAnonymous
        self.isEmailVerified = isEmailVerified
        self.providerData = providerData
        self.metadata = metadata
        self.refreshToken = refreshToken
        self.tenantID = tenantID
    }

    /// The user a backend session describes. A custom-token user without linked providers is not anonymous,
    /// as in Firebase.
    init(account: AuthAccount, refreshToken: String, signInProvider: String, tenantID: String?) {
        self.init(
            uid: account.uid, email: account.email, displayName: account.displayName, photoURL: account.photoURL,
            phoneNumber: account.phoneNumber,
            isAnonymous: account.isAnonymous && signInProvider != "custom",
            isEmailVerified: account.isEmailVerified, providerData: account.providerData,
            metadata: UserMetadata(creationDate: account.creationDate, lastSignInDate: account.lastSignInDate),
            refreshToken: refreshToken, tenantID: tenantID)
    }

    /// This snapshot with the account data of `account` (as `accounts:lookup` reports it), keeping the session's
    /// fields (refresh token, tenant); an anonymous user stays anonymous until a provider is linked.
    func updated(with account: AuthAccount) -> UserSnapshot {
        var updated = self
        updated.email = account.email
        updated.displayName = account.displayName
        updated.photoURL = account.photoURL
        updated.phoneNumber = account.phoneNumber
        updated.isEmailVerified = account.isEmailVerified
        updated.isAnonymous = isAnonymous && account.providerData.isEmpty
        updated.providerData = account.providerData
        updated.metadata = UserMetadata(creationDate: account.creationDate, lastSignInDate: account.lastSignInDate)
        return updated
    }
}
