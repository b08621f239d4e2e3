// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// A user's email verification and verified email change (out-of-band codes sent with the user's ID token).

extension User {
    /// Emails a verification link to the user's address (`sendOobCode` `VERIFY_EMAIL`). Once its code is applied
    /// (``Auth/applyActionCode(_:)``, or the link opened), ``isEmailVerified`` is true after ``reload()``.
    ///
    /// ```swift
    /// try await user.sendEmailVerification()
    /// // with LocalAuthBackend, the "email" is in backend.oobCodes:
    /// let code = backend.oobCodes.last { $0.requestType == "VERIFY_EMAIL" }!.oobCode
    /// try await auth.applyActionCode(code)
    /// try await user.reload()
    /// user.isEmailVerified   // true
    /// ```
    ///
    /// - Parameter actionCodeSettings: where the link continues to, and in which app; nil for the project's
    ///   default page.
    /// - Throws: ``AuthErrorCode/missingEmail`` (the account has no address), ``AuthErrorCode/nullUser``,
    ///   the errors of ``ActionCodeSettings`` (``AuthErrorCode/invalidContinueURI``, …), token errors,
    ///   ``AuthErrorCode/networkError``.
    public func sendEmailVerification(with actionCodeSettings: ActionCodeSettings? = nil) async throws(AuthErrorCode) {
        try await requireAuth().sendOobCode(of: self) { idToken in
            AuthOobCodeRequest(.verifyEmail, idToken: idToken, settings: actionCodeSettings)
        }
    }

    /// Emails a verification link to `email`; the user's address changes to it only when that code is applied
    /// (``Auth/applyActionCode(_:)``), then shows after ``reload()``. The SDK's replacement for `updateEmail(to:)`.
    ///
    /// - Throws: ``AuthErrorCode/requiresRecentLogin`` (the embedded backend, as Firebase, wants a sign-in from
    ///   the last five minutes: ``reauthenticate(with:)`` first), ``AuthErrorCode/emailAlreadyInUse``,
    ///   ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/missingEmail``, ``AuthErrorCode/nullUser``, the errors
    ///   of ``ActionCodeSettings``, token errors, ``AuthErrorCode/networkError``.
    public func sendEmailVerification(
        beforeUpdatingEmail email: String, actionCodeSettings: ActionCodeSettings? = nil
    ) async throws(AuthErrorCode) {
        try await requireAuth().sendOobCode(of: self) { idToken in
            AuthOobCodeRequest(.verifyAndChangeEmail, newEmail: email, idToken: idToken, settings: actionCodeSettings)
        }
    }
}

extension User {
    /// Changes the user's email address at once, without a verification (`accounts:update` with `email`), as
    /// the SDK's deprecated `updateEmail(to:)`. The new address is **not verified** (``isEmailVerified`` false)
    /// and this object shows it when the call returns. Firebase refuses it in projects with email-enumeration
    /// protection; prefer ``sendEmailVerification(beforeUpdatingEmail:actionCodeSettings:)``.
    ///
    /// - Throws: ``AuthErrorCode/requiresRecentLogin`` (the embedded backend wants a sign-in from the last five
    ///   minutes, as Firebase: ``reauthenticate(with:)`` first), ``AuthErrorCode/emailAlreadyInUse``,
    ///   ``AuthErrorCode/invalidEmail``, ``AuthErrorCode/missingEmail``, ``AuthErrorCode/nullUser``, token
    ///   errors, ``AuthErrorCode/networkError``.
    public func updateEmail(to email: String) async throws(AuthErrorCode) {
        let auth = try requireAuth()
        _ = try await auth.changeSession(of: self) { session in
            try await auth.backend.updateEmail(idToken: session.idToken, email: email)
        }
    }
}

extension Auth {
    /// Sends the out-of-band code `make` describes with the ID token of `user`; a failure because the session is
    /// over signs the user out.
    func sendOobCode(of user: User, _ make: (String) -> AuthOobCodeRequest) async throws(AuthErrorCode) {
        let session = try await session(of: user)
        do {
            try await request { try await backend.sendOobCode(make(session.idToken)) }
        } catch {
            endSessionIfInvalid(error, refreshToken: session.refreshToken)
            throw error
        }
    }
}
