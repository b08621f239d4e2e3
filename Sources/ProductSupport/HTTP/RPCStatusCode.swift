// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The canonical gRPC status codes, with their numbers (`ok` 0 … `unauthenticated` 16) and wire names: the
/// error codes of every Flint product that speaks Google's RPC conventions (`FirestoreErrorCode` and
/// `FunctionsErrorCode` are this type), shared so that they are written once.
public enum RPCStatusCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
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

    /// `STATUS_NAME (number)`, e.g. `NOT_FOUND (5)`.
    public var description: String { "\(statusName) (\(rawValue))" }
}
