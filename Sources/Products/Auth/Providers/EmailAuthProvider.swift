// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Credentials for email-and-password accounts, to link (`user.link(with:)`) or reauthenticate with.
public enum EmailAuthProvider {
    /// The provider ID, `"password"`.
    public static let id = "password"

    /// A credential for an email address and its password.
    public static func credential(withEmail email: String, password: String) -> AuthCredential {
        AuthCredential(provider: id, kind: .password(email: email, password: password))
    }

    /// A credential for an email address and a sign-in link sent to it (`Auth.sendSignInLink(toEmail:…)`), for
    /// `signIn(with:)`, `user.link(with:)` (the account takes the verified address) and
    /// `user.reauthenticate(with:)`. A link that is not a sign-in link is `AuthErrorCode.invalidActionCode`,
    /// before any request.
    public static func credential(withEmail email: String, link: String) -> AuthCredential {
        AuthCredential(provider: id, kind: .emailLink(email: email, link: link))
    }
}
