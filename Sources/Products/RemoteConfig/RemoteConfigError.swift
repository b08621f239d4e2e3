// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from a Remote Config fetch or activation: a ``code`` and a ``message`` naming what went wrong.
///
/// **As an `NSError`** it is Firebase's: domain ``RemoteConfigErrorDomain``
/// (`com.google.remoteconfig.ErrorDomain`), code the code's raw value (8002 for `throttled`), the message under
/// `NSLocalizedDescriptionKey` and, for `throttled`, the end of the backoff under `error_throttled_end_time_seconds`.
public struct RemoteConfigError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The error's code.
    public var code: RemoteConfigErrorCode
    /// A message for people.
    public var message: String
    /// For ``RemoteConfigErrorCode/throttled``: when fetching is allowed again.
    public var throttleEndTime: Date?

    /// An error with `code`, `message` and, when throttled, the end of the backoff.
    public init(_ code: RemoteConfigErrorCode, message: String, throttleEndTime: Date? = nil) {
        self.code = code
        self.message = message
        self.throttleEndTime = throttleEndTime
    }

    /// E.g. `RemoteConfigError(throttled): …`.
    public var description: String { "RemoteConfigError(\(code)): \(message)" }

    /// Firebase's domain, `com.google.remoteconfig.ErrorDomain`.
    public static var errorDomain: String { RemoteConfigErrorDomain }

    /// The code's raw value.
    public var errorCode: Int { code.rawValue }

    /// The message, and the throttle end time (seconds since 1970) when throttled.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let throttleEndTime { userInfo["error_throttled_end_time_seconds"] = throttleEndTime.timeIntervalSince1970 }
        return userInfo
    }
}

/// The domain of a ``RemoteConfigError`` bridged to `NSError`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let RemoteConfigErrorDomain = "com.google.remoteconfig.ErrorDomain"
