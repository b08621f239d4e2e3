// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Credentials for GitHub accounts (from a GitHub OAuth access token).
public enum GitHubAuthProvider {
    /// The provider ID, `"github.com"`.
    public static let id = "github.com"

    /// A credential for a GitHub OAuth access token.
    public static func credential(withToken token: String) -> AuthCredential {
        AuthCredential(provider: id, kind: .idp(AuthIdPAssertion(providerID: id, accessToken: token)))
    }
}
