// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// How ``RESTAuthBackend`` turns Identity Toolkit and Secure Token error answers into ``AuthErrorCode``s.
///
/// An error answer looks like
/// `{"error": {"code": 400, "message": "WEAK_PASSWORD : Password should be at least 6 characters", "errors": [...]}}`.
/// As in the Firebase Apple SDK (`AuthBackendRPCImplementation.clientError(withServerErrorMessage:…)`), only the
/// part of `message` before the first `:` counts, trimmed of white space.
public enum RESTAuthErrors {
    /// The server messages with an ``AuthErrorCode`` of their own: the SDK's table, restricted to the codes
    /// Flint's Auth has (the SDK's other messages, such as `INVALID_PHONE_NUMBER`, become
    /// ``AuthErrorCode/internalError`` here).
    ///
    /// `INVALID_REFRESH_TOKEN` (answered by the Secure Token API) is not in the Apple SDK's table, which
    /// reports it as an internal error; Flint maps it to ``AuthErrorCode/invalidUserToken`` as Firebase's
    /// JavaScript SDK does, so that a rejected refresh token signs the user out.
    public static let serverMessages: [String: AuthErrorCode] = [
        "INVALID_CUSTOM_TOKEN": .invalidCustomToken,
        "CREDENTIAL_MISMATCH": .customTokenMismatch,
        "TENANT_ID_MISMATCH": .tenantIDMismatch,
        "USER_NOT_FOUND": .userNotFound,
        "EMAIL_NOT_FOUND": .userNotFound,
        "INVALID_IDENTIFIER": .invalidEmail,
        "INVALID_EMAIL": .invalidEmail,
        "INVALID_ID_TOKEN": .invalidUserToken,
        "INVALID_REFRESH_TOKEN": .invalidUserToken,
        "TOKEN_EXPIRED": .userTokenExpired,
        "CREDENTIAL_TOO_OLD_LOGIN_AGAIN": .requiresRecentLogin,
        "EMAIL_EXISTS": .emailAlreadyInUse,
        "OPERATION_NOT_ALLOWED": .operationNotAllowed,
        "PASSWORD_LOGIN_DISABLED": .operationNotAllowed,
        "USER_DISABLED": .userDisabled,
        "EXPIRED_OOB_CODE": .expiredActionCode,
        "INVALID_OOB_CODE": .invalidActionCode,
        "WEAK_PASSWORD": .weakPassword,
        "TOO_MANY_ATTEMPTS_TRY_LATER": .tooManyRequests,
        "MISSING_EMAIL": .missingEmail,
        "INVALID_PASSWORD": .wrongPassword,
        "INVALID_LOGIN_CREDENTIALS": .invalidCredential,
        "INVALID_IDP_RESPONSE": .invalidCredential,
        "INVALID_PENDING_TOKEN": .invalidCredential,
        "INVALID_MESSAGE_PAYLOAD": .invalidMessagePayload,
        "INVALID_SENDER": .invalidSender,
        "INVALID_RECIPIENT_EMAIL": .invalidRecipientEmail,
        "QUOTA_EXCEEDED": .quotaExceeded,
        "ADMIN_ONLY_OPERATION": .adminRestrictedOperation,
        "BLOCKING_FUNCTION_ERROR_RESPONSE": .blockingCloudFunctionError,
        "FEDERATED_USER_ID_ALREADY_LINKED": .credentialAlreadyInUse,
        "MISSING_OR_INVALID_NONCE": .missingOrInvalidNonce,
        "MISSING_CONTINUE_URI": .missingContinueURI,
        "MISSING_IOS_BUNDLE_ID": .missingIosBundleID,
        "MISSING_ANDROID_PACKAGE_NAME": .missingAndroidPackageName,
        "UNAUTHORIZED_DOMAIN": .unauthorizedDomain,
        "INVALID_CONTINUE_URI": .invalidContinueURI,
        "INVALID_HOSTING_LINK_DOMAIN": .invalidHostingLinkDomain,
    ]

    /// The code for a server error `message` (`"EMAIL_EXISTS"`, `"WEAK_PASSWORD : detail"`, …) and the
    /// `reason`s of its `errors` entries: the ``serverMessages`` entry; otherwise, as in the SDK,
    /// ``AuthErrorCode/invalidAPIKey`` when a reason starts with `keyInvalid` and
    /// ``AuthErrorCode/appNotAuthorized`` when a reason is `ipRefererBlocked` (the first such reason decides);
    /// otherwise ``AuthErrorCode/internalError``.
    public static func code(forServerMessage message: String, reasons: [String] = []) -> AuthErrorCode {
        let short =
            message.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        if let code = serverMessages[short] { return code }
        for reason in reasons {
            if reason.hasPrefix("keyInvalid") { return .invalidAPIKey }
            if reason == "ipRefererBlocked" { return .appNotAuthorized }
        }
        return .internalError
    }
}
