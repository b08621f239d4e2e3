// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An out-of-band code ``LocalAuthBackend`` issued instead of sending an email: an entry of its ``LocalAuthBackend/oobCodes``,
/// with the fields of the Firebase Auth emulator's `oobCodes` list (`email`, `requestType`, `oobCode`, `oobLink`).
///
/// ```swift
/// try await user.sendEmailVerification()
/// let code = backend.oobCodes.last { $0.requestType == "VERIFY_EMAIL" }!
/// try await auth.applyActionCode(code.oobCode)   // or open code.oobLink in a test of the link handling
/// ```
public struct LocalAuthOOBCode: Sendable, Hashable {
    /// The address the email would have gone to (the new address of an email change).
    public var email: String
    /// What it is for: `PASSWORD_RESET`, `VERIFY_EMAIL`, `EMAIL_SIGNIN` or `VERIFY_AND_CHANGE_EMAIL`.
    public var requestType: String
    /// The code.
    public var oobCode: String
    /// The link the email would have carried:
    /// `https://<linkDomain or projectID.firebaseapp.com>/__/auth/action?mode=…&oobCode=…&continueUrl=…&lang=…`
    /// (`continueUrl` and `lang` when set: the settings' URL and the caller's ``Auth/languageCode``).
    /// ``Auth/isSignIn(withEmailLink:)`` and ``ActionCodeURL`` read it.
    public var oobLink: String
    /// When it was issued, by the backend's clock.
    public var issuedAt: Date
    /// When it stops working (``AuthErrorCode/expiredActionCode`` after), by the backend's clock.
    public var expiresAt: Date

    /// An entry.
    public init(email: String, requestType: String, oobCode: String, oobLink: String, issuedAt: Date, expiresAt: Date) {
        self.email = email
        self.requestType = requestType
        self.oobCode = oobCode
        self.oobLink = oobLink
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// The link's `mode` for a request type.
    static func mode(of requestType: AuthOobCodeRequest.RequestType) -> String {
        switch requestType {
        case .passwordReset: "resetPassword"
        case .verifyEmail: "verifyEmail"
        case .emailSignIn: "signIn"
        case .verifyAndChangeEmail: "verifyAndChangeEmail"
        }
    }
}
