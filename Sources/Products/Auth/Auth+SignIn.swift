// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// Signing in and out with email and password, custom tokens and anonymously, and switching users.

extension Auth {
    /// Creates an email-and-password account and signs it in.
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``,
    ///   ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/weakPassword`` (fewer than 6 or more than 4096 characters),
    ///   ``AuthErrorCode/networkError``, ``AuthErrorCode/keychainError`` (persistence failed).
    @discardableResult
    public func createUser(withEmail email: String, password: String) async throws(AuthErrorCode) -> AuthDataResult {
        let response = try await request { try await backend.signUp(email: email, password: password) }
        return try signInResult(response)
    }

    /// Signs in with an email address and password.
    ///
    /// - Throws: ``AuthErrorCode/invalidCredential`` for an unknown email or a wrong password while the
    ///   backend's email-enumeration protection is on (the default); otherwise ``AuthErrorCode/userNotFound``
    ///   / ``AuthErrorCode/wrongPassword``. Also ``AuthErrorCode/userDisabled``,
    ///   ``AuthErrorCode/tooManyRequests``, ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/missingEmail``,
    ///   ``AuthErrorCode/networkError``. An empty password is ``AuthErrorCode/wrongPassword`` without a request
    ///   to the backend, as in Firebase.
    @discardableResult
    public func signIn(withEmail email: String, password: String) async throws(AuthErrorCode) -> AuthDataResult {
        // Firebase's `internalSignInUser(withEmail:password:)` fails an empty password before any request.
        guard !password.isEmpty else { throw .wrongPassword }
        let response = try await request { try await backend.signIn(email: email, password: password) }
        return try signInResult(response)
    }

    /// Signs in with a custom token minted by your server (the Admin SDK's `createCustomToken`), creating
    /// the account on first use. The token's developer claims appear in the user's ID tokens
    /// (``AuthTokenResult/claims``); ``AdditionalUserInfo/providerID`` is `""`, as in the Swift SDK.
    ///
    /// With ``LocalAuthBackend``, mint tokens with ``LocalAuthBackend/customToken(uid:claims:)``; it also
    /// accepts the Auth emulator's unsigned tokens.
    ///
    /// - Throws: ``AuthErrorCode/invalidCustomToken`` (malformed, expired, bad uid or reserved claims),
    ///   ``AuthErrorCode/customTokenMismatch`` (made for another project or audience),
    ///   ``AuthErrorCode/userDisabled``, ``AuthErrorCode/networkError``.
    @discardableResult
    public func signIn(withCustomToken token: String) async throws(AuthErrorCode) -> AuthDataResult {
        let response = try await request { try await backend.signIn(customToken: token) }
        return try signInResult(response)
    }

    /// Signs in a new anonymous user, or returns the anonymous user already signed in (without notifying
    /// listeners), as Firebase does. Its ``AdditionalUserInfo/providerID`` is `""`, as in the Swift SDK; for
    /// the user already signed in, ``AdditionalUserInfo/isNewUser`` is false (Firebase returns no additional
    /// user info there).
    ///
    /// - Throws: ``AuthErrorCode/operationNotAllowed`` when the backend has anonymous sign-in disabled,
    ///   ``AuthErrorCode/networkError``.
    @discardableResult
    public func signInAnonymously() async throws(AuthErrorCode) -> AuthDataResult {
        if let user = currentUser, user.isAnonymous {
            return AuthDataResult(user: user, additionalUserInfo: AdditionalUserInfo(providerID: "", isNewUser: false))
        }
        let response = try await request { try await backend.signUpAnonymously() }
        return try signInResult(response)
    }

    /// Makes `user` (a user of this project, for example one signed in through another app's Auth) the
    /// current user, as the SDK's `updateCurrentUser(_:)` does: its session is checked by exchanging its
    /// refresh token with the backend (the embedded backend validates it; over REST the Secure Token API
    /// does), and the user is then signed in here with fresh tokens, saved when persisting, and listeners
    /// are notified. The same `user` object becomes ``currentUser`` (its properties updated, its Auth now this
    /// one), as in the SDK. The user already signed in with the same session is kept as is.
    ///
    /// - Throws: ``AuthErrorCode/nullUser`` for nil; ``AuthErrorCode/tenantIDMismatch`` when the user's
    ///   ``User/tenantID`` is not this Auth's ``tenantID``; ``AuthErrorCode/invalidUserToken`` for a user
    ///   without a refresh token or with one the backend does not know (another project);
    ///   ``AuthErrorCode/userMismatch`` when the session belongs to another uid; the refresh's errors
    ///   (``AuthErrorCode/userTokenExpired``, ``AuthErrorCode/userDisabled``, ``AuthErrorCode/userNotFound``,
    ///   ``AuthErrorCode/networkError``); ``AuthErrorCode/keychainError`` when it cannot be saved.
    public func updateCurrentUser(_ user: User?) async throws(AuthErrorCode) {
        guard let user else { throw .nullUser }
        let tenantID = self.tenantID
        if user.tenantID != nil || tenantID != nil, user.tenantID != tenantID { throw .tenantIDMismatch }
        guard let refreshToken = user.refreshToken, !refreshToken.isEmpty else { throw .invalidUserToken }
        if let current = state.withLock({ $0.session }), current.refreshToken == refreshToken,
            current.user.uid == user.uid
        {
            return
        }
        let response = try await request { try await backend.refreshSession(refreshToken: refreshToken) }
        guard response.account.uid == user.uid else { throw .userMismatch }
        _ = try signIn(with: response, adopting: user)
    }

    /// Revokes a Sign in with Apple authorization code (the SDK's `revokeToken(withAuthorizationCode:)`).
    /// Flint has no Sign in with Apple, so there is nothing to revoke: it always refuses, before any request.
    ///
    /// - Throws: ``AuthErrorCode/operationNotAllowed``, always.
    public func revokeToken(withAuthorizationCode authorizationCode: String) async throws(AuthErrorCode) {
        throw .operationNotAllowed
    }

    /// Signs the current user out; does nothing (and notifies nobody) when nobody is signed in.
    ///
    /// - Throws: ``AuthErrorCode/keychainError`` when the persisted user cannot be removed (the user then
    ///   stays signed in).
    public func signOut() throws(AuthErrorCode) {
        try state.withLock { state throws(AuthErrorCode) in
            guard state.session != nil else { return }
            try persistence?.save(nil)
            install(nil, in: &state, keepingUser: false)
            state.refresh = nil
            state.notifyIfTokenChanged(listeners)
        }
        listeners.deliverPending(from: self)
    }

    /// Signs in with `response` and describes the sign-in as the SDK does: `additionalUserInfo` from the
    /// response (``AdditionalUserInfo/providerID`` `""` for anonymous and custom-token sign-ins) and, for an
    /// identity provider, the credential it answered with.
    func signInResult(_ response: AuthBackendSession) throws(AuthErrorCode) -> AuthDataResult {
        let user = try signIn(with: response)
        return AuthDataResult(
            user: user, additionalUserInfo: AdditionalUserInfo(response), credential: OAuthCredential(response.idp))
    }
}
