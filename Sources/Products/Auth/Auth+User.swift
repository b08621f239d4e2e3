// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// What a User's methods do, on the user's Auth: they act on the signed-in session of that user.

extension Auth {
    /// The session of `user`: the signed-in one (fresh) when `user` is current; with `allowingDetached`, the
    /// session a no-longer-current user kept (refreshed when its ID token is not fresh, without touching the
    /// signed-in state), as the SDK's user keeps its own tokens.
    ///
    /// - Returns: the session, and whether it is the signed-in one.
    /// - Throws: ``AuthErrorCode/nullUser`` when `user` is neither; the refresh's errors.
    func anySession(of user: User, allowingDetached: Bool) async throws(AuthErrorCode) -> (AuthSession, Bool) {
        let isCurrent = state.withLock { $0.user === user }
        if isCurrent || !allowingDetached { return (try await session(of: user), true) }
        guard user.auth === self, let kept = user.detachedSession else { throw .nullUser }
        if kept.hasFreshToken(at: settings.now()) { return (kept, false) }
        let response = try await request { try await backend.refreshSession(refreshToken: kept.refreshToken) }
        let refreshed = Self.continued(kept, with: response)
        user.keepDetached(refreshed)
        return (refreshed, false)
    }

    /// The session `response` starts, keeping what the answer may leave out: the tenant, and a user that is not
    /// anonymous stays so.
    static func continued(_ session: AuthSession, with response: AuthBackendSession) -> AuthSession {
        var updated = AuthSession(response)
        if updated.user.tenantID == nil { updated.user.tenantID = session.user.tenantID }
        updated.user.isAnonymous = updated.user.isAnonymous && session.user.isAnonymous
        return updated
    }

    /// Runs a backend call with the session of `user` and installs the session it answers (nil: keeps the
    /// tokens), keeping the same user object. A call failing because the session is over signs the user out.
    /// With `allowingDetached`, a no-longer-current user's own session is used and updated instead.
    ///
    /// - Returns: the backend's answer.
    func changeSession(
        of user: User, allowingDetached: Bool = false, _ call: (AuthSession) async throws -> AuthBackendSession?
    ) async throws(AuthErrorCode) -> AuthBackendSession? {
        let (session, isCurrent) = try await anySession(of: user, allowingDetached: allowingDetached)
        let response: AuthBackendSession?
        do {
            response = try await request { try await call(session) }
        } catch {
            if isCurrent { endSessionIfInvalid(error, refreshToken: session.refreshToken) }
            throw error
        }
        if let response {
            let updated = Self.continued(session, with: response)
            if isCurrent {
                replaceSession(refreshToken: session.refreshToken, with: updated)
            } else {
                user.keepDetached(updated)
            }
        } else {
            try await reload(user)
        }
        return response
    }

    /// `user.reload()`: `accounts:lookup`, then the user object shows the account (also for a user that is no
    /// longer current, with its own session).
    func reload(_ user: User) async throws(AuthErrorCode) {
        let (session, isCurrent) = try await anySession(of: user, allowingDetached: true)
        let account: AuthAccount
        do {
            account = try await request { try await backend.lookup(idToken: session.idToken) }
        } catch {
            if isCurrent { endSessionIfInvalid(error, refreshToken: session.refreshToken) }
            throw error
        }
        var updated = session
        updated.user = session.user.updated(with: account)
        if isCurrent {
            replaceSession(refreshToken: session.refreshToken, with: updated)
        } else {
            user.keepDetached(updated)
        }
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
            _ = try await changeSession(of: user, allowingDetached: true) { session in
                try await backend.link(idToken: session.idToken, email: email, password: password)
            }
            return AuthDataResult(user: user, additionalUserInfo: nil)
        case .emailLink(let email, let link):
            let code = try Self.emailSignInCode(of: link)
            _ = try await changeSession(of: user, allowingDetached: true) { session in
                try await backend.signIn(email: email, oobCode: code, linkingTo: session.idToken)
            }
            return AuthDataResult(user: user, additionalUserInfo: nil)
        case .idp(let assertion):
            let response = try await changeSession(of: user, allowingDetached: true) { session in
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
    /// is the same account, gives the user the new session (a fresh sign-in time, for the recent-login rule); a
    /// user that is no longer current keeps it for itself, the signed-in state unchanged.
    func reauthenticate(_ user: User, with credential: AuthCredential) async throws(AuthErrorCode) -> AuthDataResult {
        let kept = user.auth === self ? user.detachedSession : nil
        guard let current = state.withLock({ $0.user === user ? $0.session : kept }) else { throw .nullUser }
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
        if user.detachedSession != nil {
            user.keepDetached(updated)  // a user that is no longer current takes the new session for itself
        } else {
            guard replaceSession(refreshToken: current.refreshToken, with: updated) else { throw .nullUser }
        }
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
