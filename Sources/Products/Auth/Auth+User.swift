// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// What a User's methods do, on the user's Auth: they act on the signed-in session of that user.

extension Auth {
    /// Runs a backend call with the session of `user` and installs the session it answers (nil: keeps the
    /// tokens), keeping the same user object. A call failing because the session is over signs the user out.
    ///
    /// - Returns: the backend's answer.
    func changeSession(
        of user: User, _ call: (AuthSession) async throws -> AuthBackendSession?
    ) async throws(AuthErrorCode) -> AuthBackendSession? {
        let session = try await session(of: user)
        let response: AuthBackendSession?
        do {
            response = try await request { try await call(session) }
        } catch {
            endSessionIfInvalid(error, refreshToken: session.refreshToken)
            throw error
        }
        if let response {
            var updated = AuthSession(response)
            if updated.user.tenantID == nil { updated.user.tenantID = session.user.tenantID }
            updated.user.isAnonymous = updated.user.isAnonymous && session.user.isAnonymous
            replaceSession(refreshToken: session.refreshToken, with: updated)
        } else {
            try await reload(user)
        }
        return response
    }

    /// `user.reload()`: `accounts:lookup`, then the user object shows the account.
    func reload(_ user: User) async throws(AuthErrorCode) {
        let session = try await session(of: user)
        let account: AuthAccount
        do {
            account = try await request { try await backend.lookup(idToken: session.idToken) }
        } catch {
            endSessionIfInvalid(error, refreshToken: session.refreshToken)
            throw error
        }
        var updated = session
        updated.user = session.user.updated(with: account)
        replaceSession(refreshToken: session.refreshToken, with: updated)
    }

    /// `user.delete()`: deletes the account and signs the user out.
    func delete(_ user: User) async throws(AuthErrorCode) {
        let session = try await session(of: user)
        do {
            try await request { try await backend.deleteAccount(idToken: session.idToken) }
        } catch {
            endSessionIfInvalid(error, refreshToken: session.refreshToken)
            throw error
        }
        replaceSession(refreshToken: session.refreshToken, with: nil)
    }

    /// `user.updatePassword(to:)`.
    func updatePassword(of user: User, to password: String) async throws(AuthErrorCode) {
        _ = try await changeSession(of: user) { session in
            try await backend.updatePassword(idToken: session.idToken, newPassword: password)
        }
    }

    /// `user.link(with:)`: the provider must not be linked yet (checked here, as the SDK does, before any
    /// request); an email and password go to `accounts:signUp` with the ID token, an email link to
    /// `accounts:signInWithEmailLink` with it, an identity provider to `accounts:signInWithIdp` with it.
    func link(_ user: User, with credential: AuthCredential) async throws(AuthErrorCode) -> AuthDataResult {
        guard !user.providerData.contains(where: { $0.providerID == credential.provider }) else {
            throw .providerAlreadyLinked
        }
        switch credential.kind {
        case .password(let email, let password):
            _ = try await changeSession(of: user) { session in
                try await backend.link(idToken: session.idToken, email: email, password: password)
            }
            return AuthDataResult(user: user, additionalUserInfo: nil)
        case .emailLink(let email, let link):
            let code = try Self.emailSignInCode(of: link)
            _ = try await changeSession(of: user) { session in
                try await backend.signIn(email: email, oobCode: code, linkingTo: session.idToken)
            }
            return AuthDataResult(user: user, additionalUserInfo: nil)
        case .idp(let assertion):
            let response = try await changeSession(of: user) { session in
                try await backend.signIn(withIdP: assertion, linkingTo: session.idToken, autoCreate: true)
            }
            return AuthDataResult(
                user: user, additionalUserInfo: response.map(AdditionalUserInfo.init),
                credential: OAuthCredential(response?.idp))
        }
    }

    /// `user.unlink(fromProvider:)`: the provider must be linked (checked here, before any request).
    func unlink(_ user: User, fromProvider provider: String) async throws(AuthErrorCode) -> User {
        guard user.providerData.contains(where: { $0.providerID == provider }) else { throw .noSuchProvider }
        _ = try await changeSession(of: user) { session in
            try await backend.unlink(idToken: session.idToken, providerIDs: [provider])
        }
        return user
    }

    /// `user.reauthenticate(with:)`: signs in again with `credential` (never creating an account) and, when it
    /// is the same account, gives the user the new session (a fresh sign-in time, for the recent-login rule).
    func reauthenticate(_ user: User, with credential: AuthCredential) async throws(AuthErrorCode) -> AuthDataResult {
        guard let current = state.withLock({ $0.user === user ? $0.session : nil }) else { throw .nullUser }
        try checkSignInCredential(credential)
        let response: AuthBackendSession
        do {
            response = try await request { try await signInResponse(for: credential, autoCreate: false) }
        } catch .userNotFound {
            throw .userMismatch  // as the SDK: "user not found" means another user's credential
        }
        guard response.account.uid == user.uid else { throw .userMismatch }
        var updated = AuthSession(response)
        if updated.user.tenantID == nil { updated.user.tenantID = current.user.tenantID }
        guard replaceSession(refreshToken: current.refreshToken, with: updated) else { throw .nullUser }
        return AuthDataResult(
            user: user, additionalUserInfo: AdditionalUserInfo(response), credential: OAuthCredential(response.idp))
    }

    /// `UserProfileChangeRequest.commitChanges()`.
    func commitProfile(of user: User, changes: AuthProfileChanges) async throws(AuthErrorCode) {
        _ = try await changeSession(of: user) { session in
            try await backend.updateProfile(idToken: session.idToken, changes: changes)
        }
    }
}
