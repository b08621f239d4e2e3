// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from a Messaging operation: a ``code`` (Firebase's `MessagingError.Code`) and a ``message``
/// saying what was wrong.
///
/// ```swift
/// do {
///     try await messaging.subscribe(toTopic: "weather news")
/// } catch let error where error.code == .invalidTopicName {
///     print(error.message)   // Cannot parse topic name: 'weather news'. Will not subscribe.
/// }
/// ```
///
/// **As an `NSError`** (`error as NSError`) it is Firebase's: domain ``MessagingErrorDomain``
/// (`com.google.fcm`), code the code's raw value (8 for `invalidTopicName`), the message under
/// `NSLocalizedFailureReasonErrorKey` (where Firebase puts it) and `NSLocalizedDescriptionKey`.
public struct MessagingError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The error's code.
    public var code: MessagingErrorCode
    /// A message for people, or the code's ``MessagingErrorCode/defaultMessage``.
    public var message: String

    /// An error with `code` and `message` (the code's default when nil).
    public init(_ code: MessagingErrorCode, message: String? = nil) {
        self.code = code
        self.message = message ?? code.defaultMessage
    }

    /// E.g. `MessagingError(invalidTopicName): Cannot parse topic name: ''. Will not subscribe.`
    public var description: String { "MessagingError(\(code)): \(message)" }

    // MARK: - NSError bridging

    /// Firebase's domain, `com.google.fcm`.
    public static var errorDomain: String { MessagingErrorDomain }

    /// The code's raw value (e.g. 8 for `invalidTopicName`).
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedFailureReasonErrorKey` and `NSLocalizedDescriptionKey`: the ``message``.
    public var errorUserInfo: [String: Any] {
        [NSLocalizedFailureReasonErrorKey: message, NSLocalizedDescriptionKey: message]
    }
}

/// The domain of a ``MessagingError`` bridged to `NSError`: `com.google.fcm`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let MessagingErrorDomain = "com.google.fcm"
