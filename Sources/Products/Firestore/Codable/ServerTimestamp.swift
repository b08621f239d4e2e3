// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Marks an optional ``Timestamp``, `Date` (or other ``ServerTimestampWrappable``) property to be set by the
/// backend (Firebase's `@ServerTimestamp`): written while nil, it writes `FieldValue.serverTimestamp()`;
/// read back, it holds the timestamp the backend committed (nil while the write is pending, unless the
/// snapshot is read with `.estimate` or `.previous`).
///
/// ```swift
/// struct Message: Codable {
///     var text: String
///     @ServerTimestamp var sentAt: Date?
/// }
/// try await db.collection("messages").addDocument(from: Message(text: "hi"))
/// ```
@propertyWrapper
public struct ServerTimestamp<Value: ServerTimestampWrappable & Codable>: Codable {
    /// The timestamp, nil until the backend set it.
    public var wrappedValue: Value?

    /// A property holding `wrappedValue` (nil: the backend sets it when written).
    public init(wrappedValue value: Value?) {
        wrappedValue = value
    }

    /// Null decodes as nil, a timestamp through `Value.wrap(_:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            wrappedValue = nil
        } else {
            wrappedValue = try Value.wrap(container.decode(Timestamp.self))
        }
    }

    /// A value as a timestamp (through `Value.unwrap(_:)`); nil as `FieldValue.serverTimestamp()`, which
    /// only `Firestore.Encoder` can write (other encoders throw ``FirestoreEncodingError``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(Value.unwrap(wrappedValue))
        } else {
            try container.encode(FieldValue.serverTimestamp())
        }
    }
}

extension ServerTimestamp: Sendable where Value: Sendable {}

extension ServerTimestamp: Equatable where Value: Equatable {}

extension ServerTimestamp: Hashable where Value: Hashable {}
