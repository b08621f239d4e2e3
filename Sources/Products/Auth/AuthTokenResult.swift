// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An ID token together with its decoded claims (``Auth/getIDTokenResult(forcingRefresh:)``).
public struct AuthTokenResult: Sendable, Hashable {
    /// The ID token (a JWT).
    public var token: String
    /// When the token expires (`exp`).
    public var expirationDate: Date
    /// When the user signed in (`auth_time`); a refresh keeps it.
    public var authDate: Date
    /// When the token was issued (`iat`).
    public var issuedAtDate: Date
    /// How the user signed in (`firebase.sign_in_provider`): `"password"` or `"anonymous"`.
    public var signInProvider: String
    /// Every claim of the token.
    public var claims: IDTokenClaims

    /// The result for `token` with its decoded `claims`.
    public init(token: String, claims: IDTokenClaims) {
        self.token = token
        self.claims = claims
        expirationDate = Date(timeIntervalSince1970: TimeInterval(claims.exp))
        authDate = Date(timeIntervalSince1970: TimeInterval(claims.authTime))
        issuedAtDate = Date(timeIntervalSince1970: TimeInterval(claims.iat))
        signInProvider = claims.firebase.signInProvider
    }
}
