// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from real-time config updates, delivered to ``RemoteConfig/addOnConfigUpdateListener(remoteConfigUpdateCompletion:)``
/// listeners and thrown by ``RemoteConfig/updates``.
///
/// **As an `NSError`**: domain ``RemoteConfigUpdateErrorDomain`` (`com.google.remoteconfig.update.ErrorDomain`),
/// code the code's raw value.
public struct RemoteConfigUpdateError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The error's code.
    public var code: RemoteConfigUpdateErrorCode
    /// A message for people.
    public var message: String

    /// An error with `code` and `message`.
    public init(_ code: RemoteConfigUpdateErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// E.g. `RemoteConfigUpdateError(notFetched): …`.
    public var description: String { "RemoteConfigUpdateError(\(code)): \(message)" }

    /// Firebase's domain, `com.google.remoteconfig.update.ErrorDomain`.
    public static var errorDomain: String { RemoteConfigUpdateErrorDomain }

    /// The code's raw value.
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the ``message``.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
}

/// The domain of a ``RemoteConfigUpdateError`` bridged to `NSError`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let RemoteConfigUpdateErrorDomain = "com.google.remoteconfig.update.ErrorDomain"
