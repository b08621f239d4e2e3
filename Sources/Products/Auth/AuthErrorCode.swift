// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Every error Auth throws: Firebase's `AuthErrorCode` codes, with Firebase's raw values.
///
/// ```swift
/// do {
///     try await auth.signIn(withEmail: email, password: password)
/// } catch AuthErrorCode.invalidCredential {
///     showMessage("Wrong email or password.")
/// }
/// ```
///
/// Only the codes Flint's Auth can produce are listed. Errors thrown by a custom ``AuthBackend`` that are not
/// an `AuthErrorCode` reach callers as ``internalError``.
///
/// Bridged to `NSError` as Firebase's errors are (`CustomNSError`, `LocalizedError`): domain
/// `FIRAuthErrorDomain` (``AuthErrors/domain``), code the raw value, `NSLocalizedDescriptionKey` Firebase's
/// message for the code (``message``) and ``AuthErrors/userInfoNameKey`` its `ERROR_…` name (``name``):
///
/// ```swift
/// let error = AuthErrorCode.weakPassword as NSError
/// error.domain                                  // "FIRAuthErrorDomain"
/// error.code                                    // 17026
/// error.localizedDescription                    // "The password must be 6 characters long or more."
/// error.userInfo[AuthErrors.userInfoNameKey]    // "ERROR_WEAK_PASSWORD"
/// ```
public enum AuthErrorCode: Int, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible, CustomNSError,
    LocalizedError
{
    /// The custom token is not a well-formed custom token (`INVALID_CUSTOM_TOKEN`) (17000).
    case invalidCustomToken = 17000
    /// The custom token was made for another project (`CREDENTIAL_MISMATCH`) (17002).
    case customTokenMismatch = 17002
    /// The credential is malformed, expired, or (with email-enumeration protection on) the email and
    /// password do not match an account (17004).
    case invalidCredential = 17004
    /// The account has been disabled by an administrator (17005).
    case userDisabled = 17005
    /// The sign-in method is disabled for the project (for example anonymous sign-in) (17006).
    case operationNotAllowed = 17006
    /// An account already uses this email address (17007).
    case emailAlreadyInUse = 17007
    /// The email address is malformed, has control characters or is longer than 254 bytes (17008).
    case invalidEmail = 17008
    /// The password is wrong; only without email-enumeration protection (17009).
    case wrongPassword = 17009
    /// Too many failed attempts; try again later (17010).
    case tooManyRequests = 17010
    /// No account has this email address (or the account was deleted); only without
    /// email-enumeration protection for sign-in (17011).
    case userNotFound = 17011
    /// The operation (changing the password, deleting the account) needs a sign-in from the last five
    /// minutes (17014).
    case requiresRecentLogin = 17014
    /// The ID or refresh token is malformed or was issued for another project (17017).
    case invalidUserToken = 17017
    /// The backend could not be reached (17020).
    case networkError = 17020
    /// The app's API key is missing (``RESTAuthBackend`` needs `FlintOptions.apiKey`) or the server rejected
    /// it (17023).
    case invalidAPIKey = 17023
    /// The user given does not belong to this Auth's project, or is not the user expected (17024).
    case userMismatch = 17024
    /// The user's credential is no longer valid (for example the password was changed on another device);
    /// the user must sign in again (17021).
    case userTokenExpired = 17021
    /// The password being set has fewer than six characters, or more than 4096 (17026).
    case weakPassword = 17026
    /// The server refused the app's API key for this app (an API key restricted to other apps, bundle IDs or
    /// referrers: the server's `ipRefererBlocked` reason) (17028).
    case appNotAuthorized = 17028
    /// The password-reset code has expired (17029).
    case expiredActionCode = 17029
    /// The password-reset code is malformed or was already used (17030).
    case invalidActionCode = 17030
    /// The project's password-reset email template has invalid parameters (`INVALID_MESSAGE_PAYLOAD`) (17031).
    case invalidMessagePayload = 17031
    /// The sender address of the project's email template is invalid (`INVALID_SENDER`) (17032).
    case invalidSender = 17032
    /// The recipient of a password-reset email is invalid (`INVALID_RECIPIENT_EMAIL`) (17033).
    case invalidRecipientEmail = 17033
    /// An email address was expected but none was given (17034).
    case missingEmail = 17034
    /// The server's quota for the operation is exhausted (`QUOTA_EXCEEDED`) (17052).
    case quotaExceeded = 17052
    /// The operation needs a signed-in user and nobody is signed in (17067).
    case nullUser = 17067
    /// The user's tenant ID differs from the Auth's ``Auth/tenantID`` (17079).
    case tenantIDMismatch = 17079
    /// The operation is restricted to administrators, for example signing up while the project does not let
    /// users sign up (`ADMIN_ONLY_OPERATION`) (17085).
    case adminRestrictedOperation = 17085
    /// A blocking Cloud Function of the project refused the sign-up or sign-in
    /// (`BLOCKING_FUNCTION_ERROR_RESPONSE`) (17105).
    case blockingCloudFunctionError = 17105
    /// The signed-in user could not be saved to or removed from persistent storage (Firebase's keychain
    /// error) (17995).
    case keychainError = 17995
    /// An unexpected error, for example a custom backend threw an error that is not an `AuthErrorCode` (17999).
    case internalError = 17999
    /// An ID token is not a well-formed JWT (18000).
    case malformedJWT = 18000

    /// Firebase's error domain, `FIRAuthErrorDomain`.
    public static var errorDomain: String { AuthErrors.domain }

    /// The Firebase code, for example 17004.
    public var errorCode: Int { rawValue }

    /// What Firebase puts in the `NSError`'s user info for the code: `NSLocalizedDescriptionKey` (``message``)
    /// and ``AuthErrors/userInfoNameKey`` (``name``).
    public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: message, AuthErrors.userInfoNameKey: name]
    }

    /// Firebase's message for the code (`LocalizedError`), the same as ``message``.
    public var errorDescription: String? { message }

    /// Firebase's message name and code, for example `ERROR_INVALID_CREDENTIAL (17004)`.
    public var description: String {
        "\(name) (\(rawValue))"
    }

    /// Firebase's `ERROR_…` name of the code.
    public var name: String {
        switch self {
        case .invalidCustomToken: "ERROR_INVALID_CUSTOM_TOKEN"
        case .customTokenMismatch: "ERROR_CUSTOM_TOKEN_MISMATCH"
        case .invalidCredential: "ERROR_INVALID_CREDENTIAL"
        case .userDisabled: "ERROR_USER_DISABLED"
        case .operationNotAllowed: "ERROR_OPERATION_NOT_ALLOWED"
        case .emailAlreadyInUse: "ERROR_EMAIL_ALREADY_IN_USE"
        case .invalidEmail: "ERROR_INVALID_EMAIL"
        case .wrongPassword: "ERROR_WRONG_PASSWORD"
        case .tooManyRequests: "ERROR_TOO_MANY_REQUESTS"
        case .userNotFound: "ERROR_USER_NOT_FOUND"
        case .requiresRecentLogin: "ERROR_REQUIRES_RECENT_LOGIN"
        case .invalidUserToken: "ERROR_INVALID_USER_TOKEN"
        case .networkError: "ERROR_NETWORK_REQUEST_FAILED"
        case .invalidAPIKey: "ERROR_INVALID_API_KEY"
        case .userMismatch: "ERROR_USER_MISMATCH"
        case .userTokenExpired: "ERROR_USER_TOKEN_EXPIRED"
        case .weakPassword: "ERROR_WEAK_PASSWORD"
        case .appNotAuthorized: "ERROR_APP_NOT_AUTHORIZED"
        case .expiredActionCode: "ERROR_EXPIRED_ACTION_CODE"
        case .invalidActionCode: "ERROR_INVALID_ACTION_CODE"
        case .invalidMessagePayload: "ERROR_INVALID_MESSAGE_PAYLOAD"
        case .invalidSender: "ERROR_INVALID_SENDER"
        case .invalidRecipientEmail: "ERROR_INVALID_RECIPIENT_EMAIL"
        case .missingEmail: "ERROR_MISSING_EMAIL"
        case .quotaExceeded: "ERROR_QUOTA_EXCEEDED"
        case .nullUser: "ERROR_NULL_USER"
        case .tenantIDMismatch: "ERROR_TENANT_ID_MISMATCH"
        case .adminRestrictedOperation: "ERROR_ADMIN_RESTRICTED_OPERATION"
        case .blockingCloudFunctionError: "ERROR_BLOCKING_CLOUD_FUNCTION_RETURNED_ERROR"
        case .keychainError: "ERROR_KEYCHAIN_ERROR"
        case .internalError: "ERROR_INTERNAL_ERROR"
        case .malformedJWT: "ERROR_MALFORMED_JWT"
        }
    }

    /// Firebase's English message for the code (the SDK's `NSLocalizedDescriptionKey`), for example
    /// "The password must be 6 characters long or more." for ``weakPassword``.
    public var message: String {
        switch self {
        case .invalidCustomToken: "The custom token format is incorrect. Please check the documentation."
        case .customTokenMismatch: "The custom token corresponds to a different audience."
        case .invalidCredential: "The supplied auth credential is malformed or has expired."
        case .userDisabled: "The user account has been disabled by an administrator."
        case .operationNotAllowed:
            "The given sign-in provider is disabled for this Firebase project. Enable it in the Firebase console, "
                + "under the sign-in method tab of the Auth section."
        case .emailAlreadyInUse: "The email address is already in use by another account."
        case .invalidEmail: "The email address is badly formatted."
        case .wrongPassword: "The password is invalid or the user does not have a password."
        case .tooManyRequests: "We have blocked all requests from this device due to unusual activity. Try again later."
        case .userNotFound:
            "There is no user record corresponding to this identifier. The user may have been deleted."
        case .requiresRecentLogin:
            "This operation is sensitive and requires recent authentication. Log in again before retrying this request."
        case .invalidUserToken:
            "This user's credential isn't valid for this project. This can happen if the user's token has been "
                + "tampered with, or if the user doesn’t belong to the project associated with the API key used in "
                + "your request."
        case .networkError:
            "Network error (such as timeout, interrupted connection or unreachable host) has occurred."
        case .invalidAPIKey: "An invalid API Key was supplied in the request."
        case .userMismatch: "The supplied credentials do not correspond to the previously signed in user."
        case .tenantIDMismatch: "The provided user's tenant ID does not match the Auth instance's tenant ID."
        case .userTokenExpired: "The user's credential is no longer valid. The user must sign in again."
        case .weakPassword: "The password must be 6 characters long or more."
        case .appNotAuthorized:
            "This app is not authorized to use Firebase Authentication with the provided API key. Review your key "
                + "configuration in the Google API console and ensure that it accepts requests from your app's "
                + "bundle ID."
        case .expiredActionCode: "The action code has expired."
        case .invalidActionCode:
            "The action code is invalid. This can happen if the code is malformed, expired, or has already been used."
        // The SDK gives these two the invalid-action-code message too.
        case .invalidMessagePayload, .invalidRecipientEmail:
            "The action code is invalid. This can happen if the code is malformed, expired, or has already been used."
        case .invalidSender:
            "The email template corresponding to this action contains invalid characters in its message. Please fix "
                + "by going to the Auth email templates section in the Firebase Console."
        case .missingEmail: "An email address must be provided."
        case .quotaExceeded: "The quota for this operation has been exceeded."
        case .nullUser:
            "A null user object was provided as the argument for an operation which requires a non-null user object."
        case .adminRestrictedOperation: "This operation is restricted to administrators only."
        case .blockingCloudFunctionError: "Blocking cloud function returned an error."
        case .keychainError:
            "An error occurred when accessing the keychain. The NSLocalizedFailureReasonErrorKey field in the "
                + "NSError.userInfo dictionary will contain more information about the error encountered"
        case .internalError:
            "An internal error has occurred, print and inspect the error details for more information."
        case .malformedJWT: "Failed to parse JWT. Check the userInfo dictionary for the full token."
        }
    }

    /// `error` as an `AuthErrorCode`: itself when it is one, ``internalError`` otherwise.
    static func from(_ error: any Error) -> AuthErrorCode {
        error as? AuthErrorCode ?? .internalError
    }

    /// Whether the error means the user's session is over, so Auth signs the user out (as Firebase does
    /// when a token refresh fails this way).
    var endsSession: Bool {
        switch self {
        case .userDisabled, .userNotFound, .userTokenExpired, .invalidUserToken: true
        default: false
        }
    }
}

/// The names Firebase's Auth errors use in `NSError` form (the SDK's `AuthErrors`).
public enum AuthErrors {
    /// The error domain, `FIRAuthErrorDomain`.
    public static let domain = "FIRAuthErrorDomain"
    /// The user-info key of the error's `ERROR_…` name (``AuthErrorCode/name``), `FIRAuthErrorUserInfoNameKey`.
    public static let userInfoNameKey = "FIRAuthErrorUserInfoNameKey"
}
