// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// References inside Codable types: `Firestore.Encoder` and `Firestore.Decoder` keep them as reference
/// values; as in the SDK, other encoders and decoders throw.
extension DocumentReference: Codable {
    /// Decodable only through `Firestore.Decoder` (a reference needs its ``Firestore``).
    /// - Throws: ``FirestoreDecodingError/decodingIsNotSupported(_:)``.
    public convenience init(from decoder: any Decoder) throws {
        throw FirestoreDecodingError.decodingIsNotSupported(
            "DocumentReference values can only be decoded with Firestore.Decoder")
    }

    /// Encodable only through `Firestore.Encoder`, which keeps the reference itself.
    /// - Throws: ``FirestoreEncodingError/encodingIsNotSupported(_:)``.
    public func encode(to encoder: any Encoder) throws {
        throw FirestoreEncodingError.encodingIsNotSupported(
            "DocumentReference values can only be encoded with Firestore.Encoder")
    }
}
