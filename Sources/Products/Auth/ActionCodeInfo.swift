// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What an out-of-band code is for and whom it was sent to, as ``Auth/checkActionCode(_:)`` reports it (the
/// SDK's `ActionCodeInfo`).
///
/// ```swift
/// let info = try await auth.checkActionCode(code)
/// if info.operation == .verifyAndChangeEmail {
///     print("\(info.previousEmail ?? "?") becomes \(info.email)")
/// }
/// ```
public final class ActionCodeInfo: Sendable, CustomStringConvertible {
    /// What the code does.
    public let operation: ActionCodeOperation
    /// The address the code was sent to; for an email change (``ActionCodeOperation/verifyAndChangeEmail``,
    /// ``ActionCodeOperation/recoverEmail``) the new address.
    public let email: String
    /// For an email change, the address the account had before; nil otherwise.
    public let previousEmail: String?

    /// The information of a code for `operation` sent to `email`; with `newEmail` (an email change), ``email``
    /// is `newEmail` and ``previousEmail`` is `email`, as the SDK fills them from a `resetPassword` answer.
    /// Public (the SDK's initializer is internal) so that an ``AuthBackend`` outside Flint can answer
    /// ``AuthBackend/checkActionCode(_:)``.
    public init(operation: ActionCodeOperation, email: String, newEmail: String? = nil) {
        self.operation = operation
        if let newEmail, !newEmail.isEmpty {
            self.email = newEmail
            previousEmail = email
        } else {
            self.email = email
            previousEmail = nil
        }
    }

    /// The operation and addresses, for logs.
    public var description: String {
        "ActionCodeInfo(operation: \(operation), email: \(email), previousEmail: \(previousEmail ?? "nil"))"
    }
}
