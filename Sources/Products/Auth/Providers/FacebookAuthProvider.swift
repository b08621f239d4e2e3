// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Credentials for Facebook accounts (from Facebook Login's access token).
public enum FacebookAuthProvider {
    /// The provider ID, `"facebook.com"`.
    public static let id = "facebook.com"

    /// A credential for a Facebook access token.
    public static func credential(withAccessToken accessToken: String) -> AuthCredential {
        AuthCredential(provider: id, kind: .idp(AuthIdPAssertion(providerID: id, accessToken: accessToken)))
    }
}
