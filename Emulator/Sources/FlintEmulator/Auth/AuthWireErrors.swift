// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import Hummingbird

/// How the Auth service reports an ``AuthErrorCode``: Identity Toolkit's server message for it (the one
/// Flint's `RESTAuthErrors` and the Admin SDK map back to the same error).
enum AuthWireErrors {
    /// The server message of `code`.
    static func message(for code: AuthErrorCode, secureToken: Bool) -> String {
        switch code {
        case .invalidUserToken: secureToken ? "INVALID_REFRESH_TOKEN" : "INVALID_ID_TOKEN"
        case .userNotFound: "USER_NOT_FOUND"
        case .invalidEmail: "INVALID_EMAIL"
        case .invalidCredential: "INVALID_LOGIN_CREDENTIALS"
        case .operationNotAllowed: "OPERATION_NOT_ALLOWED"
        case .credentialAlreadyInUse: "FEDERATED_USER_ID_ALREADY_LINKED"
        case .weakPassword: "WEAK_PASSWORD : Password should be at least 6 characters"
        case .providerAlreadyLinked: "PROVIDER_ALREADY_LINKED"
        case .noSuchProvider: "NO_SUCH_PROVIDER"
        case .accountExistsWithDifferentCredential: "NEED_CONFIRMATION"
        default:
            RESTAuthErrors.serverMessages.filter { $0.value == code }.keys.sorted().first ?? "INTERNAL_ERROR"
        }
    }

    /// The error answer of `code`: 400 with its message (500 for an internal error).
    static func httpError(for code: AuthErrorCode, secureToken: Bool = false) -> EmulatorHTTPError {
        let message = message(for: code, secureToken: secureToken)
        return EmulatorHTTPError(message == "INTERNAL_ERROR" ? .internalServerError : .badRequest, message)
    }
}
