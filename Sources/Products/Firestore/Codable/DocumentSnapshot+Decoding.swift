// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Reading a document as a `Decodable` value (through ``FirestoreDecoder``).
extension DocumentSnapshot {
    /// The document decoded as `type` (``FirestoreDecoder``); ``DocumentID`` properties get its ID.
    /// - Throws: `DecodingError.valueNotFound` when the document does not exist; other `DecodingError`s on
    ///   mismatches.
    public func data<T: Decodable>(as type: T.Type, with behavior: ServerTimestampBehavior = .none) throws -> T {
        guard let fields = data(with: behavior) else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: [],
                    debugDescription:
                        "The document \(reference.path) does not exist."))
        }
        return try FirestoreDecoder().decode(type, from: fields, reference: reference)
    }
}
