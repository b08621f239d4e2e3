// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

// LocalAuthBackend's identity providers, linking, profile and lookup.

extension LocalAuthBackend {
    /// An unsigned identity-provider ID token (`alg: none`), as the Firebase Auth emulator accepts, to pass to
    /// `GoogleAuthProvider.credential(withIDToken:accessToken:)`, `OAuthProvider.credential(providerID:idToken:…)`
    /// or `OAuthProvider.appleCredential(withIDToken:rawNonce:fullName:)`: the claims `sub`, and `email`,
    /// `email_verified`, `name` and `picture` when given. The same `sub` is always the same user of the
    /// provider.
    public static func fakeIdPToken(
        sub: String, email: String? = nil, emailVerified: Bool = true, name: String? = nil, picture: URL? = nil
    ) -> String {
        var claims: [String: AuthClaimValue] = ["sub": .string(sub)]
        if let email {
            claims["email"] = .string(email)
            claims["email_verified"] = .bool(emailVerified)
        }
        if let name { claims["name"] = .string(name) }
        if let picture { claims["picture"] = .string(picture.absoluteString) }
        return LocalJWT.encode(claims)
    }

    /// The account `idToken` belongs to.
    public func lookup(idToken: String) async throws -> AuthAccount {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in try store.lookup(idToken: idToken, now: now) }
    }

    /// Signs in, signs up or links with an identity provider's fake token (see `fakeIdPToken(sub:…)`): an ID
    /// token, or an access token, that is an unsigned JWT or strict JSON with `sub` (`email`,
    /// `email_verified`, `name`, `picture`, `screen_name` optional), as the Auth emulator reads them; any
    /// other access token (Facebook, GitHub, Twitter) is a fake identity of its own, `"<provider>:<hash>"`.
    /// Raw nonces are not checked.
    public func signIn(withIdP assertion: AuthIdPAssertion, linkingTo idToken: String?, autoCreate: Bool)
        async throws -> AuthBackendSession
    {
        let now = now()
        let tenantID = AuthRequestContext.current.tenantID
        return try store.persisting { store throws(AuthErrorCode) in
            try store.signIn(
                withIdP: assertion, linkingTo: idToken, autoCreate: autoCreate, tenantID: tenantID, now: now)
        }
    }

    /// Gives the account an email and password; needs a recent sign-in unless the account is anonymous.
    public func link(idToken: String, email: String, password: String) async throws -> AuthBackendSession {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.link(idToken: idToken, email: email, password: password, now: now)
        }
    }

    /// Removes providers from the account and answers a new session.
    public func unlink(idToken: String, providerIDs: [String]) async throws -> AuthBackendSession? {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.unlink(idToken: idToken, providerIDs: providerIDs, now: now)
        }
    }

    /// Changes the display name and photo and answers a new session.
    public func updateProfile(idToken: String, changes: AuthProfileChanges) async throws -> AuthBackendSession? {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.updateProfile(idToken: idToken, changes: changes, now: now)
        }
    }
}
