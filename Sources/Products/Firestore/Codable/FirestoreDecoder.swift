// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Decodes `Decodable` values from Firestore values (Firebase's `Firestore.Decoder`).
///
/// Timestamps decode as `Date` or ``Timestamp``, bytes as `Data`; ``GeoPoint``, ``DocumentReference`` and
/// ``FirestoreValue`` are taken as they are; integers decode as any integer type (range-checked) or as a
/// floating point number, doubles as a floating point number or, when integral, an integer. A ``DocumentID``
/// property receives the document's ID or reference. Mismatches throw `DecodingError`.
public struct FirestoreDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// Decodes `type` from a document's fields; `reference` fills ``DocumentID`` properties.
    public func decode<T: Decodable>(
        _ type: T.Type, from fields: [String: FirestoreValue],
        reference: DocumentReference? = nil
    ) throws -> T {
        try decodeValue(type, from: .map(fields), reference: reference)
    }

    /// Decodes `type` from one value.
    public func decodeValue<T: Decodable>(
        _ type: T.Type, from value: FirestoreValue,
        reference: DocumentReference? = nil
    ) throws -> T {
        try ValueDecoder(value: value, codingPath: [], reference: reference).decodeSpecial(type)
    }
}

extension CodingUserInfoKey {
    /// The ``DocumentReference`` being decoded (for ``DocumentID``).
    static let firestoreDocumentReference = CodingUserInfoKey(rawValue: "FlintFirestore.documentReference")!
}

/// The `Decoder` reading one ``FirestoreValue`` (nil: a missing key).
struct ValueDecoder: Decoder {
    let value: FirestoreValue?
    let codingPath: [any CodingKey]
    let reference: DocumentReference?

    var userInfo: [CodingUserInfoKey: Any] {
        reference.map { [.firestoreDocumentReference: $0] } ?? [:]
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let fields)? = value else { throw mismatch([String: FirestoreValue].self) }
        return KeyedDecodingContainer(
            KeyedValueContainer<Key>(
                fields: fields, codingPath: codingPath,
                reference: reference))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements)? = value else { throw mismatch([FirestoreValue].self) }
        return UnkeyedValueContainer(elements: elements, codingPath: codingPath, reference: reference)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        guard let value else {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "No value for \(type)."))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath,
                debugDescription: "Expected \(type), found \(Self.summary(of: value))."))
    }

    /// A short description of `value` for errors: scalars in full (strings cut at 100 characters), maps and
    /// arrays by their size only, so describing a huge or deeply nested value costs nothing.
    static func summary(of value: FirestoreValue) -> String {
        switch value {
        case .map(let fields): "a map of \(fields.count) fields"
        case .array(let elements): "an array of \(elements.count) elements"
        case .string(let string): string.count > 100 ? "\"\(string.prefix(100))…\"" : "\"\(string)\""
        default: "\(value)"
        }
    }

    /// Firestore's own types and primitives directly; anything else through its `init(from:)`.
    ///
    /// Throws `DecodingError.dataCorrupted` once the value sits deeper than Firestore nests maps and arrays
    /// (``UserDataParser/maxNestingDepth``), before decoding it: a value built by hand can be nested without
    /// limit, and a recursive `Decodable` (a linked list, a tree) must never recurse with it until the stack
    /// overflows. Stored documents never nest that deep.
    func decodeSpecial<T: Decodable>(_ type: T.Type) throws -> T {
        guard codingPath.count <= UserDataParser.maxNestingDepth + 1 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: Array(codingPath.prefix(UserDataParser.maxNestingDepth + 1)),
                    debugDescription: "Maps and arrays can be nested at most \(UserDataParser.maxNestingDepth) levels "
                        + "deep (decoding \(T.self))."))
        }
        if type == FirestoreValue.self {
            guard let value else { throw mismatch(type) }
            return value as! T
        }
        if type == Date.self {
            guard case .timestamp(let timestamp)? = value else { throw mismatch(type) }
            return timestamp.dateValue() as! T
        }
        if type == Timestamp.self {
            guard case .timestamp(let timestamp)? = value else { throw mismatch(type) }
            return timestamp as! T
        }
        if type == Data.self {
            guard case .bytes(let bytes)? = value else { throw mismatch(type) }
            return bytes as! T
        }
        if type == GeoPoint.self {
            guard case .geoPoint(let point)? = value else { throw mismatch(type) }
            return point as! T
        }
        if type == VectorValue.self {
            guard case .vector(let vector)? = value else { throw mismatch(type) }
            return vector as! T
        }
        if type == DocumentReference.self {
            guard case .reference(let reference)? = value else { throw mismatch(type) }
            return reference as! T
        }
        if type == URL.self {
            guard case .string(let string)? = value, let url = URL(string: string) else { throw mismatch(type) }
            return url as! T
        }
        return try T(from: self)
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let bool)? = value else { throw mismatch(Bool.self) }
        return bool
    }

    func decodeString() throws -> String {
        guard case .string(let string)? = value else { throw mismatch(String.self) }
        return string
    }

    func decodeDouble() throws -> Double {
        switch value {
        case .double(let double)?: return double
        case .integer(let integer)?: return Double(integer)
        default: throw mismatch(Double.self)
        }
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let converted: I?
        switch value {
        case .integer(let integer)?: converted = I(exactly: integer)
        case .double(let double)?: converted = I(exactly: double)
        default: throw mismatch(type)
        }
        guard let converted else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "\(value!) does not fit in \(type)."))
        }
        return converted
    }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: FirestoreValue]
    let codingPath: [any CodingKey]
    let reference: DocumentReference?

    var allKeys: [Key] { fields.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func decoder(for key: Key) -> ValueDecoder {
        ValueDecoder(value: fields[key.stringValue], codingPath: codingPath + [key], reference: reference)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        switch fields[key.stringValue] {
        case nil, .null?: return true
        default: return false
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decoder(for: key).decodeDouble()) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decodeInteger(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder(for: key).decodeSpecial(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: fields["super"], codingPath: codingPath, reference: reference)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder(for: key)
    }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let elements: [FirestoreValue]
    let codingPath: [any CodingKey]
    let reference: DocumentReference?
    private(set) var currentIndex = 0

    init(elements: [FirestoreValue], codingPath: [any CodingKey], reference: DocumentReference?) {
        self.elements = elements
        self.codingPath = codingPath
        self.reference = reference
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> ValueDecoder {
        let key = IndexKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [key], reference: reference)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try next().decodeDouble()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeSpecial(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next()
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        switch decoder.value {
        case nil, .null?: return true
        default: return false
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
    func decode(_ type: Float.Type) throws -> Float { Float(try decoder.decodeDouble()) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeSpecial(type) }
}
