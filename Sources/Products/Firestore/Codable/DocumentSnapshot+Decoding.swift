// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Reading a document as a `Decodable` value (through `Firestore.Decoder`).
extension DocumentSnapshot {
    /// The document decoded as `type` (Firebase's `data(as:with:decoder:)`); ``DocumentID`` properties get
    /// its ID. Pending server timestamps show as `serverTimestampBehavior` says (null by default, which a
    /// ``ServerTimestamp`` property reads as nil). A `QueryDocumentSnapshot` decodes the same way.
    ///
    /// A missing document decodes as null, as in the SDK: an optional `type` gives nil.
    /// - Throws: `DecodingError.valueNotFound` when the document does not exist (and `type` is not
    ///   optional); other `DecodingError`s on mismatches.
    public func data<T: Decodable>(
        as type: T.Type,
        with serverTimestampBehavior: ServerTimestampBehavior = .none,
        decoder: Firestore.Decoder = .init()
    ) throws -> T {
        let value: FirestoreValue = data(with: serverTimestampBehavior).map { .map($0) } ?? .null
        return try decoder.decode(type, from: value, in: reference)
    }
}
