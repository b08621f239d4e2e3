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
///
/// A struct with a static member per code (as Foundation's `URLError`), not an enum as in the SDK, so that an
/// error can carry the SDK's per-error user info: ``credentialAlreadyInUse`` and
/// ``accountExistsWithDifferentCredential`` put the credential to recover with under
/// `AuthErrorUserInfoUpdatedCredentialKey` (also ``updatedCredential``) and the account's email under
/// `AuthErrorUserInfoEmailKey`. Codes compare by ``rawValue`` only, so `catch AuthErrorCode.weakPassword`,
/// `switch error { case .weakPassword: … }` and `#expect(throws: AuthErrorCode.weakPassword)` read as with an enum.
public struct AuthErrorCode: RawRepresentable, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible,
    CustomNSError, LocalizedError
{
    /// The Firebase code, for example 17004.
    public let rawValue: Int
    /// What the error carries besides its code (the SDK's per-error `userInfo` entries), if anything.
    let details: AuthErrorDetails?

    /// The code with this raw value; nil for a value that is not one of Flint's codes.
    public init?(rawValue: Int) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.init(code: rawValue)
    }

    /// A code (the static members below and in AuthErrorCode+ActionCodes.swift).
    init(code: Int, details: AuthErrorDetails? = nil) {
        rawValue = code
        self.details = details
    }

    /// This code carrying `details` (an updated credential, an email address) in its `NSError` user info.
    func with(_ details: AuthErrorDetails) -> AuthErrorCode {
        AuthErrorCode(code: rawValue, details: details)
    }

    /// Two errors are equal when their codes are: the details are context, as the SDK's `NSError`s compare by
    /// domain and code in `catch` clauses.
    public static func == (lhs: AuthErrorCode, rhs: AuthErrorCode) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the code only (see ``==(_:_:)``).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// Matches a thrown error of any type against a code, so that `catch AuthErrorCode.weakPassword` also works
    /// where the error is untyped.
    public static func ~= (pattern: AuthErrorCode, error: any Error) -> Bool {
        (error as? AuthErrorCode)?.rawValue == pattern.rawValue
    }

    /// The custom token is not a well-formed custom token (`INVALID_CUSTOM_TOKEN`) (17000).
    public static let invalidCustomToken = AuthErrorCode(code: 17000)
    /// The custom token was made for another project (`CREDENTIAL_MISMATCH`) (17002).
    public static let customTokenMismatch = AuthErrorCode(code: 17002)
    /// The credential is malformed, expired, or (with email-enumeration protection on) the email and
    /// password do not match an account (17004).
    public static let invalidCredential = AuthErrorCode(code: 17004)
    /// The account has been disabled by an administrator (17005).
    public static let userDisabled = AuthErrorCode(code: 17005)
    /// The sign-in method is disabled for the project (for example anonymous sign-in) (17006).
    public static let operationNotAllowed = AuthErrorCode(code: 17006)
    /// An account already uses this email address (17007).
    public static let emailAlreadyInUse = AuthErrorCode(code: 17007)
    /// The email address is malformed, has control characters or is longer than 254 bytes (17008).
    public static let invalidEmail = AuthErrorCode(code: 17008)
    /// The password is wrong; only without email-enumeration protection (17009).
    public static let wrongPassword = AuthErrorCode(code: 17009)
    /// Too many failed attempts; try again later (17010).
    public static let tooManyRequests = AuthErrorCode(code: 17010)
    /// No account has this email address (or the account was deleted); only without
    /// email-enumeration protection for sign-in (17011).
    public static let userNotFound = AuthErrorCode(code: 17011)
    /// An account already uses the email address of the credential, with other sign-in providers: sign in with
    /// one of them, then link this credential. The `NSError`'s user info has the email
    /// (``AuthErrors/userInfoEmailKey``) and the credential to link (``AuthErrors/userInfoUpdatedCredentialKey``)
    /// (17012).
    public static let accountExistsWithDifferentCredential = AuthErrorCode(code: 17012)
    /// The operation (changing the password, deleting the account) needs a sign-in from the last five
    /// minutes (17014).
    public static let requiresRecentLogin = AuthErrorCode(code: 17014)
    /// The user already has a credential of this provider linked (17015).
    public static let providerAlreadyLinked = AuthErrorCode(code: 17015)
    /// The user has no credential of this provider to unlink (17016).
    public static let noSuchProvider = AuthErrorCode(code: 17016)
    /// The ID or refresh token is malformed or was issued for another project (17017).
    public static let invalidUserToken = AuthErrorCode(code: 17017)
    /// The backend could not be reached (17020).
    public static let networkError = AuthErrorCode(code: 17020)
    /// The app's API key is missing (``RESTAuthBackend`` needs `FlintOptions.apiKey`) or the server rejected
    /// it (17023).
    public static let invalidAPIKey = AuthErrorCode(code: 17023)
    /// The user given does not belong to this Auth's project, or is not the user expected (17024).
    public static let userMismatch = AuthErrorCode(code: 17024)
    /// The credential being linked belongs to another account (`FEDERATED_USER_ID_ALREADY_LINKED`). The
    /// `NSError`'s user info carries the credential to sign in with instead
    /// (``AuthErrors/userInfoUpdatedCredentialKey``, `AuthErrorUserInfoUpdatedCredentialKey`) and, when known,
    /// its email address (``AuthErrors/userInfoEmailKey``) (17025).
    public static let credentialAlreadyInUse = AuthErrorCode(code: 17025)
    /// The user's credential is no longer valid (for example the password was changed on another device);
    /// the user must sign in again (17021).
    public static let userTokenExpired = AuthErrorCode(code: 17021)
    /// The password being set has fewer than six characters, or more than 4096 (17026).
    public static let weakPassword = AuthErrorCode(code: 17026)
    /// The server refused the app's API key for this app (an API key restricted to other apps, bundle IDs or
    /// referrers: the server's `ipRefererBlocked` reason) (17028).
    public static let appNotAuthorized = AuthErrorCode(code: 17028)
    /// The password-reset code has expired (17029).
    public static let expiredActionCode = AuthErrorCode(code: 17029)
    /// The password-reset code is malformed or was already used (17030).
    public static let invalidActionCode = AuthErrorCode(code: 17030)
    /// The project's password-reset email template has invalid parameters (`INVALID_MESSAGE_PAYLOAD`) (17031).
    public static let invalidMessagePayload = AuthErrorCode(code: 17031)
    /// The sender address of the project's email template is invalid (`INVALID_SENDER`) (17032).
    public static let invalidSender = AuthErrorCode(code: 17032)
    /// The recipient of a password-reset email is invalid (`INVALID_RECIPIENT_EMAIL`) (17033).
    public static let invalidRecipientEmail = AuthErrorCode(code: 17033)
    /// An email address was expected but none was given (17034).
    public static let missingEmail = AuthErrorCode(code: 17034)
    /// The server's quota for the operation is exhausted (`QUOTA_EXCEEDED`) (17052).
    public static let quotaExceeded = AuthErrorCode(code: 17052)
    /// The operation needs a signed-in user and nobody is signed in (17067).
    public static let nullUser = AuthErrorCode(code: 17067)
    /// The user's tenant ID differs from the Auth's ``Auth/tenantID`` (17079).
    public static let tenantIDMismatch = AuthErrorCode(code: 17079)
    /// The operation is restricted to administrators, for example signing up while the project does not let
    /// users sign up (`ADMIN_ONLY_OPERATION`) (17085).
    public static let adminRestrictedOperation = AuthErrorCode(code: 17085)
    /// A blocking Cloud Function of the project refused the sign-up or sign-in
    /// (`BLOCKING_FUNCTION_ERROR_RESPONSE`) (17105).
    public static let blockingCloudFunctionError = AuthErrorCode(code: 17105)
    /// An Apple or OAuth ID token's nonce is missing or does not match the raw nonce given
    /// (`MISSING_OR_INVALID_NONCE`) (17094).
    public static let missingOrInvalidNonce = AuthErrorCode(code: 17094)
    /// The signed-in user could not be saved to or removed from persistent storage (Firebase's keychain
    /// error) (17995).
    public static let keychainError = AuthErrorCode(code: 17995)
    /// An unexpected error, for example a custom backend threw an error that is not an `AuthErrorCode` (17999).
    public static let internalError = AuthErrorCode(code: 17999)
    /// An ID token is not a well-formed JWT (18000).
    public static let malformedJWT = AuthErrorCode(code: 18000)

    /// Every code Flint's Auth can produce, by raw value.
    public static let allCases: [AuthErrorCode] =
        [
            .invalidCustomToken, .customTokenMismatch, .invalidCredential, .userDisabled, .operationNotAllowed,
            .emailAlreadyInUse, .invalidEmail, .wrongPassword, .tooManyRequests, .userNotFound,
            .accountExistsWithDifferentCredential, .requiresRecentLogin, .providerAlreadyLinked, .noSuchProvider,
            .invalidUserToken, .networkError, .userTokenExpired, .invalidAPIKey, .userMismatch, .credentialAlreadyInUse,
            .weakPassword, .appNotAuthorized, .expiredActionCode, .invalidActionCode, .invalidMessagePayload,
            .invalidSender, .invalidRecipientEmail, .missingEmail, .quotaExceeded, .nullUser, .tenantIDMismatch,
            .adminRestrictedOperation, .missingOrInvalidNonce, .blockingCloudFunctionError, .keychainError,
            .internalError, .malformedJWT,
        ] + actionCodeCases

    /// Firebase's error domain, `FIRAuthErrorDomain`.
    public static var errorDomain: String { AuthErrors.domain }

    /// The Firebase code, for example 17004 (the same as ``rawValue``).
    public var errorCode: Int { rawValue }

    /// What Firebase puts in the `NSError`'s user info for the code: `NSLocalizedDescriptionKey` (``message``)
    /// and ``AuthErrors/userInfoNameKey`` (``name``).
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message, AuthErrors.userInfoNameKey: name]
        if let credential = details?.updatedCredential {
            userInfo[AuthErrors.userInfoUpdatedCredentialKey] = credential
        }
        if let email = details?.email, !email.isEmpty {
            userInfo[AuthErrors.userInfoEmailKey] = email
        }
        return userInfo
    }

    /// The credential to recover with, for ``credentialAlreadyInUse`` and
    /// ``accountExistsWithDifferentCredential`` (also in the `NSError`'s user info under
    /// ``AuthErrors/userInfoUpdatedCredentialKey``); nil otherwise.
    public var updatedCredential: AuthCredential? { details?.updatedCredential }

    /// The email address of the existing account, for ``emailAlreadyInUse``, ``credentialAlreadyInUse`` and
    /// ``accountExistsWithDifferentCredential`` when known (also under ``AuthErrors/userInfoEmailKey``).
    public var email: String? { details?.email }

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
        case .accountExistsWithDifferentCredential: "ERROR_ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL"
        case .requiresRecentLogin: "ERROR_REQUIRES_RECENT_LOGIN"
        case .providerAlreadyLinked: "ERROR_PROVIDER_ALREADY_LINKED"
        case .noSuchProvider: "ERROR_NO_SUCH_PROVIDER"
        case .invalidUserToken: "ERROR_INVALID_USER_TOKEN"
        case .networkError: "ERROR_NETWORK_REQUEST_FAILED"
        case .invalidAPIKey: "ERROR_INVALID_API_KEY"
        case .userMismatch: "ERROR_USER_MISMATCH"
        case .credentialAlreadyInUse: "ERROR_CREDENTIAL_ALREADY_IN_USE"
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
        case .missingOrInvalidNonce: "ERROR_MISSING_OR_INVALID_NONCE"
        case .keychainError: "ERROR_KEYCHAIN_ERROR"
        case .internalError: "ERROR_INTERNAL_ERROR"
        case .malformedJWT: "ERROR_MALFORMED_JWT"
        default: actionCodeName ?? "ERROR_INTERNAL_ERROR"
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
        case .accountExistsWithDifferentCredential:
            "An account already exists with the same email address but different sign-in credentials. Sign in using a "
                + "provider associated with this email address."
        case .requiresRecentLogin:
            "This operation is sensitive and requires recent authentication. Log in again before retrying this request."
        case .providerAlreadyLinked:
            "[ERROR_PROVIDER_ALREADY_LINKED] - User can only be linked to one identity for the given provider."
        case .noSuchProvider: "User was not linked to an account with the given provider."
        case .invalidUserToken:
            "This user's credential isn't valid for this project. This can happen if the user's token has been "
                + "tampered with, or if the user doesn’t belong to the project associated with the API key used in "
                + "your request."
        case .networkError:
            "Network error (such as timeout, interrupted connection or unreachable host) has occurred."
        case .invalidAPIKey: "An invalid API Key was supplied in the request."
        case .userMismatch: "The supplied credentials do not correspond to the previously signed in user."
        case .credentialAlreadyInUse: "This credential is already associated with a different user account."
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
        case .missingOrInvalidNonce: "The request contains malformed or mismatched credentials."
        case .keychainError:
            "An error occurred when accessing the keychain. The NSLocalizedFailureReasonErrorKey field in the "
                + "NSError.userInfo dictionary will contain more information about the error encountered"
        case .internalError:
            "An internal error has occurred, print and inspect the error details for more information."
        case .malformedJWT: "Failed to parse JWT. Check the userInfo dictionary for the full token."
        default:
            actionCodeMessage
                ?? "An internal error has occurred, print and inspect the error details for more information."
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
    /// The user-info key of the email address of the account that already exists
    /// (``AuthErrorCode/emailAlreadyInUse``, ``AuthErrorCode/credentialAlreadyInUse``,
    /// ``AuthErrorCode/accountExistsWithDifferentCredential``), `FIRAuthErrorUserInfoEmailKey`.
    public static let userInfoEmailKey = "FIRAuthErrorUserInfoEmailKey"
    /// The user-info key of the ``AuthCredential`` to recover with (``AuthErrorCode/credentialAlreadyInUse``,
    /// ``AuthErrorCode/accountExistsWithDifferentCredential``), `FIRAuthErrorUserInfoUpdatedCredentialKey`.
    public static let userInfoUpdatedCredentialKey = "FIRAuthErrorUserInfoUpdatedCredentialKey"
}

/// The user-info key of an auth error's `ERROR_…` name, as the SDK's global constant (``AuthErrors/userInfoNameKey``).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let AuthErrorUserInfoNameKey = AuthErrors.userInfoNameKey
/// The user-info key of the email address of the account that already exists, as the SDK's global constant
/// (``AuthErrors/userInfoEmailKey``).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let AuthErrorUserInfoEmailKey = AuthErrors.userInfoEmailKey
/// The user-info key of the credential to recover with, as the SDK's global constant
/// (``AuthErrors/userInfoUpdatedCredentialKey``):
///
/// ```swift
/// catch let error as NSError where error.code == AuthErrorCode.credentialAlreadyInUse.rawValue {
///     let existing = error.userInfo[AuthErrorUserInfoUpdatedCredentialKey] as? AuthCredential
/// }
/// ```
// swift-format-ignore: AlwaysUseLowerCamelCase
public let AuthErrorUserInfoUpdatedCredentialKey = AuthErrors.userInfoUpdatedCredentialKey

/// What an ``AuthErrorCode`` carries besides its code: the SDK's per-error `NSError` user-info entries.
struct AuthErrorDetails: Sendable {
    /// The credential to recover with (`FIRAuthErrorUserInfoUpdatedCredentialKey`).
    var updatedCredential: AuthCredential?
    /// The email address of the existing account (`FIRAuthErrorUserInfoEmailKey`).
    var email: String?
}
