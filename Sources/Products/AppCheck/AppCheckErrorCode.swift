// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Errors of App Check itself and of its debug provider, with Firebase's `AppCheckErrorCode` raw values.
///
/// A custom ``AppCheckProvider`` may throw its own errors; ``AppCheck/token(forcingRefresh:)`` and
/// ``AppCheck/limitedUseToken()`` pass an `AppCheckErrorCode` on unchanged and wrap any other error in an
/// ``AppCheckError`` with code ``unknown`` (the provider's error underneath), as Firebase does; through
/// `AppCheckInterop` the provider's error is reported unchanged, next to a placeholder token.
public enum AppCheckErrorCode: Int, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible, CustomNSError {
    /// An unknown error (0).
    case unknown = 0
    /// The attestation service could not be reached (1).
    case serverUnreachable = 1
    /// The provider is misconfigured (for example a non-positive token lifetime) (2).
    case invalidConfiguration = 2
    /// Storing or reading a token failed (Firebase's keychain error) (3).
    case keychain = 3
    /// The provider does not work on this platform or in this app (4).
    case unsupported = 4

    /// Firebase's error domain.
    public static var errorDomain: String { "com.firebase.appCheck" }

    /// The Firebase code.
    public var errorCode: Int { rawValue }

    /// The case name and code, for example `invalidConfiguration (2)`.
    public var description: String {
        let name =
            switch self {
            case .unknown: "unknown"
            case .serverUnreachable: "serverUnreachable"
            case .invalidConfiguration: "invalidConfiguration"
            case .keychain: "keychain"
            case .unsupported: "unsupported"
            }
        return "\(name) (\(rawValue))"
    }
}
