// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The signed-in session's ID token: cached while fresh, refreshed once for all concurrent callers.

extension Auth {
    /// The signed-in session with a fresh ID token (refreshed when needed), or nil when signed out.
    func currentSession(forcingRefresh: Bool) async throws(AuthErrorCode) -> AuthSession? {
        enum Step {
            case signedOut
            case cached(AuthSession)
            case wait(RefreshOperation)
        }
        let now = settings.now()
        let step = state.withLock { state -> Step in
            guard let session = state.session else { return .signedOut }
            if !forcingRefresh, session.hasFreshToken(at: now) { return .cached(session) }
            state.refreshWaiters += 1
            if let refresh = state.refresh, refresh.refreshToken == session.refreshToken {
                return .wait(refresh)
            }
            let refresh = RefreshOperation(refreshToken: session.refreshToken, backend: backend)
            state.refresh = refresh
            return .wait(refresh)
        }
        switch step {
        case .signedOut:
            return nil
        case .cached(let session):
            return session
        case .wait(let refresh):
            return try finish(refresh, with: await refresh.task.result)
        }
    }

    /// Applies a finished refresh (once, by its first waiter) and returns the refreshed session to each waiter.
    private func finish(
        _ refresh: RefreshOperation,
        with result: Result<AuthBackendSession, any Error>
    ) throws(AuthErrorCode) -> AuthSession {
        let outcome = state.withLock { state -> Result<AuthSession, AuthErrorCode> in
            state.refreshWaiters -= 1
            let isCurrent = state.refresh === refresh && state.session?.refreshToken == refresh.refreshToken
            if state.refresh === refresh { state.refresh = nil }
            switch result {
            case .success(let response):
                var refreshed = AuthSession(response)
                if isCurrent, refreshed.user.tenantID == nil {
                    // A refreshed token without `firebase.tenant` keeps the tenant the user signed in to.
                    refreshed.user.tenantID = state.session?.user.tenantID
                }
                if isCurrent {
                    try? persistence?.save(refreshed)
                    install(refreshed, in: &state, keepingUser: true)
                    state.notifyIfTokenChanged(listeners)
                }
                return .success(refreshed)
            case .failure(let error):
                let code = AuthErrorCode.from(error)
                if isCurrent, code.endsSession {
                    try? persistence?.save(nil)
                    install(nil, in: &state, keepingUser: false)
                    state.notifyIfTokenChanged(listeners)
                }
                return .failure(code)
            }
        }
        listeners.deliverPending(from: self)
        return try outcome.get()
    }

    /// The session of `user` with a fresh ID token.
    ///
    /// - Throws: ``AuthErrorCode/nullUser`` when `user` is not (or no longer) the signed-in user; the refresh's
    ///   errors.
    func session(of user: User, forcingRefresh: Bool = false) async throws(AuthErrorCode) -> AuthSession {
        guard state.withLock({ $0.user === user }),
            let session = try await currentSession(forcingRefresh: forcingRefresh),
            session.user.uid == user.uid
        else { throw .nullUser }
        return session
    }

    /// The ID token of `user` (``User/getIDToken(forcingRefresh:)``).
    func idToken(of user: User, forcingRefresh: Bool) async throws(AuthErrorCode) -> String {
        try await session(of: user, forcingRefresh: forcingRefresh).idToken
    }
}
