// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// The error codes of out-of-band links: their action code settings (continue URL, apps, link domain), with the
// SDK's raw values, names and messages.

extension AuthErrorCode {
    /// An App Store ID was given without an iOS bundle ID (`MISSING_IOS_BUNDLE_ID`) (17036).
    public static let missingIosBundleID = AuthErrorCode(code: 17036)
    /// ``ActionCodeSettings/androidInstallIfNotAvailable`` is true but no Android package name was given
    /// (`MISSING_ANDROID_PACKAGE_NAME`) (17037).
    public static let missingAndroidPackageName = AuthErrorCode(code: 17037)
    /// The domain of the continue URL is not authorized for the project (`UNAUTHORIZED_DOMAIN`) (17038).
    public static let unauthorizedDomain = AuthErrorCode(code: 17038)
    /// The continue URL is not a valid URL, or (Flint) an email sign-in link was asked for without
    /// ``ActionCodeSettings/handleCodeInApp`` (`INVALID_CONTINUE_URI`) (17039).
    public static let invalidContinueURI = AuthErrorCode(code: 17039)
    /// The request needs a continue URL and has none, for example an email sign-in link
    /// (`MISSING_CONTINUE_URI`) (17040).
    public static let missingContinueURI = AuthErrorCode(code: 17040)
    /// ``ActionCodeSettings/linkDomain`` is not a Firebase Hosting domain of the project
    /// (`INVALID_HOSTING_LINK_DOMAIN`) (17214).
    public static let invalidHostingLinkDomain = AuthErrorCode(code: 17214)

    /// The codes of this file, in raw-value order (part of ``allCases``).
    static let actionCodeCases: [AuthErrorCode] = [
        .missingIosBundleID, .missingAndroidPackageName, .unauthorizedDomain, .invalidContinueURI,
        .missingContinueURI, .invalidHostingLinkDomain,
    ]

    /// The SDK's `ERROR_…` name of a code of this file; nil for the others.
    var actionCodeName: String? {
        switch self {
        case .missingIosBundleID: "ERROR_MISSING_IOS_BUNDLE_ID"
        case .missingAndroidPackageName: "ERROR_MISSING_ANDROID_PKG_NAME"
        case .unauthorizedDomain: "ERROR_UNAUTHORIZED_DOMAIN"
        case .invalidContinueURI: "ERROR_INVALID_CONTINUE_URI"
        case .missingContinueURI: "ERROR_MISSING_CONTINUE_URI"
        case .invalidHostingLinkDomain: "ERROR_INVALID_HOSTING_LINK_DOMAIN"
        default: nil
        }
    }

    /// The SDK's message of a code of this file; nil for the others.
    var actionCodeMessage: String? {
        switch self {
        case .missingIosBundleID: "An iOS Bundle ID must be provided if an App Store ID is provided."
        case .missingAndroidPackageName:
            "An Android Package Name must be provided if the Android App is required to be installed."
        case .unauthorizedDomain:
            "The domain of the continue URL is not allowlisted. Please allowlist the domain in the Firebase console."
        case .invalidContinueURI: "The continue URL provided in the request is invalid."
        case .missingContinueURI: "A continue URL must be provided in the request."
        case .invalidHostingLinkDomain:
            "The provided Hosting link domain is not configured in Firebase Hosting or is not owned by the current "
                + "project. This cannot be a default Hosting domain (`web.app` or `firebaseapp.com`)."
        default: nil
        }
    }
}
