// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from a Storage operation: a ``code`` (Firebase's `StorageErrorCode`), a ``message`` and, when
/// known, the ``bucket`` and ``object`` path it concerns.
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
/// `NSLocalizedDescriptionKey`, and the bucket and object under `bucket` and `object` when present.
public struct StorageError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The error's code.
    public var code: StorageErrorCode
    /// A message for people, or the code's ``StorageErrorCode/defaultMessage``.
    public var message: String
    /// The bucket of the object concerned, when known.
    public var bucket: String?
    /// The path of the object concerned, when known.
    public var object: String?

    /// An error with `code`, `message` (the code's default when nil), `bucket` and `object`.
    public init(_ code: StorageErrorCode, message: String? = nil, bucket: String? = nil, object: String? = nil) {
        self.code = code
        self.message = message ?? code.defaultMessage
        self.bucket = bucket
        self.object = object
    }

    /// E.g. `StorageError(objectNotFound): Object images/a.png does not exist.`
    public var description: String { "StorageError(\(code)): \(message)" }

    // MARK: - NSError bridging

    /// Firebase's domain, `FIRStorageErrorDomain`.
    public static var errorDomain: String { StorageErrorDomain }

    /// The code's raw value (e.g. -13010 for `objectNotFound`).
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the ``message``; `bucket` and `object` when known.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let bucket { userInfo["bucket"] = bucket }
        if let object { userInfo["object"] = object }
        return userInfo
    }
}

/// The domain of a ``StorageError`` bridged to `NSError`: `FIRStorageErrorDomain`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let StorageErrorDomain = "FIRStorageErrorDomain"
