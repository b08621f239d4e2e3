// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// Linking an email and password, unlinking, profile and email changes, sign-in methods: accounts:signUp with an
// ID token, accounts:update and accounts:createAuthUri, as the SDK's SignUpNewUserRequest, SetAccountInfoRequest
// and CreateAuthURIRequest send them.

extension RESTAuthBackend {
    /// `accounts:signUp` `{email, password, idToken, returnSecureToken: true, tenantId?}`, then
    /// `accounts:lookup` (the SDK links an email and password with a sign-up carrying the ID token).
    public func link(idToken: String, email: String, password: String) async throws -> AuthBackendSession {
        let answer = try await identityToolkit(
            "accounts:signUp",
            withTenant(["email": email, "password": password, "idToken": idToken, "returnSecureToken": true]))
        return try await session(from: answer, keys: .identityToolkit, isNewUser: false, provider: "password")
    }

    /// `accounts:update` `{idToken, deleteProvider: [...], returnSecureToken: true, tenantId?}`, then
    /// `accounts:lookup` when the answer has tokens.
    public func unlink(idToken: String, providerIDs: [String]) async throws -> AuthBackendSession? {
        try await update(withTenant(["idToken": idToken, "deleteProvider": providerIDs, "returnSecureToken": true]))
    }

    /// `accounts:update` `{idToken, displayName?, photoUrl?, deleteAttribute?, returnSecureToken: true,
    /// tenantId?}`, then `accounts:lookup` when the answer has tokens.
    public func updateProfile(idToken: String, changes: AuthProfileChanges) async throws -> AuthBackendSession? {
        var body: [String: Any] = ["idToken": idToken, "returnSecureToken": true]
        if let name = changes.displayName { body["displayName"] = name }
        if let url = changes.photoURL { body["photoUrl"] = url.absoluteString }
        if !changes.deleteAttributes.isEmpty { body["deleteAttribute"] = changes.deleteAttributes }
        return try await update(withTenant(body))
    }

    /// `accounts:update` `{idToken, email, returnSecureToken: true, tenantId?}` (the SDK's `updateEmail(to:)`),
    /// then `accounts:lookup` when the answer has tokens.
    public func updateEmail(idToken: String, email: String) async throws -> AuthBackendSession? {
        try await update(withTenant(["idToken": idToken, "email": email, "returnSecureToken": true]))
    }

    /// `accounts:createAuthUri` `{identifier, continueUri, tenantId?}` (the SDK's `CreateAuthURIRequest`): the
    /// answer's `signinMethods`, empty when absent (an unknown address, or email-enumeration protection).
    public func fetchSignInMethods(email: String, continueURI: String) async throws -> [String] {
        let answer = try await identityToolkit(
            "accounts:createAuthUri", withTenant(["identifier": email, "continueUri": continueURI]))
        guard let methods = answer["signinMethods"] else { return [] }
        guard let strings = methods as? [String] else { throw AuthErrorCode.internalError }
        return strings
    }

    /// `accounts:update` with `body`: the new session when the answer has tokens, nil otherwise.
    private func update(_ body: [String: Any]) async throws(AuthErrorCode) -> AuthBackendSession? {
        let answer = try await identityToolkit("accounts:update", body)
        guard answer["idToken"] is String else { return nil }
        return try await session(from: answer, keys: .identityToolkit, isNewUser: false, provider: nil)
    }
}
