// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What the backend returns for a sign-in, a sign-up or a token refresh: the account and a fresh pair of
/// tokens (Identity Toolkit's `idToken`, `refreshToken`, `expiresIn`).
public struct AuthBackendSession: Sendable, Hashable {
    /// The signed-in account.
    public var account: AuthAccount
    /// A new ID token (a JWT with the claims of ``IDTokenClaims``).
    public var idToken: String
    /// When ``idToken`` expires.
    public var expirationDate: Date
    /// The refresh token of the session (unchanged by a plain token refresh).
    public var refreshToken: String
    /// How the user signed in: `"password"`, `"anonymous"`, `"custom"` or an identity provider's ID.
    public var signInProvider: String
    /// Whether the request created the account.
    public var isNewUser: Bool
    /// The tenant the session belongs to (the ID token's `firebase.tenant`), nil for the project's own users.
    public var tenantID: String?
    /// For an identity-provider sign-in, link or reauthentication: what the backend answered about it.
    public var idp: AuthIdPResponse?

    /// A session.
    public init(
        account: AuthAccount, idToken: String, expirationDate: Date, refreshToken: String,
        signInProvider: String, isNewUser: Bool, tenantID: String? = nil, idp: AuthIdPResponse? = nil
    ) {
        self.account = account
        self.idToken = idToken
        self.expirationDate = expirationDate
        self.refreshToken = refreshToken
        self.signInProvider = signInProvider
        self.isNewUser = isNewUser
        self.tenantID = tenantID
        self.idp = idp
    }
}
