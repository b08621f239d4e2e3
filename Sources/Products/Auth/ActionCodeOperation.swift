// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What an out-of-band (action) code is for, as the SDK's `ActionCodeOperation` (same cases and raw values).
public enum ActionCodeOperation: Int, Sendable, Hashable, CaseIterable {
    /// An operation Flint does not know (or a link without a `mode`).
    case unknown = 0
    /// Resetting a password (`PASSWORD_RESET`, link mode `resetPassword`).
    case passwordReset = 1
    /// Verifying an email address (`VERIFY_EMAIL`, link mode `verifyEmail`).
    case verifyEmail = 2
    /// Restoring the email address an account had before a change (`RECOVER_EMAIL`, link mode `recoverEmail`).
    case recoverEmail = 3
    /// Signing in with an email link (`EMAIL_SIGNIN`, link mode `signIn`).
    case emailLink = 4
    /// Verifying a new email address, then changing the account's to it (`VERIFY_AND_CHANGE_EMAIL`, link mode
    /// `verifyAndChangeEmail`).
    case verifyAndChangeEmail = 5
    /// Removing a second factor just added (`REVERT_SECOND_FACTOR_ADDITION`); Flint has no multi-factor
    /// authentication, so only a server can answer it.
    case revertSecondFactorAddition = 6

    /// The operation of a server `requestType` (`"PASSWORD_RESET"`, …) or of a link's `mode`
    /// (`"resetPassword"`, …); ``unknown`` for anything else, as the SDK's
    /// `ActionCodeInfo.actionCodeOperation(forRequestType:)`.
    init(requestTypeOrMode value: String?) {
        switch value {
        case "PASSWORD_RESET", "resetPassword": self = .passwordReset
        case "VERIFY_EMAIL", "verifyEmail": self = .verifyEmail
        case "RECOVER_EMAIL", "recoverEmail": self = .recoverEmail
        case "EMAIL_SIGNIN", "signIn": self = .emailLink
        case "VERIFY_AND_CHANGE_EMAIL", "verifyAndChangeEmail": self = .verifyAndChangeEmail
        case "REVERT_SECOND_FACTOR_ADDITION", "revertSecondFactorAddition": self = .revertSecondFactorAddition
        default: self = .unknown
        }
    }
}
