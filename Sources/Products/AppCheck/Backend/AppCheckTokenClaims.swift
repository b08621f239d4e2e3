// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// The payload of App Check tokens issued by ``AppCheckDebugProvider``, shaped like real App Check tokens.
///
/// ```json
/// {"iss": "https://firebaseappcheck.googleapis.com/1234567890", "sub": "1:1234567890:ios:0123456789abcdef",
///  "aud": ["projects/1234567890", "projects/flint-test"], "provider": "debug",
///  "iat": 1700000000, "exp": 1700003600, "jti": "…"}
/// ```
public struct AppCheckTokenClaims: Sendable, Hashable, Codable {
    /// Issuer: `https://firebaseappcheck.googleapis.com/<project number>`.
    public var iss: String
    /// Subject: the app's Google app ID.
    public var sub: String
    /// Audience: `projects/<project number>` and, when known, `projects/<project ID>`.
    public var aud: [String]
    /// The attestation provider: `"debug"`.
    public var provider: String
    /// Issued at (seconds since 1970).
    public var iat: Int
    /// Expires at (seconds since 1970).
    public var exp: Int
    /// A unique token id (what replay protection of limited-use tokens checks).
    public var jti: String

    /// Claims with every field given.
    public init(iss: String, sub: String, aud: [String], provider: String, iat: Int, exp: Int, jti: String) {
        self.iss = iss
        self.sub = sub
        self.aud = aud
        self.provider = provider
        self.iat = iat
        self.exp = exp
        self.jti = jti
    }

    /// The claims as an unsigned JWT (`alg: none`), as the embedded debug provider and `flint-emulator` issue
    /// App Check tokens.
    public var unsignedJWT: String { LocalJWT.encode(self) }

    /// The claims of an unsigned App Check JWT (its signature, if any, is not checked); nil when `token` is not a
    /// JWT with these claims.
    public init?(unsignedJWT token: String) {
        guard let claims = try? LocalJWT.decode(AppCheckTokenClaims.self, from: token) else { return nil }
        self = claims
    }
}
