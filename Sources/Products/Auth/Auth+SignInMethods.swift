// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// Which ways an email address can sign in (the SDK's deprecated `fetchSignInMethods(forEmail:)`).

extension Auth {
    /// The continue URI the SDK sends with `accounts:createAuthUri` (its `CreateAuthURIRequest` needs one; the
    /// server does not use it here).
    static let signInMethodsContinueURI = "http://www.google.com/"

    /// The sign-in methods of the account with `email` (`accounts:createAuthUri`): `"password"` for a
    /// password, `"emailLink"` for an email-link sign-in (the backend records the two apart), the identity
    /// providers' IDs (`"google.com"`, …). Empty for an unknown address and, **under email-enumeration
    /// protection, for every address**, as Firebase answers (``LocalAuthBackend`` with its default
    /// configuration too). The SDK deprecates this call for that reason.
    ///
    /// ```swift
    /// let methods = try await auth.fetchSignInMethods(forEmail: "ada@example.com")
    /// if methods.contains("emailLink") { /* offer a sign-in link */ }
    /// ```
    ///
    /// - Throws: ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/missingEmail``, ``AuthErrorCode/networkError``.
    public func fetchSignInMethods(forEmail email: String) async throws(AuthErrorCode) -> [String] {
        try await request {
            try await backend.fetchSignInMethods(email: email, continueURI: Self.signInMethodsContinueURI)
        }
    }
}
