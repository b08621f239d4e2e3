// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The containers of a `ValueDecoder`.
struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: FirestoreValue]
    let codingPath: [any CodingKey]
    let context: DecodingContext

    var allKeys: [Key] { fields.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func decoder(for key: Key) -> ValueDecoder {
        ValueDecoder(value: fields[key.stringValue], codingPath: codingPath + [key], context: context)
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
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decodeFloat() }
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
        ValueDecoder(value: fields["super"], codingPath: codingPath, context: context)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder(for: key)
    }
}

struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let elements: [FirestoreValue]
    let codingPath: [any CodingKey]
    let context: DecodingContext
    private(set) var currentIndex = 0

    init(elements: [FirestoreValue], codingPath: [any CodingKey], context: DecodingContext) {
        self.elements = elements
        self.codingPath = codingPath
        self.context = context
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
        return ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [key], context: context)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeDouble() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloat() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(type) }
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

struct SingleValueContainer: SingleValueDecodingContainer {
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
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloat() }
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
