// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// Auth's out-of-band-code calls (password reset today). Email verification, email-link sign-in and the other
// action-code calls of the SDK belong here too.

extension Auth {
    /// Asks the backend to email a password-reset code to `email`.
    ///
    /// With email-enumeration protection (the default) an unknown address succeeds without sending
    /// anything; without it, it fails with ``AuthErrorCode/userNotFound``.
    ///
    /// - Throws: ``AuthErrorCode/missingEmail``, ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/networkError``.
    public func sendPasswordReset(withEmail email: String) async throws(AuthErrorCode) {
        try await request { try await backend.sendPasswordResetEmail(email: email) }
    }

    /// Sets a new password with the code of a password-reset email (read it from
    /// ``LocalAuthBackend/sentEmails`` with the local backend).
    ///
    /// - Throws: ``AuthErrorCode/invalidActionCode``, ``AuthErrorCode/expiredActionCode``,
    ///   ``AuthErrorCode/weakPassword``.
    public func confirmPasswordReset(withCode code: String, newPassword: String) async throws(AuthErrorCode) {
        try await request { try await backend.confirmPasswordReset(code: code, newPassword: newPassword) }
    }
}
