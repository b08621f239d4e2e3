// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The payload of a custom token as ``LocalAuthBackend`` mints and reads it: the Admin SDK's claim names
/// (`uid`, `claims`, `aud`, `iss`, `sub`, `iat`, `exp`, `tenant_id`), unsigned (`alg: none`) as the Auth
/// emulator's custom tokens are.
struct LocalCustomToken: Codable {
    /// The audience the Admin SDK gives custom tokens.
    static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// Claim names a custom token's developer claims may not use (the Admin SDK's list).
    static let reservedClaims: Set<String> = [
        "acr", "amr", "at_hash", "aud", "auth_time", "azp", "cnf", "c_hash", "exp", "iat", "iss", "jti", "nbf",
        "nonce", "sub", "firebase", "user_id",
    ]

    var aud: String?
    var iss: String?
    var sub: String?
    var iat: Int?
    var exp: Int?
    var uid: String?
    var claims: [String: AuthClaimValue]?
    var tenantID: String?

    private enum CodingKeys: String, CodingKey {
        case aud, iss, sub, iat, exp, uid, claims
        case tenantID = "tenant_id"
    }

    /// The token ``LocalAuthBackend/customToken(uid:claims:)`` mints.
    static func make(uid: String, claims: [String: AuthClaimValue], projectID: String, now: Date) -> LocalCustomToken {
        let issuer = "firebase-adminsdk@\(projectID).iam.gserviceaccount.com"
        let issuedAt = Int(now.timeIntervalSince1970.rounded(.down))
        return LocalCustomToken(
            aud: audience, iss: issuer, sub: issuer, iat: issuedAt, exp: issuedAt + 3600, uid: uid,
            claims: claims.isEmpty ? nil : claims)
    }

    /// The JWT.
    var encoded: String { LocalJWT.encode(self) }

    /// The checked contents of `token`: its uid, developer claims and tenant.
    ///
    /// - Throws: ``AuthErrorCode/invalidCustomToken`` for a token that is not a JWT of this shape, a uid
    ///   that is empty or longer than 128 characters, reserved developer claim names or an expired token;
    ///   ``AuthErrorCode/customTokenMismatch`` for another audience or a service account of another project.
    static func verified(_ token: String, projectID: String, now: Date) throws(AuthErrorCode) -> (
        uid: String, claims: [String: AuthClaimValue], tenantID: String?
    ) {
        guard let payload = try? LocalJWT.decode(LocalCustomToken.self, from: token), let uid = payload.uid,
            !uid.isEmpty, uid.count <= 128
        else { throw .invalidCustomToken }
        if let aud = payload.aud, aud != audience { throw .customTokenMismatch }
        if let project = payload.serviceAccountProject, project != projectID { throw .customTokenMismatch }
        if let exp = payload.exp, TimeInterval(exp) <= now.timeIntervalSince1970 { throw .invalidCustomToken }
        let claims = payload.claims ?? [:]
        guard reservedClaims.isDisjoint(with: claims.keys) else { throw .invalidCustomToken }
        return (uid, claims, payload.tenantID)
    }

    /// The project of a service-account issuer (`…@<project>.iam.gserviceaccount.com`); nil for another
    /// issuer (the emulator's `firebase-auth-emulator@example.com`).
    private var serviceAccountProject: String? {
        let suffix = ".iam.gserviceaccount.com"
        guard let iss, iss.hasSuffix(suffix), let at = iss.lastIndex(of: "@") else { return nil }
        return String(iss[iss.index(after: at)..<iss.index(iss.endIndex, offsetBy: -suffix.count)])
    }
}
