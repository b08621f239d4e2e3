// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Why an exchanging ``AppCheckDebugProvider`` got no token: the ``AppCheckError/underlyingError`` of the
/// ``AppCheckError`` it throws (whose ``AppCheckError/code`` follows Firebase's `GACAppCheckErrorUtil`).
///
/// ```swift
/// do {
///     _ = try await appCheck.token(forcingRefresh: false)
/// } catch let error as AppCheckError {
///     if case .httpStatus(403, _)? = error.underlyingError as? AppCheckExchangeFailure { … }
/// }
/// ```
///
/// A connection that fails without an answer (refused, dropped, timed out) is not one of these: it is an
/// ``AppCheckErrorCode/serverUnreachable`` ``AppCheckError`` with the `URLError` underneath.
public enum AppCheckExchangeFailure: Error, Sendable, Hashable {
    /// The app's options have no `projectID` (code ``AppCheckErrorCode/invalidConfiguration``).
    case missingProjectID
    /// The app's options have no `apiKey` (code ``AppCheckErrorCode/invalidConfiguration``).
    case missingAPIKey
    /// The app's options have an empty `googleAppID` (code ``AppCheckErrorCode/invalidConfiguration``).
    case missingGoogleAppID
    /// The emulator host is not a bare host name or address (code ``AppCheckErrorCode/invalidConfiguration``).
    case invalidEmulatorHost(String)
    /// The emulator port is outside 1...65535 (code ``AppCheckErrorCode/invalidConfiguration``).
    case invalidEmulatorPort(Int)
    /// The project ID or app ID would change the request's host or path (code
    /// ``AppCheckErrorCode/invalidConfiguration``).
    case invalidResourceName(String)
    /// The debug token is empty (code ``AppCheckErrorCode/unknown``, as Firebase).
    case emptyDebugToken
    /// The service answered with a status outside 200...299 (code ``AppCheckErrorCode/unknown``, as
    /// Firebase's `GACAppCheckHTTPError`), with its body as UTF-8.
    case httpStatus(Int, body: String)
    /// The answer had an empty body (code ``AppCheckErrorCode/unknown``).
    case emptyResponse
    /// The answer was not a JSON object (code ``AppCheckErrorCode/unknown``).
    case invalidJSON
    /// The answer had no string field with this name (`token`, `ttl`) (code ``AppCheckErrorCode/unknown``).
    case missingField(String)
    /// The `ttl` was not a positive duration in seconds such as `"3600s"` or `"3600.5s"` (code
    /// ``AppCheckErrorCode/unknown``).
    case invalidTTL(String)

    /// The App Check code Firebase reports for this failure.
    public var code: AppCheckErrorCode {
        switch self {
        case .missingProjectID, .missingAPIKey, .missingGoogleAppID, .invalidEmulatorHost, .invalidEmulatorPort,
            .invalidResourceName:
            .invalidConfiguration
        case .emptyDebugToken, .httpStatus, .emptyResponse, .invalidJSON, .missingField, .invalidTTL:
            .unknown
        }
    }

    /// A sentence for `NSLocalizedFailureReasonErrorKey`.
    public var failureReason: String {
        switch self {
        case .missingProjectID: "The app's options have no projectID: the debug token cannot be exchanged."
        case .missingAPIKey: "The app's options have no apiKey: the debug token cannot be exchanged."
        case .missingGoogleAppID: "The app's options have no googleAppID: the debug token cannot be exchanged."
        case .invalidEmulatorHost(let host): "Invalid App Check emulator host '\(host)'."
        case .invalidEmulatorPort(let port): "Invalid App Check emulator port \(port)."
        case .invalidResourceName(let name): "Invalid App Check resource name '\(name)'."
        case .emptyDebugToken: "Debug token must not be empty."
        case .httpStatus(let status, let body):
            "The server responded with an error: HTTP status code: \(status), response body: \(body)"
        case .emptyResponse: "Empty server response body."
        case .invalidJSON: "JSON serialization error."
        case .missingField(let field):
            "Unexpected app check token response format. Field `\(field)` is missing."
        case .invalidTTL(let ttl): "Unexpected app check token response format. Invalid `ttl` '\(ttl)'."
        }
    }

    /// This failure as the ``AppCheckError`` the provider throws.
    var appCheckError: AppCheckError {
        AppCheckError(code, failureReason: failureReason, underlyingError: self)
    }
}
