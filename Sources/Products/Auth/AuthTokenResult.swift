// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An ID token together with its decoded claims (``User/getIDTokenResult(forcingRefresh:)``).
public struct AuthTokenResult: Sendable, Hashable {
    /// The ID token (a JWT).
    public var token: String
    /// When the token expires (`exp`).
    public var expirationDate: Date
    /// When the user signed in (`auth_time`); a refresh keeps it.
    public var authDate: Date
    /// When the token was issued (`iat`).
    public var issuedAtDate: Date
    /// How the user signed in (`firebase.sign_in_provider`): `"password"`, `"anonymous"` or `"custom"`.
    public var signInProvider: String
    /// Every claim of the token, as the SDK's `claims` dictionary: the standard ones (`sub`, `exp`,
    /// `firebase`, …) and a custom token's developer claims (`claims["admin"] == true`).
    public var claims: [String: AuthClaimValue]
    /// The standard claims, typed.
    public var standardClaims: IDTokenClaims

    /// The result for `token` with its decoded claims: `standardClaims` typed, `claims` all of them.
    public init(token: String, standardClaims: IDTokenClaims, claims: [String: AuthClaimValue]) {
        self.token = token
        self.standardClaims = standardClaims
        self.claims = claims
        expirationDate = Date(timeIntervalSince1970: TimeInterval(standardClaims.exp))
        authDate = Date(timeIntervalSince1970: TimeInterval(standardClaims.authTime))
        issuedAtDate = Date(timeIntervalSince1970: TimeInterval(standardClaims.iat))
        signInProvider = standardClaims.firebase.signInProvider
    }
}
