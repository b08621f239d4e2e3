// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The codes of a ``StorageError``, with the raw values of Firebase's `StorageErrorCode`.
public enum StorageErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An unknown error (-13000).
    case unknown = -13000
    /// No object exists at the reference (-13010).
    case objectNotFound = -13010
    /// The bucket does not exist (-13011).
    case bucketNotFound = -13011
    /// The project does not exist (-13012).
    case projectNotFound = -13012
    /// The quota of the bucket was exceeded (-13013).
    case quotaExceeded = -13013
    /// The caller is not signed in and the operation needs a user (-13020).
    case unauthenticated = -13020
    /// The security rules denied the operation (-13021).
    case unauthorized = -13021
    /// The retry time limit was exceeded (-13030).
    case retryLimitExceeded = -13030
    /// The checksums of the client and server do not match (-13031).
    case nonMatchingChecksum = -13031
    /// The object is larger than the download's `maxSize` (-13032).
    case downloadSizeExceeded = -13032
    /// The operation was cancelled (-13040).
    case cancelled = -13040
    /// An argument was invalid, e.g. a `maxResults` out of range (-13050).
    case invalidArgument = -13050
    /// A URL or reference names another bucket than the instance's (-13051).
    case bucketMismatch = -13051
    /// An error inside Storage (-13052).
    case internalError = -13052
    /// A URL or path could not be parsed (-13053).
    case pathError = -13053

    /// The case name, e.g. `objectNotFound`.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .objectNotFound: "objectNotFound"
        case .bucketNotFound: "bucketNotFound"
        case .projectNotFound: "projectNotFound"
        case .quotaExceeded: "quotaExceeded"
        case .unauthenticated: "unauthenticated"
        case .unauthorized: "unauthorized"
        case .retryLimitExceeded: "retryLimitExceeded"
        case .nonMatchingChecksum: "nonMatchingChecksum"
        case .downloadSizeExceeded: "downloadSizeExceeded"
        case .cancelled: "cancelled"
        case .invalidArgument: "invalidArgument"
        case .bucketMismatch: "bucketMismatch"
        case .internalError: "internalError"
        case .pathError: "pathError"
        }
    }

    /// The message of an error that carries none.
    public var defaultMessage: String {
        switch self {
        case .unknown: "An unknown error occurred, please check the server response."
        case .objectNotFound: "Object does not exist."
        case .bucketNotFound: "Bucket does not exist."
        case .projectNotFound: "Project does not exist."
        case .quotaExceeded: "Quota for bucket exceeded, please view quota on firebase.google.com."
        case .unauthenticated:
            "User is not authenticated, please authenticate using Firebase Authentication and try again."
        case .unauthorized: "User does not have permission to access this object."
        case .retryLimitExceeded: "Max retry time for operation exceeded, please try again."
        case .nonMatchingChecksum: "Uploaded/downloaded object has a checksum that does not match the server's."
        case .downloadSizeExceeded: "Attempted to download an object larger than the maximum allowed size."
        case .cancelled: "User cancelled the upload/download."
        case .invalidArgument: "An invalid argument was supplied."
        case .bucketMismatch: "The provided reference is in a different bucket."
        case .internalError: "An internal error occurred."
        case .pathError: "The path or URL is invalid."
        }
    }
}
