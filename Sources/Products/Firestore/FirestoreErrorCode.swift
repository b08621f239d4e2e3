/// The status codes of Firestore errors: the gRPC codes, with their raw values (Firebase's
/// `FirestoreErrorCode.Code`).
public enum FirestoreErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The operation was cancelled (1); also what a listener receives when its app is deleted.
    case cancelled = 1
    /// An unknown error (2), for example one thrown by a custom backend that is not a ``FirestoreError``.
    case unknown = 2
    /// The client passed an invalid argument: a bad path, value, query or field mask (3).
    case invalidArgument = 3
    /// The deadline passed before the operation could complete (4).
    case deadlineExceeded = 4
    /// A document was not found, e.g. `updateData` on a missing document (5).
    case notFound = 5
    /// A document the operation meant to create already exists (6).
    case alreadyExists = 6
    /// The caller may not perform the operation; the security rules denied it (7).
    case permissionDenied = 7
    /// A resource was exhausted (8).
    case resourceExhausted = 8
    /// The system is not in a state the operation needs, e.g. the client was terminated (9).
    case failedPrecondition = 9
    /// The operation was aborted, typically by transaction contention (10).
    case aborted = 10
    /// The operation went past the valid range (11).
    case outOfRange = 11
    /// The operation is not implemented or supported (12).
    case unimplemented = 12
    /// An internal error: an invariant was broken (13).
    case `internal` = 13
    /// The service is unavailable (14).
    case unavailable = 14
    /// Unrecoverable data loss or corruption, e.g. an unreadable persistence file (15).
    case dataLoss = 15
    /// The request has no valid authentication credentials (16).
    case unauthenticated = 16

    /// The gRPC status name, e.g. `NOT_FOUND`.
    public var statusName: String {
        switch self {
        case .cancelled: return "CANCELLED"
        case .unknown: return "UNKNOWN"
        case .invalidArgument: return "INVALID_ARGUMENT"
        case .deadlineExceeded: return "DEADLINE_EXCEEDED"
        case .notFound: return "NOT_FOUND"
        case .alreadyExists: return "ALREADY_EXISTS"
        case .permissionDenied: return "PERMISSION_DENIED"
        case .resourceExhausted: return "RESOURCE_EXHAUSTED"
        case .failedPrecondition: return "FAILED_PRECONDITION"
        case .aborted: return "ABORTED"
        case .outOfRange: return "OUT_OF_RANGE"
        case .unimplemented: return "UNIMPLEMENTED"
        case .internal: return "INTERNAL"
        case .unavailable: return "UNAVAILABLE"
        case .dataLoss: return "DATA_LOSS"
        case .unauthenticated: return "UNAUTHENTICATED"
        }
    }

    /// The status name and raw value, e.g. `NOT_FOUND (5)`.
    public var description: String {
        "\(statusName) (\(rawValue))"
    }
}
