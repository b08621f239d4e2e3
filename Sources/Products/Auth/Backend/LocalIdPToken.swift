// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// What LocalAuthBackend reads from an identity provider's credential, as the Firebase Auth emulator reads
/// it (`parseClaims` and `fakeFetchUserInfoFromIdp` of firebase-tools): the ID token, or else the access token,
/// is an unsigned JWT or strict JSON with the claims `sub` (required), `email`, `email_verified`, `name`,
/// `picture`, `screen_name`. Nothing is verified: it is an emulator.
///
/// Where the emulator refuses (an access token that is neither: a real Facebook, GitHub or Twitter token),
/// Flint makes a deterministic fake identity so that tests and demos can sign in offline: `sub` is
/// `"<provider>:<16 hex digits>"`, the FNV-1a hash of the token, with no email or name. The same token is
/// always the same user.
struct LocalIdPToken {
    /// The provider's id of the user (`sub`).
    var sub: String
    /// The email address, lowercased.
    var email: String?
    /// Whether the provider verified the email (`email_verified`: true or `"true"`).
    var emailVerified: Bool
    /// The user's name (`name`).
    var name: String?
    /// The profile photo (`picture`).
    var picture: URL?
    /// The screen name (`screen_name`).
    var screenName: String?
    /// Every claim, the answer's `rawUserInfo`.
    var claims: [String: AuthClaimValue]

    /// The deepest claim nesting read; deeper is `invalidCredential`.
    static let maximumNestingDepth = 32

    /// The identity `assertion` asserts.
    ///
    /// - Throws: `invalidCredential` for an ID token that is neither an unsigned JWT nor strict JSON, claims
    ///   without a string `sub`, nesting deeper than 32 levels, or no token at all.
    static func read(_ assertion: AuthIdPAssertion) throws(AuthErrorCode) -> LocalIdPToken {
        if let idToken = assertion.idToken {
            guard let claims = claims(of: idToken) else { throw .invalidCredential }
            return try make(claims)
        }
        guard let accessToken = assertion.accessToken, !accessToken.isEmpty else { throw .invalidCredential }
        if let claims = claims(of: accessToken) { return try make(claims) }
        let hash = String(FramedLogFile.fnv1a64(Array(accessToken.utf8)), radix: 16)
        let sub = assertion.providerID + ":" + String(repeating: "0", count: 16 - hash.count) + hash
        return LocalIdPToken(sub: sub, emailVerified: false, claims: ["sub": .string(sub)])
    }

    /// The claims of a fake token: strict JSON when it starts with `{`, otherwise a JWT's payload.
    private static func claims(of token: String) -> [String: AuthClaimValue]? {
        let payload: Data?
        if token.hasPrefix("{") {
            payload = Data(token.utf8)
        } else {
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            payload = parts.count == 3 ? LocalJWT.data(base64URL: String(parts[1])) : nil
        }
        guard let payload, BoundedJSON.nestingIsBounded(payload, maximumDepth: maximumNestingDepth) else { return nil }
        return try? JSONDecoder().decode([String: AuthClaimValue].self, from: payload)
    }

    private static func make(_ claims: [String: AuthClaimValue]) throws(AuthErrorCode) -> LocalIdPToken {
        guard let sub = claims["sub"]?.stringValue, !sub.isEmpty else { throw .invalidCredential }
        let verified = claims["email_verified"]
        return LocalIdPToken(
            sub: sub,
            email: claims["email"]?.stringValue?.lowercased(),
            emailVerified: verified == true || verified == "true",
            name: claims["name"]?.stringValue,
            picture: claims["picture"]?.stringValue.flatMap { URL(string: $0) },
            screenName: claims["screen_name"]?.stringValue,
            claims: claims)
    }
}
