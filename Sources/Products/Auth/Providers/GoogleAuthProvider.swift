// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Credentials for Google accounts (from Google Sign-In's ID and access tokens).
public enum GoogleAuthProvider {
    /// The provider ID, `"google.com"`.
    public static let id = "google.com"

    /// A credential for a Google ID token and access token. With `LocalAuthBackend` (and the Auth emulator)
    /// the ID token may be an unsigned JWT, or plain JSON, with the claims `sub`, `email`, `email_verified`,
    /// `name` and `picture` (see `LocalAuthBackend.fakeIdPToken(sub:email:emailVerified:name:picture:)`).
    public static func credential(withIDToken idToken: String, accessToken: String) -> AuthCredential {
        AuthCredential(
            provider: id, kind: .idp(AuthIdPAssertion(providerID: id, idToken: idToken, accessToken: accessToken)))
    }
}
