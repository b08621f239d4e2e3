// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The embedded backend's out-of-band codes: nothing is mailed; every code is kept in `oobCodes`, as the Firebase
// Auth emulator lists them, so that a test or a development build can use the code a user would click.

extension LocalAuthBackend {
    /// Every out-of-band code issued, oldest first (at most the last 10,000): password resets, email
    /// verifications, email sign-in links and email changes, with the Auth emulator's fields (`email`,
    /// `requestType`, `oobCode`, `oobLink`). Codes expire by the backend's clock (``Configuration``: one hour
    /// for a password reset, six hours for a sign-in link, three days for a verification, as Firebase's) and
    /// work once; used and expired codes stay listed.
    public var oobCodes: [LocalAuthOOBCode] {
        store.withLock { $0.actionCodes.issued }
    }

    /// Records the code in ``oobCodes`` instead of sending it, after the server's checks (see
    /// ``AuthBackend/sendOobCode(_:)``). A password reset to an unknown address records nothing (and, without
    /// email-enumeration protection, throws ``AuthErrorCode/userNotFound``); an email change needs a recent
    /// sign-in and an address no other account has. The link carries the caller's ``Auth/languageCode`` as
    /// `lang`.
    public func sendOobCode(_ request: AuthOobCodeRequest) async throws {
        let now = now()
        let language = AuthRequestContext.current.languageCode
        try store.persisting { store throws(AuthErrorCode) in
            try store.sendOobCode(request, languageCode: language, now: now)
        }
    }

    /// What an unused, unexpired code is for.
    public func checkActionCode(_ code: String) async throws -> ActionCodeInfo {
        let now = now()
        return try store.persisting { store throws(AuthErrorCode) in try store.checkActionCode(code, now: now) }
    }

    /// Applies an email-verification code (the address becomes verified) or an email-change code (the account
    /// moves to the new, verified, address); other codes are ``AuthErrorCode/invalidActionCode``.
    public func applyActionCode(_ code: String) async throws {
        let now = now()
        try store.persisting { store throws(AuthErrorCode) in try store.applyActionCode(code, now: now) }
    }

    /// Signs in with an email sign-in code sent to `email`: the account with that address (its address becomes
    /// verified and it gains the `password` provider) or a new one; with `linkingTo`, that account takes the
    /// address (``AuthErrorCode/requiresRecentLogin`` unless it is anonymous or signed in recently).
    public func signIn(email: String, oobCode: String, linkingTo idToken: String?) async throws -> AuthBackendSession {
        let now = now()
        let tenantID = AuthRequestContext.current.tenantID
        return try store.persisting { store throws(AuthErrorCode) in
            try store.signIn(email: email, oobCode: oobCode, linkingTo: idToken, tenantID: tenantID, now: now)
        }
    }
}
