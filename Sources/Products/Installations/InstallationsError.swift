// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from Installations: a ``code`` and a ``message`` naming what went wrong.
///
/// **As an `NSError`** it is Firebase's: domain ``InstallationsErrorDomain`` (`com.firebase.installations`),
/// code the code's raw value, the message under `NSLocalizedDescriptionKey`.
public struct InstallationsError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The error's code.
    public var code: InstallationsErrorCode
    /// A message for people.
    public var message: String

    /// An error with `code` and `message`.
    public init(_ code: InstallationsErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// E.g. `InstallationsError(serverUnreachable): …`.
    public var description: String { "InstallationsError(\(code)): \(message)" }

    /// Firebase's domain, `com.firebase.installations`.
    public static var errorDomain: String { InstallationsErrorDomain }

    /// The code's raw value.
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the ``message``.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
}

/// The domain of an ``InstallationsError`` bridged to `NSError`: `com.firebase.installations`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let InstallationsErrorDomain = "com.firebase.installations"
