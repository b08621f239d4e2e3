// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// An error from a Storage operation: Firebase's `StorageError` enum, its cases and associated values as the SDK
/// 12.19 has them.
///
/// ```swift
/// do {
///     _ = try await ref.data(maxSize: 1 << 20)
/// } catch StorageError.objectNotFound(let object, _) {
///     print("no such file:", object)
/// }
/// ```
///
/// The `serverError` of a case is the `userInfo` of the server's answer it comes from, as the SDK's: `bucket`,
/// `object`, `ResponseErrorDomain` (`com.google.HTTPStatus`), `ResponseErrorCode` (the HTTP status) and
/// `ResponseBody` (the answer's text) when known, and under `NSLocalizedFailureReasonErrorKey` what Flint knows
/// beyond the SDK's message (e.g. that an object changed during a download). Its values are `Sendable` (the SDK's
/// are `Any`), so the error can cross tasks.
///
/// Beyond the SDK, Flint gives every error its ``code``, ``message``, ``bucket``, ``object``, ``responseStatus``
/// and ``responseBody``, and the initializer ``init(_:message:bucket:object:responseStatus:responseBody:)`` from a
/// code.
///
/// **As an `NSError`** (`error as NSError`) it is Firebase's: domain ``StorageErrorDomain``
/// (`FIRStorageErrorDomain`), code the ``StorageErrorCode`` raw value (-13010 for `objectNotFound`), the message
/// under `NSLocalizedDescriptionKey`, then the `serverError` entries (`downloadSizeExceeded`: `totalSize` and
/// `maxAllowedSize`).
public enum StorageError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// An unknown error, with its message and the server's answer.
    case unknown(message: String, serverError: [String: any Sendable])
    /// No object exists at the reference.
    case objectNotFound(object: String, serverError: [String: any Sendable])
    /// The bucket does not exist.
    case bucketNotFound(bucket: String)
    /// The project does not exist.
    case projectNotFound(project: String)
    /// The bucket's quota was exceeded.
    case quotaExceeded(bucket: String, serverError: [String: any Sendable])
    /// The caller is not signed in and the operation needs a user.
    case unauthenticated(serverError: [String: any Sendable])
    /// The security rules denied the operation on `object` in `bucket`.
    case unauthorized(bucket: String, object: String, serverError: [String: any Sendable])
    /// The retry time limit was exceeded.
    case retryLimitExceeded
    /// The checksums of the client and the server do not match.
    case nonMatchingChecksum
    /// The object (`total` bytes) is larger than the download's `maxSize`.
    case downloadSizeExceeded(total: Int64, maxSize: Int64)
    /// The operation was cancelled.
    case cancelled
    /// An argument was invalid, e.g. a `maxResults` out of range.
    case invalidArgument(message: String)
    /// An error inside Storage.
    case internalError(message: String)
    /// A URL names another bucket than the instance's.
    case bucketMismatch(message: String)
    /// A URL or path could not be parsed.
    case pathError(message: String)

    /// The error of `code`, with `message` (the SDK's message of the code when nil), and the bucket, object and
    /// server's answer it concerns (Flint's; the SDK makes its errors internally).
    ///
    /// The case is the code's: `downloadSizeExceeded` without sizes has `total` and `maxSize` 0, a case without a
    /// message keeps `message` in its `serverError` under `NSLocalizedFailureReasonErrorKey`, and a case with no
    /// `serverError` drops it.
    public init(
        _ code: StorageErrorCode, message: String? = nil, bucket: String? = nil, object: String? = nil,
        responseStatus: Int? = nil, responseBody: String? = nil
    ) {
        var info: [String: any Sendable] = [:]
        if let bucket { info["bucket"] = bucket }
        if let object { info["object"] = object }
        if let responseStatus {
            info["ResponseErrorDomain"] = "com.google.HTTPStatus"
            info["ResponseErrorCode"] = responseStatus
        }
        if let responseBody { info["ResponseBody"] = responseBody }
        var detailed = info
        if let message { detailed[NSLocalizedFailureReasonErrorKey] = message }
        let missing = "<object-entity-internal-error>"
        let missingBucket = "<bucket-entity-internal-error>"
        switch code {
        case .unknown:
            let fallback =
                switch responseStatus {
                case 400: "Unknown 400 error from backend"
                case let status?: "Unexpected \(status) code from backend"
                case nil: code.defaultMessage
                }
            self = .unknown(message: message ?? fallback, serverError: info)
        case .objectNotFound: self = .objectNotFound(object: object ?? missing, serverError: detailed)
        case .bucketNotFound: self = .bucketNotFound(bucket: bucket ?? missingBucket)
        case .projectNotFound: self = .projectNotFound(project: "<project-entity-internal-error>")
        case .quotaExceeded: self = .quotaExceeded(bucket: bucket ?? missingBucket, serverError: detailed)
        case .unauthenticated: self = .unauthenticated(serverError: detailed)
        case .unauthorized:
            self = .unauthorized(bucket: bucket ?? missingBucket, object: object ?? missing, serverError: detailed)
        case .retryLimitExceeded: self = .retryLimitExceeded
        case .nonMatchingChecksum: self = .nonMatchingChecksum
        case .downloadSizeExceeded: self = .downloadSizeExceeded(total: 0, maxSize: 0)
        case .cancelled: self = .cancelled
        case .invalidArgument: self = .invalidArgument(message: message ?? code.defaultMessage)
        case .internalError: self = .internalError(message: message ?? code.defaultMessage)
        case .bucketMismatch: self = .bucketMismatch(message: message ?? code.defaultMessage)
        case .pathError: self = .pathError(message: message ?? code.defaultMessage)
        }
    }

    /// The error's code (Firebase's `StorageErrorCode`).
    public var code: StorageErrorCode {
        switch self {
        case .unknown: .unknown
        case .objectNotFound: .objectNotFound
        case .bucketNotFound: .bucketNotFound
        case .projectNotFound: .projectNotFound
        case .quotaExceeded: .quotaExceeded
        case .unauthenticated: .unauthenticated
        case .unauthorized: .unauthorized
        case .retryLimitExceeded: .retryLimitExceeded
        case .nonMatchingChecksum: .nonMatchingChecksum
        case .downloadSizeExceeded: .downloadSizeExceeded
        case .cancelled: .cancelled
        case .invalidArgument: .invalidArgument
        case .internalError: .internalError
        case .bucketMismatch: .bucketMismatch
        case .pathError: .pathError
        }
    }

    /// A message for people: the SDK's `localizedDescription` of the error.
    public var message: String {
        switch self {
        case .unknown(let message, _), .invalidArgument(let message), .internalError(let message),
            .bucketMismatch(let message), .pathError(let message):
            message
        case .objectNotFound(let object, _): "Object \(object) does not exist."
        case .bucketNotFound(let bucket): "Bucket \(bucket) does not exist."
        case .projectNotFound(let project): "Project \(project) does not exist."
        case .quotaExceeded(let bucket, _):
            "Quota for bucket \(bucket) exceeded, please view quota on firebase.google.com."
        case .unauthorized(let bucket, let object, _):
            "User does not have permission to access gs://\(bucket)/\(object)."
        case .downloadSizeExceeded(let total, let maxSize):
            "Attempted to download object with size of \(total) bytes, which exceeds the maximum size of \(maxSize) "
                + "bytes. Consider raising the maximum download maxSize, or using StorageReference.write"
        case .unauthenticated, .retryLimitExceeded, .nonMatchingChecksum, .cancelled: code.defaultMessage
        }
    }

    /// The `serverError` of the case (empty for a case without one).
    private var serverError: [String: any Sendable] {
        switch self {
        case .unknown(_, let info), .objectNotFound(_, let info), .quotaExceeded(_, let info),
            .unauthenticated(let info), .unauthorized(_, _, let info):
            info
        default: [:]
        }
    }

    /// The bucket of the object concerned, when known.
    public var bucket: String? {
        switch self {
        case .bucketNotFound(let bucket): bucket
        default: serverError["bucket"] as? String
        }
    }

    /// The path of the object concerned, when known.
    public var object: String? {
        switch self {
        case .objectNotFound(let object, _): object
        default: serverError["object"] as? String
        }
    }

    /// The HTTP status of the server's answer this error comes from (e.g. 404), or nil.
    public var responseStatus: Int? { serverError["ResponseErrorCode"] as? Int }

    /// The body of the server's error answer, as text, or nil.
    public var responseBody: String? { serverError["ResponseBody"] as? String }

    /// What Flint knows beyond the SDK's ``message`` (e.g. that an object changed during a download), or nil.
    public var failureReason: String? { serverError[NSLocalizedFailureReasonErrorKey] as? String }

    /// E.g. `StorageError(objectNotFound): Object images/a.png does not exist.`
    public var description: String { "StorageError(\(code)): \(message)" }

    // MARK: - Equatable, Hashable

    /// Errors are equal when their codes, messages, buckets, objects, failure reasons and server answers are.
    public static func == (lhs: StorageError, rhs: StorageError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.bucket == rhs.bucket && lhs.object == rhs.object
            && lhs.failureReason == rhs.failureReason && lhs.responseStatus == rhs.responseStatus
            && lhs.responseBody == rhs.responseBody
    }

    /// Hashes the code, message, bucket and object.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(bucket)
        hasher.combine(object)
    }

    // MARK: - NSError bridging

    /// Firebase's domain, `FIRStorageErrorDomain`.
    public static var errorDomain: String { StorageErrorDomain }

    /// The code's raw value (e.g. -13010 for `objectNotFound`).
    public var errorCode: Int { code.rawValue }

    /// The `serverError` entries (`totalSize` and `maxAllowedSize` for `downloadSizeExceeded`), and the
    /// ``message`` under `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [:]
        for (key, value) in serverError { userInfo[key] = value }
        if case .downloadSizeExceeded(let total, let maxSize) = self {
            userInfo["totalSize"] = total
            userInfo["maxAllowedSize"] = maxSize
        }
        userInfo[NSLocalizedDescriptionKey] = message
        return userInfo
    }
}

/// The domain of a ``StorageError`` bridged to `NSError`: `FIRStorageErrorDomain`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let StorageErrorDomain = "FIRStorageErrorDomain"
