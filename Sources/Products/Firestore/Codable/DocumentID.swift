// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Maps a property to the ID (or reference) of the document it was decoded from (Firebase's `@DocumentID`):
///
/// ```swift
/// struct City: Codable {
///     @DocumentID var id: String?
///     var name: String
/// }
/// let city = try snapshot.data(as: City.self)   // city.id == snapshot.documentID
/// ```
///
/// `Firestore.Encoder` leaves the property out of the written fields (so a value read from one document can
/// be written to another); `Firestore.Decoder` fills it from the document passed with `in:` (a field of the
/// same name in the data is ignored). As in the SDK, other encoders and decoders, and `Firestore.Decoder`
/// without a document, throw ``FirestoreEncodingError`` / ``FirestoreDecodingError``.
@propertyWrapper
public struct DocumentID<Value: DocumentIDWrappable & Codable>: Codable, Sendable {
    /// The document's ID or reference, nil until decoded from a document.
    public var wrappedValue: Value?

    /// A property with `wrappedValue` (usually nil: the ID comes from the document).
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// The decoded document's ID or reference.
    /// - Throws: ``FirestoreDecodingError/decodingIsNotSupported(_:)`` unless decoding by `Firestore.Decoder`
    ///   with a document.
    public init(from decoder: any Decoder) throws {
        guard let reference = decoder.userInfo[.firestoreDocumentReference] as? DocumentReference else {
            throw FirestoreDecodingError.decodingIsNotSupported(
                "Could not find DocumentReference for user info key: \(CodingUserInfoKey.firestoreDocumentReference); "
                    + "DocumentID values can only be decoded with Firestore.Decoder")
        }
        wrappedValue = try Value.wrap(reference)
    }

    /// Always throws: `Firestore.Encoder` leaves the property out instead of calling this.
    /// - Throws: ``FirestoreEncodingError/encodingIsNotSupported(_:)``.
    public func encode(to encoder: any Encoder) throws {
        throw FirestoreEncodingError.encodingIsNotSupported(
            "DocumentID values can only be encoded with Firestore.Encoder")
    }
}

/// Lets the encoder recognize any `DocumentID<Value>`.
protocol DocumentIDProtocol {}

extension DocumentID: DocumentIDProtocol {}

extension KeyedDecodingContainer {
    /// Decodes a ``DocumentID`` property even when the data has no such field.
    public func decode<Value>(_ type: DocumentID<Value>.Type, forKey key: Key) throws -> DocumentID<Value> {
        try DocumentID(from: try superDecoder(forKey: key))
    }
}

extension DocumentID: Equatable where Value: Equatable {}

extension DocumentID: Hashable where Value: Hashable {}
