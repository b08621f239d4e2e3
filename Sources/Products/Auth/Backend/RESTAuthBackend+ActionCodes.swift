// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// Out-of-band codes over REST, as the SDK's GetOOBConfirmationCodeRequest, ResetPasswordRequest,
// SetAccountInfoRequest (oobCode) and EmailLinkSignInRequest send them.

extension RESTAuthBackend {
    /// `accounts:sendOobCode` `{requestType, email | idToken | newEmail + idToken, continueUrl?, iOSBundleId?,
    /// androidPackageName?, androidMinimumVersion?, androidInstallApp?: true, canHandleCodeInApp?: true,
    /// dynamicLinkDomain?, linkDomain?, tenantId?}`: each request type sends only its own identifying fields, and
    /// the flags only when true, as the SDK does; the caller's language goes as `X-Firebase-Locale`.
    public func sendOobCode(_ request: AuthOobCodeRequest) async throws {
        _ = try await identityToolkit("accounts:sendOobCode", withTenant(Self.body(of: request)))
    }

    /// The JSON body of a `sendOobCode` request.
    static func body(of request: AuthOobCodeRequest) -> [String: Any] {
        var body: [String: Any] = ["requestType": request.requestType.rawValue]
        switch request.requestType {
        case .passwordReset, .emailSignIn:
            body["email"] = request.email
        case .verifyEmail:
            body["idToken"] = request.idToken
        case .verifyAndChangeEmail:
            body["newEmail"] = request.newEmail
            body["idToken"] = request.idToken
        }
        body["continueUrl"] = request.continueURL
        body["iOSBundleId"] = request.iOSBundleID
        body["androidPackageName"] = request.androidPackageName
        body["androidMinimumVersion"] = request.androidMinimumVersion
        if request.androidInstallApp { body["androidInstallApp"] = true }
        if request.canHandleCodeInApp { body["canHandleCodeInApp"] = true }
        body["dynamicLinkDomain"] = request.dynamicLinkDomain
        body["linkDomain"] = request.linkDomain
        return body
    }

    /// `accounts:resetPassword` `{oobCode, tenantId?}` (no `newPassword`): the answer's `requestType`, `email`
    /// and `newEmail` as an ``ActionCodeInfo``; an answer without `email` is ``AuthErrorCode/internalError``.
    public func checkActionCode(_ code: String) async throws -> ActionCodeInfo {
        let answer = try await identityToolkit("accounts:resetPassword", withTenant(["oobCode": code]))
        guard let email = answer["email"] as? String else { throw AuthErrorCode.internalError }
        return ActionCodeInfo(
            operation: ActionCodeOperation(requestTypeOrMode: answer["requestType"] as? String), email: email,
            newEmail: answer["newEmail"] as? String)
    }

    /// `accounts:update` `{oobCode, returnSecureToken: true, tenantId?}` (the SDK's SetAccountInfoRequest with
    /// only an `oobCode`); the answer is not used.
    public func applyActionCode(_ code: String) async throws {
        _ = try await identityToolkit("accounts:update", withTenant(["oobCode": code, "returnSecureToken": true]))
    }

    /// `accounts:signInWithEmailLink` `{email, oobCode, idToken?, tenantId?}`, then `accounts:lookup`; the
    /// answer's `isNewUser` is the session's.
    public func signIn(email: String, oobCode: String, linkingTo idToken: String?) async throws -> AuthBackendSession {
        var body: [String: Any] = ["email": email, "oobCode": oobCode]
        body["idToken"] = idToken
        let answer = try await identityToolkit("accounts:signInWithEmailLink", withTenant(body))
        return try await session(
            from: answer, keys: .identityToolkit, isNewUser: answer["isNewUser"] as? Bool ?? false,
            provider: "password")
    }
}
