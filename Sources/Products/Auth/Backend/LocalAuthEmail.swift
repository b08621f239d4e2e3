// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An email the local backend "sent" (``LocalAuthBackend/sentEmails``, a view of ``LocalAuthBackend/oobCodes``),
/// so a test or a development build can read the code a user would click.
public struct LocalAuthEmail: Sendable, Hashable {
    /// What the email is for.
    public enum Kind: String, Sendable, Hashable {
        /// A password-reset email; its code goes to ``Auth/confirmPasswordReset(withCode:newPassword:)``.
        case passwordReset = "PASSWORD_RESET"
        /// An email verification; its code goes to ``Auth/applyActionCode(_:)``.
        case verifyEmail = "VERIFY_EMAIL"
        /// An email sign-in link; its link goes to ``Auth/signIn(withEmail:link:)``.
        case emailSignIn = "EMAIL_SIGNIN"
        /// A verified email change, sent to the new address; its code goes to ``Auth/applyActionCode(_:)``.
        case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"
    }

    /// What the email is for.
    public var kind: Kind
    /// The recipient.
    public var email: String
    /// The one-time code (`oobCode`).
    public var code: String
    /// When it was sent.
    public var sentAt: Date

    /// A sent email.
    public init(kind: Kind, email: String, code: String, sentAt: Date) {
        self.kind = kind
        self.email = email
        self.code = code
        self.sentAt = sentAt
    }
}
