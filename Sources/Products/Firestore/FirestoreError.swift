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
/// problem and every operation on it throws ``FirestoreErrorCode/invalidArgument``, and a listener on it
/// receives that error.
public struct FirestoreError: Error, Sendable, Hashable, CustomStringConvertible {
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

    /// `error` as a ``FirestoreError``: itself when it is one, otherwise ``FirestoreErrorCode/unknown``
    /// with the error's description.
    static func wrapping(_ error: any Error) -> FirestoreError {
        if let error = error as? FirestoreError { return error }
        return FirestoreError(.unknown, String(describing: error))
    }

    /// What operations on a terminated instance throw.
    static let terminated = FirestoreError(.failedPrecondition, "The client has already been terminated.")

    /// What a cache read of a document the cache does not know throws (the SDK's message).
    static let notInCache = FirestoreError(.unavailable, "Failed to get document from cache. (However, this document "
        + "may exist on the server. Run again without setting source to FirestoreSourceCache to attempt to retrieve "
        + "the document from the server.)")

    /// What a `.server` read throws while the network is disabled (the SDK's message).
    static let offline = FirestoreError(.unavailable, "Failed to get document because the client is offline.")
}
