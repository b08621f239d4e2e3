// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// References inside Codable types: ``FirestoreEncoder`` and ``FirestoreDecoder`` keep them as reference
/// values; other coders see the document's path.
extension DocumentReference: Codable {
    /// Decodable only through ``FirestoreDecoder`` (a reference needs its ``Firestore``).
    public convenience init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription:
                    "A DocumentReference can only be decoded by FirestoreDecoder."))
    }

    /// The document's path (``FirestoreEncoder`` keeps the reference itself instead).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(path)
    }
}
