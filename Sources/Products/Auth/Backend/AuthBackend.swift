// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The service Auth talks to: Firebase's Identity Toolkit and Secure Token APIs, as a protocol.
///
/// Auth resolves its backend from the app's container, so an app or a test can swap it:
///
/// ```swift
/// let backend = LocalAuthBackend()                           // shared by two apps: "two devices"
/// let phone = try registry.configure(name: "phone", options: options, overrides: [AuthLibrary.backend(backend)])
/// let tablet = try registry.configure(name: "tablet", options: options, overrides: [AuthLibrary.backend(backend)])
/// ```
///
/// ``AuthLibrary`` registers a ``LocalAuthBackend`` (an in-process emulator for development and tests) as
/// the default; ``RESTAuthBackend`` speaks Firebase's REST APIs (production with
/// ``AuthLibrary/restBackend(endpoint:)``, the Firebase Auth emulator with ``Auth/useEmulator(withHost:port:)``).
/// A conformer maps the service's errors to ``AuthErrorCode``; any other error reaches Auth's callers as
/// ``AuthErrorCode/internalError``.
public protocol AuthBackend: AnyObject, Sendable {
    /// Creates an email-and-password account and signs it in (`accounts:signUp`).
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``,
    ///   ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/weakPassword``.
    func signUp(email: String, password: String) async throws -> AuthBackendSession

    /// Creates an anonymous account and signs it in (`accounts:signUp` without credentials).
    ///
    /// - Throws: ``AuthErrorCode/operationNotAllowed`` when anonymous sign-in is disabled.
    func signUpAnonymously() async throws -> AuthBackendSession

    /// Signs in with email and password (`accounts:signInWithPassword`).
    ///
    /// - Throws: ``AuthErrorCode/invalidCredential`` (or, without email-enumeration protection,
    ///   ``AuthErrorCode/userNotFound`` / ``AuthErrorCode/wrongPassword``), ``AuthErrorCode/userDisabled``,
    ///   ``AuthErrorCode/tooManyRequests``.
    func signIn(email: String, password: String) async throws -> AuthBackendSession

    /// Signs in with a custom token minted by the project's server (`accounts:signInWithCustomToken`),
    /// creating the account on first use; the token's developer claims reach the session's ID tokens.
    ///
    /// A default implementation throws ``AuthErrorCode/operationNotAllowed``, for backends written before
    /// custom tokens.
    ///
    /// - Throws: ``AuthErrorCode/invalidCustomToken``, ``AuthErrorCode/customTokenMismatch``,
    ///   ``AuthErrorCode/userDisabled``.
    func signIn(customToken: String) async throws -> AuthBackendSession

    /// Exchanges a refresh token for a new ID token (`securetoken.googleapis.com/v1/token`).
    ///
    /// - Throws: ``AuthErrorCode/invalidUserToken``, ``AuthErrorCode/userNotFound``,
    ///   ``AuthErrorCode/userDisabled``, ``AuthErrorCode/userTokenExpired`` (sessions revoked, for example
    ///   by a password change).
    func refreshSession(refreshToken: String) async throws -> AuthBackendSession

    /// Changes the password of the account `idToken` belongs to and returns a new session (other sessions
    /// of the account are revoked) (`accounts:update`).
    ///
    /// - Throws: ``AuthErrorCode/requiresRecentLogin``, ``AuthErrorCode/weakPassword``, token errors.
    func updatePassword(idToken: String, newPassword: String) async throws -> AuthBackendSession

    /// Deletes the account `idToken` belongs to (`accounts:delete`).
    ///
    /// - Throws: ``AuthErrorCode/requiresRecentLogin``, token errors.
    func deleteAccount(idToken: String) async throws

    /// Sends a password-reset email with a one-time code (`accounts:sendOobCode`).
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``; without email-enumeration
    ///   protection ``AuthErrorCode/userNotFound``.
    func sendPasswordResetEmail(email: String) async throws

    /// Sets a new password with the code of a password-reset email (`accounts:resetPassword`).
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/weakPassword``.
    func confirmPasswordReset(code: String, newPassword: String) async throws
}

extension AuthBackend {
    /// Refuses custom tokens: throws ``AuthErrorCode/operationNotAllowed``.
    public func signIn(customToken: String) async throws -> AuthBackendSession {
        throw AuthErrorCode.operationNotAllowed
    }
}
