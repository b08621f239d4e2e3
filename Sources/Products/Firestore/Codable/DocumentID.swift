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
/// ``FirestoreEncoder`` leaves the property out of the written fields; ``FirestoreDecoder`` fills it from
/// the snapshot (nil when decoding data with no document). Other coders see the wrapped optional value.
@propertyWrapper
public struct DocumentID<Value: DocumentIDWrappable & Codable>: Codable, Sendable {
    /// The document's ID or reference, nil until decoded from a document.
    public var wrappedValue: Value?

    /// A property with `wrappedValue` (usually nil: the ID comes from the document).
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// With ``FirestoreDecoder``: the decoded document's ID or reference. Otherwise, the encoded value.
    public init(from decoder: any Decoder) throws {
        if let reference = decoder.userInfo[.firestoreDocumentReference] as? DocumentReference {
            wrappedValue = Value.wrap(reference)
        } else if let container = try? decoder.singleValueContainer(), !container.decodeNil() {
            wrappedValue = try? container.decode(Value.self)
        } else {
            wrappedValue = nil
        }
    }

    /// Encodes the wrapped value (``FirestoreEncoder`` never calls this: it leaves the property out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedEncodingContainer {
    /// Leaves a ``DocumentID`` property out of the written data.
    public mutating func encode<Value>(_ value: DocumentID<Value>, forKey key: Key) throws {}
}

extension KeyedDecodingContainer {
    /// Decodes a ``DocumentID`` property even when the data has no such field.
    public func decode<Value>(_ type: DocumentID<Value>.Type, forKey key: Key) throws -> DocumentID<Value> {
        try DocumentID(from: try superDecoder(forKey: key))
    }
}

extension DocumentID: Equatable where Value: Equatable {}

extension DocumentID: Hashable where Value: Hashable {}
