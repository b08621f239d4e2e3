// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
// Re-exported: the public API exposes FlintProductSupport types (this code type is its `RPCStatusCode`), so a
// user who imports only FlintFunctions can use them.
@_exported import FlintProductSupport

/// The status codes a callable function can return: the canonical gRPC codes (`ok` 0 … `unauthenticated` 16),
/// as in Firebase's `FunctionsErrorCode`. The same type as `FirestoreErrorCode` (FlintProductSupport's ``RPCStatusCode``);
/// Functions adds the callable protocol's HTTP mapping.
public typealias FunctionsErrorCode = RPCStatusCode

extension RPCStatusCode {
    /// The code a client reads from an HTTP status, as Firebase maps it: 200 ok, 400 invalidArgument,
    /// 401 unauthenticated, 403 permissionDenied, 404 notFound, 409 alreadyExists, 429 resourceExhausted,
    /// 499 cancelled, 500 internal, 501 unimplemented, 503 unavailable, 504 deadlineExceeded, anything
    /// else internal.
    public init(httpStatus: Int) {
        switch httpStatus {
        case 200: self = .ok
        case 400: self = .invalidArgument
        case 401: self = .unauthenticated
        case 403: self = .permissionDenied
        case 404: self = .notFound
        case 409: self = .alreadyExists
        case 429: self = .resourceExhausted
        case 499: self = .cancelled
        case 500: self = .internal
        case 501: self = .unimplemented
        case 503: self = .unavailable
        case 504: self = .deadlineExceeded
        default: self = .internal
        }
    }

    /// The HTTP status a callable server answers with for this code (the `firebase-functions` SDK's
    /// `HttpsError` mapping), used by ``LocalFunctionsBackend``.
    public var httpStatus: Int {
        switch self {
        case .ok: 200
        case .cancelled: 499
        case .unknown: 500
        case .invalidArgument: 400
        case .deadlineExceeded: 504
        case .notFound: 404
        case .alreadyExists: 409
        case .permissionDenied: 403
        case .resourceExhausted: 429
        case .failedPrecondition: 400
        case .aborted: 409
        case .outOfRange: 400
        case .unimplemented: 501
        case .internal: 500
        case .unavailable: 503
        case .dataLoss: 500
        case .unauthenticated: 401
        }
    }

    /// The message of an error that carries none, as in Firebase: the status name with spaces,
    /// e.g. `"INVALID ARGUMENT"`.
    public var defaultMessage: String {
        statusName.replacingOccurrences(of: "_", with: " ")
    }
}
