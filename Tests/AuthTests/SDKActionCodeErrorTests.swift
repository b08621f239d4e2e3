// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintAuth

/// The error codes of action code settings (the SDK's AuthErrorCode and AuthErrors.swift): raw value, `ERROR_…`
/// name and message, bridged to `NSError` as the SDK's errors are; and the out-of-band code errors they join.
@Suite("SDK AuthErrors: action code settings errors and their NSError bridging")
struct SDKActionCodeErrorTests {
    @Test func theNewCodesBridgeWithTheSDKsNamesAndMessages() {
        let expected: [(AuthErrorCode, Int, String, String)] = [
            (
                .missingIosBundleID, 17036, "ERROR_MISSING_IOS_BUNDLE_ID",
                "An iOS Bundle ID must be provided if an App Store ID is provided."
            ),
            (
                .missingAndroidPackageName, 17037, "ERROR_MISSING_ANDROID_PKG_NAME",
                "An Android Package Name must be provided if the Android App is required to be installed."
            ),
            (
                .unauthorizedDomain, 17038, "ERROR_UNAUTHORIZED_DOMAIN",
                "The domain of the continue URL is not allowlisted. Please allowlist the domain in the Firebase console."
            ),
            (
                .invalidContinueURI, 17039, "ERROR_INVALID_CONTINUE_URI",
                "The continue URL provided in the request is invalid."
            ),
            (
                .missingContinueURI, 17040, "ERROR_MISSING_CONTINUE_URI",
                "A continue URL must be provided in the request."
            ),
            (
                .invalidHostingLinkDomain, 17214, "ERROR_INVALID_HOSTING_LINK_DOMAIN",
                "The provided Hosting link domain is not configured in Firebase Hosting or is not owned by the current "
                    + "project. This cannot be a default Hosting domain (`web.app` or `firebaseapp.com`)."
            ),
            (.expiredActionCode, 17029, "ERROR_EXPIRED_ACTION_CODE", "The action code has expired."),
            (
                .invalidActionCode, 17030, "ERROR_INVALID_ACTION_CODE",
                "The action code is invalid. This can happen if the code is malformed, expired, or has already been used."
            ),
            (.missingEmail, 17034, "ERROR_MISSING_EMAIL", "An email address must be provided."),
        ]
        for (code, raw, name, message) in expected {
            let error = code as NSError
            #expect(error.domain == "FIRAuthErrorDomain", "\(code)")
            #expect(error.code == raw, "\(code)")
            #expect(error.localizedDescription == message, "\(code)")
            #expect(error.userInfo[AuthErrors.userInfoNameKey] as? String == name, "\(code)")
            #expect(code.description == "\(name) (\(raw))")
            #expect(AuthErrorCode(rawValue: raw) == code, "\(code)")
            #expect(AuthErrorCode.allCases.contains(code), "\(code)")
        }
        #expect(Set(AuthErrorCode.allCases.map(\.rawValue)).count == AuthErrorCode.allCases.count)
    }

    /// The SDK's table maps these server messages (AuthBackend.clientError(withServerErrorMessage:)).
    @Test func theServerMessagesMapToTheNewCodes() {
        #expect(RESTAuthErrors.code(forServerMessage: "MISSING_CONTINUE_URI") == .missingContinueURI)
        #expect(RESTAuthErrors.code(forServerMessage: "INVALID_CONTINUE_URI : bad") == .invalidContinueURI)
        #expect(RESTAuthErrors.code(forServerMessage: "UNAUTHORIZED_DOMAIN") == .unauthorizedDomain)
        #expect(RESTAuthErrors.code(forServerMessage: "MISSING_IOS_BUNDLE_ID") == .missingIosBundleID)
        #expect(RESTAuthErrors.code(forServerMessage: "MISSING_ANDROID_PACKAGE_NAME") == .missingAndroidPackageName)
        #expect(RESTAuthErrors.code(forServerMessage: "INVALID_HOSTING_LINK_DOMAIN") == .invalidHostingLinkDomain)
    }
}
