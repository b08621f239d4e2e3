// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An App Check error carrying the error underneath it: what ``AppCheck/token(forcingRefresh:)`` and
/// ``AppCheck/limitedUseToken()`` throw when the provider fails with an error outside App Check's domain, as
/// Firebase's `FIRAppCheckErrorUtil.publicDomainError` wraps it.
///
/// ```swift
/// do {
///     _ = try await appCheck.token(forcingRefresh: false)
/// } catch let error as AppCheckError where error.code == .unknown {
///     print("provider failed:", error.underlyingError ?? error)
/// }
/// ```
///
/// As an `NSError` it has App Check's domain (`com.firebase.appCheck`), the code's raw value, the provider's
/// error under `NSUnderlyingErrorKey` and its failure reason, if any, under `NSLocalizedFailureReasonErrorKey`.
public struct AppCheckError: Error, Sendable, CustomNSError, CustomStringConvertible {
    /// The App Check code: ``AppCheckErrorCode/unknown`` for a wrapped provider error.
    public let code: AppCheckErrorCode
    /// The underlying error's failure reason (`NSLocalizedFailureReasonErrorKey`), or nil.
    public let failureReason: String?
    /// The error App Check received, or nil.
    public let underlyingError: (any Error)?

    /// An error with `code`, `failureReason` and `underlyingError`.
    public init(_ code: AppCheckErrorCode, failureReason: String? = nil, underlyingError: (any Error)? = nil) {
        self.code = code
        self.failureReason = failureReason
        self.underlyingError = underlyingError
    }

    /// `com.firebase.appCheck`, the domain of ``AppCheckErrorCode``.
    public static var errorDomain: String { AppCheckErrorCode.errorDomain }

    /// The code's raw value (Firebase's `AppCheckErrorCode`).
    public var errorCode: Int { code.rawValue }

    /// `NSUnderlyingErrorKey` and `NSLocalizedFailureReasonErrorKey`, when known.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [:]
        if let underlyingError { userInfo[NSUnderlyingErrorKey] = underlyingError as NSError }
        if let failureReason { userInfo[NSLocalizedFailureReasonErrorKey] = failureReason }
        return userInfo
    }

    /// E.g. `AppCheckError(unknown (0)) underlying: FakeError("attestation failed")`.
    public var description: String {
        var text = "AppCheckError(\(code))"
        if let failureReason { text += ": \(failureReason)" }
        if let underlyingError { text += " underlying: \(String(reflecting: underlyingError))" }
        return text
    }

    /// The domain of App Check Core's errors (`GACAppCheckErrorDomain`), which Firebase's App Check translates
    /// into its own domain.
    static let coreErrorDomain = "com.google.app_check_core"

    /// `error` when it is already in App Check's domain (an ``AppCheckErrorCode``, an ``AppCheckError`` or an
    /// `NSError` of `com.firebase.appCheck`); an App Check Core error (`com.google.app_check_core`) with a known
    /// code as an ``AppCheckError`` with the same code, failure reason and underlying error; otherwise an
    /// ``AppCheckErrorCode/unknown`` error with `error` underneath (Firebase's `publicDomainErrorWithError:`).
    static func publicDomain(_ error: any Error) -> any Error {
        if error is AppCheckErrorCode || error is AppCheckError { return error }
        let bridged = error as NSError
        if bridged.domain == errorDomain { return error }
        let failureReason = bridged.userInfo[NSLocalizedFailureReasonErrorKey] as? String
        if bridged.domain == coreErrorDomain, let code = AppCheckErrorCode(rawValue: bridged.code) {
            return AppCheckError(
                code, failureReason: failureReason,
                underlyingError: bridged.userInfo[NSUnderlyingErrorKey] as? any Error)
        }
        return AppCheckError(.unknown, failureReason: failureReason, underlyingError: error)
    }
}
