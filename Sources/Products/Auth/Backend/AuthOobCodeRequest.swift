// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An out-of-band code to send (`accounts:sendOobCode`), as ``AuthBackend/sendOobCode(_:)`` receives it: the
/// SDK's `GetOOBConfirmationCodeRequest`, with the fields of ``ActionCodeSettings`` by their wire names.
public struct AuthOobCodeRequest: Sendable, Hashable {
    /// What the code is for (`requestType`).
    public enum RequestType: String, Sendable, Hashable, CaseIterable {
        /// A password reset, to ``email`` (`PASSWORD_RESET`).
        case passwordReset = "PASSWORD_RESET"
        /// An email verification, to the account of ``idToken`` (`VERIFY_EMAIL`).
        case verifyEmail = "VERIFY_EMAIL"
        /// An email sign-in link, to ``email`` (`EMAIL_SIGNIN`).
        case emailSignIn = "EMAIL_SIGNIN"
        /// A verified change of the email of ``idToken``'s account to ``newEmail`` (`VERIFY_AND_CHANGE_EMAIL`).
        case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"
    }

    /// What the code is for.
    public var requestType: RequestType
    /// The recipient (`email`), for ``RequestType/passwordReset`` and ``RequestType/emailSignIn``.
    public var email: String?
    /// The new address (`newEmail`), for ``RequestType/verifyAndChangeEmail``.
    public var newEmail: String?
    /// The signed-in user's ID token (`idToken`), for ``RequestType/verifyEmail`` and
    /// ``RequestType/verifyAndChangeEmail``.
    public var idToken: String?
    /// `continueUrl`.
    public var continueURL: String?
    /// `canHandleCodeInApp` (sent only when true).
    public var canHandleCodeInApp: Bool
    /// `iOSBundleId`.
    public var iOSBundleID: String?
    /// `androidPackageName`.
    public var androidPackageName: String?
    /// `androidInstallApp` (sent only when true).
    public var androidInstallApp: Bool
    /// `androidMinimumVersion`.
    public var androidMinimumVersion: String?
    /// `dynamicLinkDomain`.
    public var dynamicLinkDomain: String?
    /// `linkDomain`.
    public var linkDomain: String?

    /// A request.
    public init(
        requestType: RequestType, email: String? = nil, newEmail: String? = nil, idToken: String? = nil,
        continueURL: String? = nil, canHandleCodeInApp: Bool = false, iOSBundleID: String? = nil,
        androidPackageName: String? = nil, androidInstallApp: Bool = false, androidMinimumVersion: String? = nil,
        dynamicLinkDomain: String? = nil, linkDomain: String? = nil
    ) {
        self.requestType = requestType
        self.email = email
        self.newEmail = newEmail
        self.idToken = idToken
        self.continueURL = continueURL
        self.canHandleCodeInApp = canHandleCodeInApp
        self.iOSBundleID = iOSBundleID
        self.androidPackageName = androidPackageName
        self.androidInstallApp = androidInstallApp
        self.androidMinimumVersion = androidMinimumVersion
        self.dynamicLinkDomain = dynamicLinkDomain
        self.linkDomain = linkDomain
    }

    /// A request of `requestType` with `settings`' fields.
    init(
        _ requestType: RequestType, email: String? = nil, newEmail: String? = nil, idToken: String? = nil,
        settings: ActionCodeSettings?
    ) {
        let values = settings?.snapshot ?? ActionCodeSettings.Values()
        self.init(
            requestType: requestType, email: email, newEmail: newEmail, idToken: idToken,
            continueURL: values.url?.absoluteString, canHandleCodeInApp: values.handleCodeInApp,
            iOSBundleID: values.iOSBundleID, androidPackageName: values.androidPackageName,
            androidInstallApp: values.androidInstallIfNotAvailable, androidMinimumVersion: values.androidMinimumVersion,
            dynamicLinkDomain: values.dynamicLinkDomain, linkDomain: values.linkDomain)
    }
}
