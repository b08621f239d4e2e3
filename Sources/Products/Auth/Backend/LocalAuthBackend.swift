// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// An in-process Auth backend: an **emulator for development and tests**, not a service.
///
/// It keeps accounts, sessions and password-reset codes in memory, issues unsigned one-hour ID tokens
/// (`alg: none` JWTs, as the Firebase Auth emulator does) and applies the project rules a real backend
/// would: email-enumeration protection, failed-attempt lockout, recent-login checks, session revocation
/// when a password changes. Passwords are stored in plain text, in memory. Nothing here is a security
/// boundary.
///
/// ``AuthLibrary`` registers one per app by default. Share one instance between apps (pass it as an
/// override to each) to simulate several devices of one project:
///
/// ```swift
/// let backend = LocalAuthBackend(configuration: .init(emailEnumerationProtection: false))
/// let app = try registry.configure(options: options, overrides: [AuthLibrary.backend(backend)])
/// ```
///
/// The clock is injectable (`now`), so token expiry and lockouts can be tested without waiting. The
/// administration methods (``setDisabled(_:uid:)``, ``setEmailVerified(_:uid:)``,
/// ``revokeRefreshTokens(uid:)``, ``simulatedError``, ``oobCodes``) stand in for the Firebase console
/// and Admin SDK.
public final class LocalAuthBackend: AuthBackend {
    /// The project the tokens are issued for (their `aud`).
    public let projectID: String
    let now: @Sendable () -> Date
    let store: LocalAuthStoreLock

    /// A backend with no accounts.
    ///
    /// - Parameters:
    ///   - projectID: the project ID tokens are issued for (``AuthLibrary`` passes the app's
    ///     `options.projectID`).
    ///   - configuration: the project's settings.
    ///   - now: the backend's clock.
    public init(
        projectID: String = "flint-local",
        configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.projectID = projectID
        self.now = now
        store = LocalAuthStoreLock(LocalAuthStore(projectID: projectID, configuration: configuration))
    }

    /// A backend that keeps its accounts and sessions in `directory` (created if needed), starting with what a
    /// previous backend of the same project kept there.
    ///
    /// The file (`accounts.json`) holds the accounts, with their passwords in plain text (this is an emulator)
    /// and custom claims, and the sessions, so refresh tokens stay valid across runs. It is replaced durably (a
    /// new file beside it, `fsync`, rename) before a request that changed it is answered; a request whose
    /// change cannot be written fails with ``AuthErrorCode/internalError`` and changes nothing. Out-of-band
    /// codes and failed sign-in attempts are kept in memory only.
    ///
    /// - Parameters:
    ///   - projectID: the project ID tokens are issued for; a file of another project is refused.
    ///   - configuration: the project's settings.
    ///   - directory: where the file is kept.
    ///   - now: the backend's clock.
    /// - Throws: ``AuthErrorCode/internalError`` when the file cannot be read: something other than a regular
    ///   file is there, or it is damaged, over 256 MiB or of another project.
    public convenience init(
        projectID: String = "flint-local", configuration: Configuration = Configuration(), directory: URL,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(AuthErrorCode) {
        try self.init(
            projectID: projectID, configuration: configuration,
            file: LocalAuthFile(url: directory.appendingPathComponent("accounts.json"), projectID: projectID), now: now)
    }

    /// A backend persisting to `file` (tests inject its I/O).
    init(
        projectID: String, configuration: Configuration, file: LocalAuthFile,
        now: @escaping @Sendable () -> Date
    ) throws(AuthErrorCode) {
        self.projectID = projectID
        self.now = now
        var initial = LocalAuthStore(projectID: projectID, configuration: configuration)
        try file.load()?.restore(into: &initial)
        store = LocalAuthStoreLock(initial, file: file)
    }

    // MARK: - Project settings and failure injection

    /// The project settings; changes apply to the next request.
    public var configuration: Configuration {
        get { store.withLock { $0.configuration } }
        set { store.withLock { $0.configuration = newValue } }
    }

    /// When set, every request fails with this error (for example ``AuthErrorCode/networkError`` to act
    /// as if the device were offline), until set back to nil.
    public var simulatedError: AuthErrorCode? {
        get { store.withLock { $0.simulatedError } }
        set { store.withLock { $0.simulatedError = newValue } }
    }

    // MARK: - Administration (the console / Admin SDK)

    /// Every account, oldest first.
    public var accounts: [AuthAccount] {
        store.withLock { $0.records.values.map(\.account) }
            .sorted { ($0.creationDate, $0.uid) < ($1.creationDate, $1.uid) }
    }

    /// The account with this uid, if any.
    public func account(uid: String) -> AuthAccount? {
        store.withLock { $0.records[uid]?.account }
    }

    /// The account with this email address (case-insensitive), if any.
    public func account(email: String) -> AuthAccount? {
        store.withLock { store in
            store.uidsByEmail[email.lowercased()].flatMap { store.records[$0]?.account }
        }
    }

    /// Disables (or re-enables) an account: a disabled account cannot sign in or refresh its tokens
    /// (``AuthErrorCode/userDisabled``).
    ///
    /// - Throws: ``AuthErrorCode/userNotFound``.
    public func setDisabled(_ disabled: Bool, uid: String) throws(AuthErrorCode) {
        try store.persisting { store throws(AuthErrorCode) in
            try store.update(uid: uid) { $0.account.isDisabled = disabled }
        }
    }

    /// Marks an account's email address verified (or not); new ID tokens carry it.
    ///
    /// - Throws: ``AuthErrorCode/userNotFound``.
    public func setEmailVerified(_ verified: Bool, uid: String) throws(AuthErrorCode) {
        try store.persisting { store throws(AuthErrorCode) in
            try store.update(uid: uid) { $0.account.isEmailVerified = verified }
        }
    }

    /// Revokes every session of an account: its refresh tokens stop working
    /// (``AuthErrorCode/userTokenExpired``), so each device is signed out at its next token refresh.
    ///
    /// - Throws: ``AuthErrorCode/userNotFound``.
    public func revokeRefreshTokens(uid: String) throws(AuthErrorCode) {
        let date = LocalAuthStore.wholeSeconds(now())
        try store.persisting { store throws(AuthErrorCode) in
            try store.update(uid: uid) { $0.validSince = date }
        }
    }

    /// A custom token for `uid`, as the Admin SDK's `createCustomToken(uid, claims)` makes one for this
    /// project, to pass to ``Auth/signIn(withCustomToken:)``: an unsigned JWT (`alg: none`, like the Auth
    /// emulator's) with `uid`, the developer `claims` (left out when empty), the Identity Toolkit audience,
    /// the project's service account as issuer and subject (`firebase-adminsdk@<projectID>.iam.gserviceaccount.com`)
    /// and a one-hour lifetime from the backend's clock.
    ///
    /// Nothing is checked here; signing in checks: a `uid` of 1 to 128 characters, developer claims that are
    /// not reserved names (`sub`, `exp`, `firebase`, `user_id`, …) and an unexpired token, or
    /// ``AuthErrorCode/invalidCustomToken``; another audience, or the service account of another project,
    /// is ``AuthErrorCode/customTokenMismatch``. The developer claims appear in every ID token of the
    /// session it starts (``AuthTokenResult/claims``).
    public func customToken(uid: String, claims: [String: AuthClaimValue] = [:]) -> String {
        LocalCustomToken.make(uid: uid, claims: claims, projectID: projectID, now: now()).encoded
    }

    /// Every email "sent" so far, oldest first: ``oobCodes`` as emails.
    public var sentEmails: [LocalAuthEmail] {
        oobCodes.compactMap { code in
            LocalAuthEmail.Kind(rawValue: code.requestType).map {
                LocalAuthEmail(kind: $0, email: code.email, code: code.oobCode, sentAt: code.issuedAt)
            }
        }
    }

    // MARK: - AuthBackend

    /// Creates an email-and-password account and signs it in.
    public func signUp(email: String, password: String) async throws -> AuthBackendSession {
        let now = now()
        let tenantID = AuthRequestContext.current.tenantID
        return try store.persisting { store throws(AuthErrorCode) in
            try store.signUp(email: email, password: password, tenantID: tenantID, now: now)
        }
    }

    /// Creates an anonymous account and signs it in.
    public func signUpAnonymously() async throws -> AuthBackendSession {
        let now = now()
        let tenantID = AuthRequestContext.current.tenantID
        return try store.persisting { store throws(AuthErrorCode) in
            try store.signUpAnonymously(tenantID: tenantID, now: now)
        }
    }

    /// Signs in with email and password.
    public func signIn(email: String, password: String) async throws -> AuthBackendSession {
        let now = now()
        let tenantID = AuthRequestContext.current.tenantID
        return try store.persisting { store throws(AuthErrorCode) in
            try store.signIn(email: email, password: password, tenantID: tenantID, now: now)
        }
    }

    /// Signs in with a custom token of ``customToken(uid:claims:)`` or of the Firebase Auth emulator (an
    /// unsigned JWT with `uid` and optional `claims`), creating the account on first use. A token whose
    /// `tenant_id` is not the caller's ``Auth/tenantID`` is ``AuthErrorCode/tenantIDMismatch``.
    public func signIn(customToken: String) async throws -> AuthBackendSession {
        let now = now()
        let tenantID = AuthRequestContext.current.tenantID
        return try store.persisting { store throws(AuthErrorCode) in
            try store.signIn(customToken: customToken, tenantID: tenantID, now: now)
        }
    }

    /// Issues a new ID token for a refresh token (the refresh token stays the same).
    public func refreshSession(refreshToken: String) async throws -> AuthBackendSession {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.refreshSession(refreshToken: refreshToken, now: now)
        }
    }

    /// Changes the password; every other session of the account is revoked.
    public func updatePassword(idToken: String, newPassword: String) async throws -> AuthBackendSession {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in
            try store.updatePassword(idToken: idToken, newPassword: newPassword, now: now)
        }
    }

    /// Deletes the account and its sessions.
    public func deleteAccount(idToken: String) async throws {
        let now = now()
        try store.persisting { store throws(AuthErrorCode) in try store.deleteAccount(idToken: idToken, now: now) }
    }

    /// Records a password-reset code in ``oobCodes``.
    public func sendPasswordResetEmail(email: String) async throws {
        let now = now()
        try store.persisting { store throws(AuthErrorCode) in try store.sendPasswordResetEmail(email: email, now: now) }
    }

    /// Sets the new password if the code is valid; the code is used up and other sessions are revoked.
    public func confirmPasswordReset(code: String, newPassword: String) async throws {
        let now = now()
        try store.persisting { store throws(AuthErrorCode) in
            try store.confirmPasswordReset(code: code, newPassword: newPassword, now: now)
        }
    }
}
