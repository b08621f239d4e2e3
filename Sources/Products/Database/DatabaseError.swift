// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The kinds of ``DatabaseError``.
public enum DatabaseErrorCode: Int, Sendable, Hashable, CustomStringConvertible {
    /// A path, key, value or query is not valid (the SDK raises an exception instead).
    case invalidArgument = 1
    /// The security rules refused the operation.
    case permissionDenied = 2
    /// The caller's credentials could not be obtained.
    case unauthenticated = 3
    /// The database instance is gone (its app was deleted).
    case unavailable = 4
    /// Anything else.
    case unknown = 5
    /// A transaction gave up after 25 retries (the SDK's `maxretry`).
    case maxRetries = 6
    /// A transaction was aborted by a `setValue` on its location (the SDK's `set`).
    case overriddenBySet = 7
    /// A snapshot's value could not be decoded into the requested type (``DataSnapshot/data(as:decoder:)``).
    case decodingFailed = 8
    /// The call is not allowed in the instance's state (``Database/useEmulator(withHost:port:)`` after the
    /// instance was used; the SDK stops the app with a fatal error).
    case failedPrecondition = 9
    /// Stored data is unreadable (a persistent ``LocalDatabaseBackend``'s corrupt file).
    case dataLoss = 10
    /// A write, `onDisconnect` operation or transaction not yet acknowledged was cancelled by
    /// ``Database/purgeOutstandingWrites()`` (the SDK's `write_canceled`, "Write cancelled by user").
    case writeCanceled = 11

    /// The code's name, e.g. `permissionDenied`.
    public var description: String {
        switch self {
        case .invalidArgument: "invalidArgument"
        case .permissionDenied: "permissionDenied"
        case .unauthenticated: "unauthenticated"
        case .unavailable: "unavailable"
        case .unknown: "unknown"
        case .maxRetries: "maxretry"
        case .overriddenBySet: "set"
        case .decodingFailed: "decodingFailed"
        case .failedPrecondition: "failedPrecondition"
        case .dataLoss: "dataLoss"
        case .writeCanceled: "write_canceled"
        }
    }
}

/// Every error the Realtime Database throws or reports to a listener's cancel block: a ``code`` and a
/// ``message``. It bridges to `NSError` with the domain ``errorDomain`` and the code's raw value.
///
/// ```swift
/// do {
///     try await ref.child("private").setValue("x")
/// } catch let error as DatabaseError where error.code == .permissionDenied {
///     print(error.message)
/// }
/// ```
///
/// Invalid paths and queries do not trap (Firebase raises an exception): the reference or query records the
/// problem, every operation on it throws ``DatabaseErrorCode/invalidArgument``, and a listener on it
/// receives that error in its cancel block.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The kind of error.
    public var code: DatabaseErrorCode
    /// What went wrong, in words.
    public var message: String

    /// An error with `code` and `message`.
    public init(_ code: DatabaseErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// E.g. `DatabaseError(permissionDenied): Permission denied writing /a`.
    public var description: String { "DatabaseError(\(code)): \(message)" }

    /// `io.flint.database`.
    public static var errorDomain: String { "io.flint.database" }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// The message as the localized description.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }

    /// An `invalidArgument` error.
    static func invalid(_ message: String) -> DatabaseError { DatabaseError(.invalidArgument, message) }
}
