// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Decodes a whole config (``RemoteConfig/decoded(asType:)``): a keyed container whose properties are the config's
/// keys, each read by ``RemoteConfigValue/decoded(asType:)``, as Firebase's decoder reads Remote Config values.
struct RemoteConfigDecoder: Decoder {
    /// The values, by key.
    let values: [String: RemoteConfigValue]

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw Self.notKeyed([Any].self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw Self.notKeyed(Any.self)
    }

    /// The error for a type that is not decoded from keys.
    static func notKeyed(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, .init(codingPath: [], debugDescription: "A whole config decodes only as a keyed container."))
    }

    /// The config's keys as a keyed container.
    struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let values: [String: RemoteConfigValue]

        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { values[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeValue(type, forKey: key) }

        /// The value of `key` decoded as `T`; every `decode` overload comes here.
        private func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = values[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: [], debugDescription: "No value for the key \"\(key.stringValue)\"."))
            }
            do {
                return try value.decoded(asType: type)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "\(error)"))
            }
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeValue(type, forKey: key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeValue(type, forKey: key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeValue(type, forKey: key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeValue(type, forKey: key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
            try decodeValue(type, forKey: key)
        }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
            try decodeValue(type, forKey: key)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw RemoteConfigDecoder.notKeyed(type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw RemoteConfigDecoder.notKeyed([Any].self)
        }

        func superDecoder() throws -> any Decoder { RemoteConfigDecoder(values: values) }

        func superDecoder(forKey key: Key) throws -> any Decoder { throw RemoteConfigDecoder.notKeyed(Any.self) }
    }
}
