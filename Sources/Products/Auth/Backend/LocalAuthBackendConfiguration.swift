// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension LocalAuthBackend {
    /// The project settings of a ``LocalAuthBackend`` (what the Firebase console sets for a real project).
    public struct Configuration: Sendable, Hashable {
        /// Email-enumeration protection (on by default, as in new Firebase projects): a wrong password and
        /// an unknown email both fail sign-in with ``AuthErrorCode/invalidCredential``, and a password reset
        /// for an unknown email succeeds without sending anything. Off: ``AuthErrorCode/wrongPassword`` and
        /// ``AuthErrorCode/userNotFound``.
        public var emailEnumerationProtection: Bool
        /// Whether anonymous sign-in is enabled (otherwise ``AuthErrorCode/operationNotAllowed``).
        public var isAnonymousSignInEnabled: Bool
        /// Failed password attempts for one email before sign-in is refused with
        /// ``AuthErrorCode/tooManyRequests`` for ``lockoutDuration``; nil: no limit.
        public var maxFailedSignInAttempts: Int?
        /// How long sign-in stays refused after too many failed attempts, in seconds.
        public var lockoutDuration: TimeInterval
        /// The lifetime of ID tokens, in seconds (one hour, as in Firebase).
        public var idTokenLifetime: TimeInterval
        /// How recent a sign-in must be for sensitive operations (changing the password, deleting the
        /// account), in seconds; older gives ``AuthErrorCode/requiresRecentLogin``.
        public var recentLoginWindow: TimeInterval
        /// How long a password-reset code stays valid, in seconds (one hour, as in Firebase).
        public var passwordResetCodeLifetime: TimeInterval
        /// How long an email-verification or email-change code stays valid, in seconds (three days, as in
        /// Firebase).
        public var emailVerificationCodeLifetime: TimeInterval
        /// How long an email sign-in link stays valid, in seconds (six hours, as in Firebase).
        public var emailSignInLinkLifetime: TimeInterval

        /// A configuration; the defaults mirror a new Firebase project.
        public init(
            emailEnumerationProtection: Bool = true,
            isAnonymousSignInEnabled: Bool = true,
            maxFailedSignInAttempts: Int? = 5,
            lockoutDuration: TimeInterval = 300,
            idTokenLifetime: TimeInterval = 3600,
            recentLoginWindow: TimeInterval = 300,
            passwordResetCodeLifetime: TimeInterval = 3600,
            emailVerificationCodeLifetime: TimeInterval = 3 * 24 * 3600,
            emailSignInLinkLifetime: TimeInterval = 6 * 3600
        ) {
            self.emailEnumerationProtection = emailEnumerationProtection
            self.isAnonymousSignInEnabled = isAnonymousSignInEnabled
            self.maxFailedSignInAttempts = maxFailedSignInAttempts
            self.lockoutDuration = lockoutDuration
            self.idTokenLifetime = idTokenLifetime
            self.recentLoginWindow = recentLoginWindow
            self.passwordResetCodeLifetime = passwordResetCodeLifetime
            self.emailVerificationCodeLifetime = emailVerificationCodeLifetime
            self.emailSignInLinkLifetime = emailSignInLinkLifetime
        }
    }
}
