// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Reading the referenced document as a `Decodable` value.
extension DocumentReference {
    /// Reads the document (as ``getDocument()``) and decodes it as `type` (Firebase's
    /// `getDocument(as:with:decoder:)`). With an optional `type`, a missing document gives nil.
    /// - Throws: what ``getDocument()`` throws; `DecodingError` as `DocumentSnapshot.data(as:with:decoder:)`.
    public func getDocument<T: Decodable>(
        as type: T.Type,
        with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: Firestore.Decoder = .init()
    ) async throws -> T {
        try await getDocument().data(as: type, with: serverTimestampBehavior, decoder: decoder)
    }

    /// `getDocument(as:with:decoder:)` with a completion receiving the decoded value or the error (Firebase's
    /// completion form). The completion runs on a task, not on the caller's thread; `T`'s conformances must be
    /// usable from there (`SendableMetatype`, as every type's is unless isolated to an actor).
    public func getDocument<T: Decodable & SendableMetatype>(
        as type: T.Type,
        with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: Firestore.Decoder = .init(),
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        Task {
            do {
                let snapshot = try await getDocument()
                completion(.success(try snapshot.data(as: T.self, with: serverTimestampBehavior, decoder: decoder)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
