// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from a callable function call: a gRPC ``code``, a ``message`` and optional ``details``.
///
/// Thrown by ``HTTPSCallable/call(_:)`` when the server answers with an error body or an error HTTP
/// status, when the response is malformed (`internal`), when the call's timeout passes
/// (`deadlineExceeded`), when the calling task is cancelled (`cancelled`) and when the server cannot be
/// reached (`unavailable`). A ``LocalFunctionsBackend`` handler throws it to answer with an error, exactly
/// like `HttpsError` in a Cloud Functions handler.
///
/// ```swift
/// do {
///     _ = try await functions.httpsCallable("transfer").call(["amount": 5])
/// } catch let error as FunctionsError where error.code == .permissionDenied {
///     print(error.message, error.details ?? nil)
/// }
/// ```
///
/// **As an `NSError`** (`error as NSError`) it is Firebase's: domain ``FunctionsErrorDomain``
/// (`com.firebase.functions`), code the gRPC code's raw value (7 for `permissionDenied`), the message under
/// `NSLocalizedDescriptionKey` (so `localizedDescription` is e.g. `PERMISSION DENIED` when the server sent
/// none) and, when present, the details under ``FunctionsErrorDetailsKey`` (`details`) as a ``CallableValue``.
public struct FunctionsError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The status code.
    public var code: FunctionsErrorCode
    /// The server's message, or the code's ``RPCStatusCode/defaultMessage``.
    public var message: String
    /// The error body's `details`, Int64 wrappers decoded; nil when the server sent none.
    public var details: CallableValue?

    /// An error with `code`, `message` (the code's default message when nil) and `details`.
    public init(_ code: FunctionsErrorCode, message: String? = nil, details: CallableValue? = nil) {
        self.code = code
        self.message = message ?? code.defaultMessage
        self.details = details
    }

    /// E.g. `FunctionsError(NOT_FOUND): No such user.` (details appended as JSON when present).
    public var description: String {
        var text = "FunctionsError(\(code.statusName)): \(message)"
        if let details { text += " details: \(details)" }
        return text
    }

    // MARK: - NSError bridging

    /// Firebase's domain, `com.firebase.functions`.
    public static var errorDomain: String { FunctionsErrorDomain }

    /// The code's raw value, the gRPC code (e.g. 7 for `permissionDenied`), as Firebase's `FunctionsErrorCode`.
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the ``message``; ``FunctionsErrorDetailsKey``: the ``details``, when present.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let details { userInfo[FunctionsErrorDetailsKey] = details }
        return userInfo
    }
}

/// The domain of a ``FunctionsError`` bridged to `NSError`: `com.firebase.functions`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let FunctionsErrorDomain = "com.firebase.functions"

/// The `userInfo` key of a bridged ``FunctionsError``'s ``FunctionsError/details``: `details`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let FunctionsErrorDetailsKey = "details"
