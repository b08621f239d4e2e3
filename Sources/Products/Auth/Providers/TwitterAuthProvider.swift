// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Credentials for Twitter accounts (an OAuth 1 token and its secret).
public enum TwitterAuthProvider {
    /// The provider ID, `"twitter.com"`.
    public static let id = "twitter.com"

    /// A credential for a Twitter OAuth token and its secret.
    public static func credential(withToken token: String, secret: String) -> AuthCredential {
        AuthCredential(provider: id, kind: .idp(AuthIdPAssertion(providerID: id, accessToken: token, secret: secret)))
    }
}
