// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport

/// The payload of the auth tokens ``LocalInstallationsBackend`` issues, shaped like Firebase's installation auth
/// tokens (which carry `appId`, `fid`, `projectNumber` and `exp`).
///
/// ```json
/// {"appId": "1:1234567890:ios:0123456789abcdef", "fid": "cQx3…", "projectNumber": "1234567890",
///  "iat": 1700000000, "exp": 1700604800, "jti": "7"}
/// ```
public struct InstallationsTokenClaims: Sendable, Hashable, Codable {
    /// The Google app ID the installation belongs to.
    public var appId: String
    /// The installation ID.
    public var fid: String
    /// The project number (the second field of the app ID), empty when the app ID has none.
    public var projectNumber: String
    /// Issued at (seconds since 1970).
    public var iat: Int
    /// Expires at (seconds since 1970).
    public var exp: Int
    /// A token id, unique per backend, so that two tokens issued in the same second differ.
    public var jti: String

    /// Claims with every field given.
    public init(appId: String, fid: String, projectNumber: String, iat: Int, exp: Int, jti: String) {
        self.appId = appId
        self.fid = fid
        self.projectNumber = projectNumber
        self.iat = iat
        self.exp = exp
        self.jti = jti
    }

    /// The claims as an unsigned JWT (`alg: none`), as ``LocalInstallationsBackend`` issues auth tokens.
    public var unsignedJWT: String { LocalJWT.encode(self) }

    /// The claims of an unsigned installation auth token (its signature, if any, is not checked); nil when
    /// `token` is not a JWT with these claims.
    public init?(unsignedJWT token: String) {
        guard let claims = try? LocalJWT.decode(InstallationsTokenClaims.self, from: token) else { return nil }
        self = claims
    }
}
