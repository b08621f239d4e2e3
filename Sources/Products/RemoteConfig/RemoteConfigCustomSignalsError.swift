// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The error of ``RemoteConfig/setCustomSignals(_:)`` (Firebase's `RemoteConfigCustomSignalsError`, domain
/// `com.google.remoteconfig.customsignals.ErrorDomain`).
public struct RemoteConfigCustomSignalsError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The error's code.
    public var code: RemoteConfigCustomSignalsErrorCode
    /// A message for people, naming what was wrong.
    public var message: String

    /// An error with `code` and `message`.
    public init(_ code: RemoteConfigCustomSignalsErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// E.g. `RemoteConfigCustomSignalsError(limitExceeded): …`.
    public var description: String { "RemoteConfigCustomSignalsError(\(code)): \(message)" }

    /// Firebase's domain, `com.google.remoteconfig.customsignals.ErrorDomain`.
    public static var errorDomain: String { RemoteConfigCustomSignalsErrorDomain }

    /// The code's raw value.
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the ``message``.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
}

/// Firebase's `RemoteConfigCustomSignalsErrorDomain`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let RemoteConfigCustomSignalsErrorDomain = "com.google.remoteconfig.customsignals.ErrorDomain"
