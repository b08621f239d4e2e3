// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Every error Firestore throws or reports to a listener: a gRPC ``code`` and a ``message``.
///
/// ```swift
/// do {
///     try await db.document("users/ada").updateData(["age": 37])
/// } catch let error as FirestoreError where error.code == .notFound {
///     print(error.message)   // No document to update: projects/…/documents/users/ada
/// }
/// ```
///
/// Invalid paths and queries do not trap (Firebase raises an exception): the reference or query records the
/// problem and every operation on it throws ``RPCStatusCode/invalidArgument``, and a listener on it
/// receives that error.
///
/// **As an `NSError`** (`error as NSError`) it is Firebase's: domain ``FirestoreErrorDomain``
/// (`FIRFirestoreErrorDomain`), code the gRPC code's raw value (5 for `notFound`) and the message under
/// `NSLocalizedDescriptionKey`, so code written for the SDK's errors works:
///
/// ```swift
/// } catch {
///     let error = error as NSError   // on Linux, a `catch let error as NSError` pattern does not bridge
///     if error.domain == FirestoreErrorDomain && error.code == FirestoreErrorCode.notFound.rawValue { … }
/// }
/// ```
public struct FirestoreError: Error, Sendable, Hashable, CustomStringConvertible, CustomNSError {
    /// The status code.
    public var code: FirestoreErrorCode
    /// What went wrong, in words.
    public var message: String

    /// An error with `code` and `message`.
    public init(_ code: FirestoreErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// E.g. `FirestoreError(NOT_FOUND): No document to update: …`.
    public var description: String {
        "FirestoreError(\(code.statusName)): \(message)"
    }

    // MARK: - NSError bridging

    /// Firebase's domain, `FIRFirestoreErrorDomain`.
    public static var errorDomain: String { FirestoreErrorDomain }

    /// The code's raw value, the gRPC code (e.g. 5 for `notFound`), as Firebase's `FirestoreErrorCode`.
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the ``message``.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }

    /// `error` as a ``FirestoreError``: itself when it is one, otherwise ``RPCStatusCode/unknown``
    /// with the error's description.
    static func wrapping(_ error: any Error) -> FirestoreError {
        if let error = error as? FirestoreError { return error }
        return FirestoreError(.unknown, String(describing: error))
    }

    /// What operations on a terminated instance throw.
    static let terminated = FirestoreError(.failedPrecondition, "The client has already been terminated.")

    /// What a cache read of a document the cache does not know throws (the SDK's message).
    static let notInCache = FirestoreError(
        .unavailable,
        "Failed to get document from cache. (However, this document "
            + "may exist on the server. Run again without setting source to FirestoreSourceCache to attempt to retrieve "
            + "the document from the server.)")

    /// What a document read throws while the network is disabled when the document is not in the cache (or
    /// known to be missing), as the SDK's `getDocument` does.
    static let offline = FirestoreError(.unavailable, "Failed to get document because the client is offline.")

    /// What a `.server` document read throws while the network is disabled when the cache has the document.
    static let offlineButCached = FirestoreError(
        .unavailable,
        "Failed to get document from server. (However, this "
            + "document does exist in the local cache. Run again without setting source to FirestoreSourceServer to "
            + "retrieve the cached document.)")

    /// What a `.server` query read throws while the network is disabled (the SDK's message).
    static let offlineQuery = FirestoreError(
        .unavailable,
        "Failed to get documents from server. (However, these "
            + "documents may exist in the local cache. Run again without setting source to FirestoreSourceServer to "
            + "retrieve the cached documents.)")
}

/// The domain of a ``FirestoreError`` bridged to `NSError`: `FIRFirestoreErrorDomain`, as in Firebase.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let FirestoreErrorDomain = "FIRFirestoreErrorDomain"
