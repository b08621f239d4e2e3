/// The status codes a callable function can return: the canonical gRPC codes, with their numbers
/// (`ok` 0 … `unauthenticated` 16), as in Firebase's `FunctionsErrorCode`.
public enum FunctionsErrorCode: Int, Sendable, Hashable, CaseIterable {
    /// The operation completed successfully (never thrown).
    case ok = 0
    /// The operation was cancelled, typically by the caller.
    case cancelled = 1
    /// Unknown error, or an error from another domain.
    case unknown = 2
    /// The caller passed an invalid argument.
    case invalidArgument = 3
    /// The deadline expired before the operation could complete (also: the call's timeout passed).
    case deadlineExceeded = 4
    /// Something requested was not found (also: no such function).
    case notFound = 5
    /// Something the caller tried to create already exists.
    case alreadyExists = 6
    /// The caller may not run this operation.
    case permissionDenied = 7
    /// A resource (a quota, disk space) is exhausted.
    case resourceExhausted = 8
    /// The system is not in the state the operation requires.
    case failedPrecondition = 9
    /// The operation was aborted, typically by a concurrency conflict.
    case aborted = 10
    /// The operation went past a valid range.
    case outOfRange = 11
    /// The operation is not implemented, supported or enabled.
    case unimplemented = 12
    /// An internal invariant is broken (also: a malformed response).
    case `internal` = 13
    /// The service is unavailable, usually transiently (also: the server could not be reached).
    case unavailable = 14
    /// Unrecoverable data loss or corruption.
    case dataLoss = 15
    /// The request lacks valid authentication credentials.
    case unauthenticated = 16

    /// The status name used in an error body, e.g. `"INVALID_ARGUMENT"`.
    public var statusName: String {
        switch self {
        case .ok: "OK"
        case .cancelled: "CANCELLED"
        case .unknown: "UNKNOWN"
        case .invalidArgument: "INVALID_ARGUMENT"
        case .deadlineExceeded: "DEADLINE_EXCEEDED"
        case .notFound: "NOT_FOUND"
        case .alreadyExists: "ALREADY_EXISTS"
        case .permissionDenied: "PERMISSION_DENIED"
        case .resourceExhausted: "RESOURCE_EXHAUSTED"
        case .failedPrecondition: "FAILED_PRECONDITION"
        case .aborted: "ABORTED"
        case .outOfRange: "OUT_OF_RANGE"
        case .unimplemented: "UNIMPLEMENTED"
        case .internal: "INTERNAL"
        case .unavailable: "UNAVAILABLE"
        case .dataLoss: "DATA_LOSS"
        case .unauthenticated: "UNAUTHENTICATED"
        }
    }

    /// The code for an error body's `status` name; nil for a name that is not a code.
    public init?(statusName: String) {
        guard let code = Self.allCases.first(where: { $0.statusName == statusName }) else { return nil }
        self = code
    }

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
