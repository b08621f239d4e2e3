// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// Auth's out-of-band-code calls: password reset, email sign-in links, checking and applying codes. (A user's
// email verification and verified email change are in User+EmailVerification.swift.)

extension Auth {
    /// Asks the backend to email a password-reset code to `email`.
    ///
    /// With email-enumeration protection (the default) an unknown address succeeds without sending
    /// anything; without it, it fails with ``AuthErrorCode/userNotFound``. With LocalAuthBackend nothing is
    /// mailed: the code is in `LocalAuthBackend.oobCodes`.
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/networkError``.
    public func sendPasswordReset(withEmail email: String) async throws(AuthErrorCode) {
        try await sendOobCode(AuthOobCodeRequest(.passwordReset, email: email, settings: nil))
    }

    /// Asks the backend to email a password-reset link to `email` that continues to `actionCodeSettings`' URL
    /// and app.
    ///
    /// - Throws: as ``sendPasswordReset(withEmail:)``; ``AuthErrorCode/invalidContinueURI``,
    ///   ``AuthErrorCode/unauthorizedDomain``, ``AuthErrorCode/missingAndroidPackageName``,
    ///   ``AuthErrorCode/missingIosBundleID``, ``AuthErrorCode/invalidHostingLinkDomain``.
    public func sendPasswordReset(
        withEmail email: String, actionCodeSettings: ActionCodeSettings
    ) async throws(AuthErrorCode) {
        try await sendOobCode(AuthOobCodeRequest(.passwordReset, email: email, settings: actionCodeSettings))
    }

    /// Asks the backend to email a sign-in link to `email`; the link, opened in the app, goes to
    /// ``signIn(withEmail:link:)`` with the same address.
    ///
    /// ```swift
    /// let settings = ActionCodeSettings()
    /// settings.url = URL(string: "https://example.com/finishSignIn")
    /// settings.handleCodeInApp = true
    /// try await auth.sendSignInLink(toEmail: email, actionCodeSettings: settings)
    /// ```
    ///
    /// - Throws: ``AuthErrorCode/invalidContinueURI`` when `actionCodeSettings.handleCodeInApp` is false, before
    ///   any request (the SDK stops the app there with a `fatalError`); ``AuthErrorCode/missingContinueURI``
    ///   without a URL; ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``,
    ///   ``AuthErrorCode/unauthorizedDomain``, ``AuthErrorCode/invalidHostingLinkDomain``,
    ///   ``AuthErrorCode/operationNotAllowed`` (email-link sign-in disabled), ``AuthErrorCode/networkError``.
    public func sendSignInLink(
        toEmail email: String, actionCodeSettings: ActionCodeSettings
    ) async throws(AuthErrorCode) {
        guard actionCodeSettings.handleCodeInApp else { throw .invalidContinueURI }
        try await sendOobCode(AuthOobCodeRequest(.emailSignIn, email: email, settings: actionCodeSettings))
    }

    /// Whether `link` is an email sign-in link: it has an `oobCode` and `mode=signIn`, in its own query or,
    /// for a link wrapped by a Dynamic Link or a redirect, in the query of its `link` or `deep_link_id`
    /// parameter. Nothing is checked with the backend.
    public func isSignIn(withEmailLink link: String) -> Bool {
        let items = ActionCodeLinkQuery.items(of: link)
        return items["oobCode"] != nil && items["mode"] == "signIn"
    }

    /// Signs in with an email sign-in link sent by ``sendSignInLink(toEmail:actionCodeSettings:)`` to `email`,
    /// creating the account on first use (its email verified). The same as
    /// `signIn(with: EmailAuthProvider.credential(withEmail: email, link: link))`.
    ///
    /// - Returns: the user and `additionalUserInfo` (provider `"password"`, `isNewUser`).
    /// - Throws: ``AuthErrorCode/invalidActionCode`` for a link that is not a sign-in link (before any request;
    ///   the SDK stops the app with a `fatalError`) or whose code is unknown or used,
    ///   ``AuthErrorCode/expiredActionCode``, ``AuthErrorCode/invalidEmail`` (not the address the link was sent
    ///   to), ``AuthErrorCode/userDisabled``, ``AuthErrorCode/networkError``.
    @discardableResult
    public func signIn(withEmail email: String, link: String) async throws(AuthErrorCode) -> AuthDataResult {
        try await signIn(with: EmailAuthProvider.credential(withEmail: email, link: link))
    }

    /// The email a password-reset code was sent to, without using the code (`accounts:resetPassword` without a
    /// new password).
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/networkError``.
    public func verifyPasswordResetCode(_ code: String) async throws(AuthErrorCode) -> String {
        try await checkActionCode(code).email
    }

    /// What an out-of-band code is for and whom it was sent to, without using it.
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/networkError``.
    public func checkActionCode(_ code: String) async throws(AuthErrorCode) -> ActionCodeInfo {
        try await request { try await backend.checkActionCode(code) }
    }

    /// Applies an email-verification or email-change code: the account's address becomes verified, or becomes
    /// the new address. As in the SDK, the signed-in user object is not refreshed: call `user.reload()` to see
    /// the change.
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode`` (unknown, used, or a code of another kind),
    ///   ``AuthErrorCode/expiredActionCode``, ``AuthErrorCode/userNotFound``, ``AuthErrorCode/userDisabled``,
    ///   ``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/networkError``.
    public func applyActionCode(_ code: String) async throws(AuthErrorCode) {
        try await request { try await backend.applyActionCode(code) }
    }

    /// Sets a new password with the code of a password-reset email (read it from `LocalAuthBackend.oobCodes`
    /// with the local backend).
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/weakPassword``.
    public func confirmPasswordReset(withCode code: String, newPassword: String) async throws(AuthErrorCode) {
        try await request { try await backend.confirmPasswordReset(code: code, newPassword: newPassword) }
    }

    /// Sends `request` with the backend.
    func sendOobCode(_ request: AuthOobCodeRequest) async throws(AuthErrorCode) {
        try await self.request { try await backend.sendOobCode(request) }
    }

    /// The `oobCode` of an email sign-in link.
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode`` when `link` is not one.
    static func emailSignInCode(of link: String) throws(AuthErrorCode) -> String {
        let items = ActionCodeLinkQuery.items(of: link)
        guard let code = items["oobCode"], items["mode"] == "signIn" else { throw .invalidActionCode }
        return code
    }
}
