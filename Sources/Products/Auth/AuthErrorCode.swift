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
/// an `AuthErrorCode` reach callers as ``internalError``. The error domain (`CustomNSError`) is Firebase's
/// `FIRAuthErrorDomain`.
public enum AuthErrorCode: Int, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible, CustomNSError {
    /// The credential is malformed, expired, or (with email-enumeration protection on) the email and
    /// password do not match an account (17004).
    case invalidCredential = 17004
    /// The account has been disabled by an administrator (17005).
    case userDisabled = 17005
    /// The sign-in method is disabled for the project (for example anonymous sign-in) (17006).
    case operationNotAllowed = 17006
    /// An account already uses this email address (17007).
    case emailAlreadyInUse = 17007
    /// The email address is malformed (17008).
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
    /// The user's credential is no longer valid (for example the password was changed on another device);
    /// the user must sign in again (17021).
    case userTokenExpired = 17021
    /// The password has fewer than six characters (17026).
    case weakPassword = 17026
    /// The password-reset code has expired (17029).
    case expiredActionCode = 17029
    /// The password-reset code is malformed or was already used (17030).
    case invalidActionCode = 17030
    /// An email address was expected but none was given (17034).
    case missingEmail = 17034
    /// The operation needs a signed-in user and nobody is signed in (17067).
    case nullUser = 17067
    /// The signed-in user could not be saved to or removed from persistent storage (Firebase's keychain
    /// error) (17995).
    case keychainError = 17995
    /// An unexpected error, for example a custom backend threw an error that is not an `AuthErrorCode` (17999).
    case internalError = 17999
    /// An ID token is not a well-formed JWT (18000).
    case malformedJWT = 18000

    /// Firebase's error domain.
    public static var errorDomain: String { "FIRAuthErrorDomain" }

    /// The Firebase code, for example 17004.
    public var errorCode: Int { rawValue }

    /// Firebase's message name and code, for example `ERROR_INVALID_CREDENTIAL (17004)`.
    public var description: String {
        "\(name) (\(rawValue))"
    }

    /// Firebase's `ERROR_…` name of the code.
    public var name: String {
        switch self {
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
        case .userTokenExpired: "ERROR_USER_TOKEN_EXPIRED"
        case .weakPassword: "ERROR_WEAK_PASSWORD"
        case .expiredActionCode: "ERROR_EXPIRED_ACTION_CODE"
        case .invalidActionCode: "ERROR_INVALID_ACTION_CODE"
        case .missingEmail: "ERROR_MISSING_EMAIL"
        case .nullUser: "ERROR_NULL_USER"
        case .keychainError: "ERROR_KEYCHAIN_ERROR"
        case .internalError: "ERROR_INTERNAL_ERROR"
        case .malformedJWT: "ERROR_MALFORMED_JWT"
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
