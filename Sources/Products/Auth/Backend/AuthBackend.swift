// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

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

    /// The account `idToken` belongs to (`accounts:lookup`), for ``User/reload()``.
    ///
    /// - Throws: ``AuthErrorCode/invalidUserToken``, ``AuthErrorCode/userTokenExpired``,
    ///   ``AuthErrorCode/userNotFound``, ``AuthErrorCode/userDisabled``.
    func lookup(idToken: String) async throws -> AuthAccount

    /// Signs in with an identity provider's assertion (`accounts:signInWithIdp`), creating the account on first
    /// use when `autoCreate` (a reauthentication sends false); with `linkingTo`, links the provider to the
    /// account of that ID token instead. The session's ``AuthBackendSession/idp`` describes the answer.
    ///
    /// - Throws: ``AuthErrorCode/invalidCredential`` (an ID token it cannot read),
    ///   ``AuthErrorCode/credentialAlreadyInUse`` (linking a provider identity another account has),
    ///   ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/accountExistsWithDifferentCredential``,
    ///   ``AuthErrorCode/userNotFound`` (no account and no `autoCreate`), ``AuthErrorCode/userDisabled``,
    ///   ``AuthErrorCode/operationNotAllowed``.
    func signIn(withIdP assertion: AuthIdPAssertion, linkingTo idToken: String?, autoCreate: Bool) async throws
        -> AuthBackendSession

    /// Links an email and password to the account `idToken` belongs to (`accounts:signUp` with `idToken`, as
    /// the SDK sends it), returning its new session.
    ///
    /// - Throws: ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/weakPassword``,
    ///   ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/providerAlreadyLinked``,
    ///   ``AuthErrorCode/requiresRecentLogin``, token errors.
    func link(idToken: String, email: String, password: String) async throws -> AuthBackendSession

    /// Unlinks providers from the account `idToken` belongs to (`accounts:update` with `deleteProvider`); the
    /// new session, or nil when the backend answered without tokens (the old ones stay valid).
    ///
    /// - Throws: ``AuthErrorCode/noSuchProvider``, token errors.
    func unlink(idToken: String, providerIDs: [String]) async throws -> AuthBackendSession?

    /// Changes the display name and photo of the account `idToken` belongs to (`accounts:update` with
    /// `displayName`, `photoUrl`, `deleteAttribute`); the new session, or nil without tokens in the answer.
    ///
    /// - Throws: token errors.
    func updateProfile(idToken: String, changes: AuthProfileChanges) async throws -> AuthBackendSession?

    /// Sends an out-of-band code (`accounts:sendOobCode`): a password reset, an email verification, an email
    /// sign-in link or a verified email change. A default implementation sends password resets with
    /// ``sendPasswordResetEmail(email:)`` and refuses the rest.
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/userNotFound``,
    ///   ``AuthErrorCode/missingContinueURI``, ``AuthErrorCode/invalidContinueURI``,
    ///   ``AuthErrorCode/unauthorizedDomain``, ``AuthErrorCode/missingAndroidPackageName``,
    ///   ``AuthErrorCode/missingIosBundleID``, ``AuthErrorCode/invalidHostingLinkDomain``,
    ///   ``AuthErrorCode/emailAlreadyInUse`` and ``AuthErrorCode/requiresRecentLogin`` (an email change), token
    ///   errors.
    func sendOobCode(_ request: AuthOobCodeRequest) async throws

    /// What a code is for and whom it was sent to, without using it (`accounts:resetPassword` without
    /// `newPassword`).
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``.
    func checkActionCode(_ code: String) async throws -> ActionCodeInfo

    /// Applies an email-verification or email-change code (`accounts:update` with `oobCode`).
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/userNotFound``, ``AuthErrorCode/userDisabled``, ``AuthErrorCode/emailAlreadyInUse``.
    func applyActionCode(_ code: String) async throws

    /// Signs in with an email sign-in code (`accounts:signInWithEmailLink`), creating the account on first use;
    /// with `linkingTo`, links the verified email to that ID token's account instead.
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/invalidEmail`` (not the address the link was sent to), ``AuthErrorCode/userDisabled``,
    ///   ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/requiresRecentLogin``, token errors.
    func signIn(email: String, oobCode: String, linkingTo idToken: String?) async throws -> AuthBackendSession

    /// The ways the account with `email` can sign in (`accounts:createAuthUri` `{identifier, continueUri}`,
    /// answer `signinMethods`): `"password"`, `"emailLink"`, identity provider IDs; empty for an unknown address
    /// and, under email-enumeration protection, for every address. A default implementation refuses with
    /// ``AuthErrorCode/operationNotAllowed``.
    ///
    /// - Throws: ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/missingEmail``.
    func fetchSignInMethods(email: String, continueURI: String) async throws -> [String]

    /// Changes the email of the account `idToken` belongs to (`accounts:update` `{idToken, email}`); the new
    /// address is not verified. The new session, or nil when the backend answered without tokens. A default
    /// implementation refuses with ``AuthErrorCode/operationNotAllowed``.
    ///
    /// - Throws: ``AuthErrorCode/requiresRecentLogin``, ``AuthErrorCode/emailAlreadyInUse``,
    ///   ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/missingEmail``, token errors.
    func updateEmail(idToken: String, email: String) async throws -> AuthBackendSession?
}

extension AuthBackend {
    /// Refuses custom tokens: throws ``AuthErrorCode/operationNotAllowed``.
    public func signIn(customToken: String) async throws -> AuthBackendSession {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses: throws ``AuthErrorCode/operationNotAllowed`` (for backends written before ``User/reload()``).
    public func lookup(idToken: String) async throws -> AuthAccount {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses identity providers: throws ``AuthErrorCode/operationNotAllowed``.
    public func signIn(withIdP assertion: AuthIdPAssertion, linkingTo idToken: String?, autoCreate: Bool)
        async throws -> AuthBackendSession
    {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses linking: throws ``AuthErrorCode/operationNotAllowed``.
    public func link(idToken: String, email: String, password: String) async throws -> AuthBackendSession {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses unlinking: throws ``AuthErrorCode/operationNotAllowed``.
    public func unlink(idToken: String, providerIDs: [String]) async throws -> AuthBackendSession? {
        throw AuthErrorCode.operationNotAllowed
    }

    /// Refuses profile changes: throws ``AuthErrorCode/operationNotAllowed``.
    public func updateProfile(idToken: String, changes: AuthProfileChanges) async throws -> AuthBackendSession? {
        throw AuthErrorCode.operationNotAllowed
    }
}

/// A change of an account's profile, as ``AuthBackend/updateProfile(idToken:changes:)`` receives it.
public struct AuthProfileChanges: Sendable, Hashable {
    /// The new display name (`displayName`); nil leaves it.
    public var displayName: String?
    /// The new photo (`photoUrl`); nil leaves it.
    public var photoURL: URL?
    /// The attributes to remove (`deleteAttribute`): `"DISPLAY_NAME"`, `"PHOTO_URL"`.
    public var deleteAttributes: [String]

    /// A change.
    public init(displayName: String? = nil, photoURL: URL? = nil, deleteAttributes: [String] = []) {
        self.displayName = displayName
        self.photoURL = photoURL
        self.deleteAttributes = deleteAttributes
    }
}
