// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from a Storage operation: a ``code`` (Firebase's `StorageErrorCode`), a ``message`` and, when
/// known, the ``bucket`` and ``object`` path it concerns; for an error answer of a server, its
/// ``responseStatus`` and ``responseBody``.
///
/// ```swift
/// do {
///     _ = try await ref.data(maxSize: 1 << 20)
/// } catch let error as StorageError where error.code == .objectNotFound {
///     print("no such file:", error.object ?? "")
/// }
/// ```
///
/// **As an `NSError`** (`error as NSError`) it is Firebase's: domain ``StorageErrorDomain``
/// (`FIRStorageErrorDomain`), code the code's raw value (-13010 for `objectNotFound`), the message under
/// `NSLocalizedDescriptionKey`, the bucket and object under `bucket` and `object` when present, and for a
/// server's error answer, as the SDK: `ResponseErrorDomain` (`com.google.HTTPStatus`), `ResponseErrorCode`
/// (the HTTP status) and `ResponseBody` (the answer's text).
public struct StorageError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The error's code.
    public var code: StorageErrorCode
    /// A message for people: the SDK's message of the code (naming the object or bucket when known) unless
    /// the error says more.
    public var message: String
    /// The bucket of the object concerned, when known.
    public var bucket: String?
    /// The path of the object concerned, when known.
    public var object: String?
    /// The HTTP status of the server's answer this error comes from (e.g. 404), or nil.
    public var responseStatus: Int?
    /// The body of the server's error answer, as text, or nil.
    public var responseBody: String?

    /// An error with `code`, `message` (the code's message for `bucket` and `object` when nil), `bucket`,
    /// `object`, and the status and body of the server's answer it comes from.
    public init(
        _ code: StorageErrorCode, message: String? = nil, bucket: String? = nil, object: String? = nil,
        responseStatus: Int? = nil, responseBody: String? = nil
    ) {
        self.code = code
        self.message = message ?? code.message(bucket: bucket, object: object)
        self.bucket = bucket
        self.object = object
        self.responseStatus = responseStatus
        self.responseBody = responseBody
    }

    /// E.g. `StorageError(objectNotFound): Object images/a.png does not exist.`
    public var description: String { "StorageError(\(code)): \(message)" }

    // MARK: - NSError bridging

    /// Firebase's domain, `FIRStorageErrorDomain`.
    public static var errorDomain: String { StorageErrorDomain }

    /// The code's raw value (e.g. -13010 for `objectNotFound`).
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the ``message``; `bucket` and `object` when known; `ResponseErrorDomain`,
    /// `ResponseErrorCode` and `ResponseBody` for a server's answer.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let bucket { userInfo["bucket"] = bucket }
        if let object { userInfo["object"] = object }
        if let responseStatus {
            userInfo["ResponseErrorDomain"] = "com.google.HTTPStatus"
            userInfo["ResponseErrorCode"] = responseStatus
        }
        if let responseBody { userInfo["ResponseBody"] = responseBody }
        return userInfo
    }
}

/// The domain of a ``StorageError`` bridged to `NSError`: `FIRStorageErrorDomain`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let StorageErrorDomain = "FIRStorageErrorDomain"
