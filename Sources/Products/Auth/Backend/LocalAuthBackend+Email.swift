// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// LocalAuthBackend's sign-in methods of an address and unverified email change.

extension LocalAuthBackend {
    /// The sign-in methods of the account with `email` (`"password"`, `"emailLink"`, identity provider IDs);
    /// empty for an unknown address, and for every address when ``Configuration/emailEnumerationProtection``
    /// is on, as Firebase answers. `continueURI` is not used.
    public func fetchSignInMethods(email: String, continueURI: String) async throws -> [String] {
        try store.persisting { store throws(AuthErrorCode) in try store.fetchSignInMethods(email: email) }
    }

    /// Changes the account's email to an unverified `email`; needs a sign-in from the last
    /// ``Configuration/recentLoginWindow``.
    public func updateEmail(idToken: String, email: String) async throws -> AuthBackendSession? {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.updateEmail(idToken: idToken, email: email, now: now)
        }
    }
}
