// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Encodes an `Encodable` request straight into a ``CallableValue``, keeping each integer's width the way
/// Firebase's `FirebaseDataEncoder` keeps it in an `NSNumber`: `Int`/`Int64` become ``CallableValue/int(_:)``
/// (sent as `Int64Value`), `UInt`/`UInt64` ``CallableValue/uint(_:)`` (`UInt64Value`), narrower integers
/// ``CallableValue/int32(_:)``/``CallableValue/uint32(_:)`` (plain numbers). Going through JSON text would
/// lose the widths.
///
/// The caller's `JSONEncoder` still decides everything else: its key strategy names the keys, and dates,
/// data, URLs, decimals and non-finite floats are encoded by it (with its strategies) and spliced in; its
/// `userInfo` is the encoder's. A ``CallableValue`` inside the request is taken as is.
struct CallableValueEncoder {
    let json: JSONEncoder

    /// `value` as a callable value.
    /// - Throws: `EncodingError` as `JSONEncoder` would.
    func encode<Value: Encodable>(_ value: Value) throws -> CallableValue {
        try Options(json: json).box(value, at: []).resolve()
    }

    /// What every container of one encoding shares.
    fileprivate struct Options {
        let json: JSONEncoder

        /// `value` as a node: leaves `JSONEncoder` treats specially are encoded by it, others by their own
        /// `encode(to:)`.
        func box<Value: Encodable>(_ value: Value, at path: [any CodingKey]) throws -> Node {
            if let callable = value as? CallableValue { return Node(callable) }
            if value is Date || value is Data || value is URL || value is Decimal {
                return Node(try CallableValue(jsonData: json.encode(value)))
            }
            let node = Node()
            try value.encode(to: ValueEncoder(node: node, codingPath: path, options: self))
            return node
        }

        /// A floating-point leaf: finite values directly, others by `JSONEncoder` (its non-conforming float
        /// strategy, or its error).
        func box<Float: BinaryFloatingPoint & Encodable & LosslessStringConvertible>(float value: Float) throws -> Node
        {
            guard value.isFinite else { return Node(try CallableValue(jsonData: json.encode(value))) }
            // A Float's shortest description, as JSONEncoder writes it (0.1, not 0.10000000149011612).
            return Node(.double(Double(value.description) ?? Double(value)))
        }

        /// The name `key` gets under `JSONEncoder`'s key strategy at `path`.
        func name(of key: any CodingKey, at path: [any CodingKey]) throws -> String {
            switch json.keyEncodingStrategy {
            case .useDefaultKeys:
                return key.stringValue
            case .custom(let convert):
                return convert(path + [key]).stringValue
            default:
                // convertToSnakeCase (and any future strategy): let JSONEncoder name a one-key object.
                let named = try CallableValue(jsonData: json.encode(OneKey(name: key.stringValue)))
                return named.objectValue?.keys.first ?? key.stringValue
            }
        }
    }

    /// A value being built: a leaf, an array or an object (an encoder that wrote nothing gives `{}`).
    fileprivate final class Node {
        enum Kind {
            case empty
            case leaf(CallableValue)
            case array, object
        }
        var kind: Kind
        var elements: [Node] = []
        var members: [String: Node] = [:]

        init(_ value: CallableValue? = nil) {
            kind = value.map(Kind.leaf) ?? .empty
        }

        func resolve() -> CallableValue {
            switch kind {
            case .empty: .object([:])
            case .leaf(let value): value
            case .array: .array(elements.map { $0.resolve() })
            case .object: .object(members.mapValues { $0.resolve() })
            }
        }
    }

    /// The `Encoder` handed to each value's `encode(to:)`.
    private struct ValueEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        let options: Options
        var userInfo: [CodingUserInfoKey: Any] { options.json.userInfo }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.kind {} else { node.kind = .object }
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath, options: options))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.kind {} else { node.kind = .array }
            return UnkeyedContainer(node: node, codingPath: codingPath, options: options)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: node, codingPath: codingPath, options: options)
        }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]
        let options: Options

        private func set(_ child: Node, for key: Key) throws {
            node.members[try options.name(of: key, at: codingPath)] = child
        }

        mutating func encodeNil(forKey key: Key) throws { try set(Node(.null), for: key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try set(Node(.bool(value)), for: key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try set(Node(.string(value)), for: key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try set(options.box(float: value), for: key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try set(options.box(float: value), for: key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try set(Node(CallableValue(value)), for: key) }

        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
            try set(options.box(value, at: codingPath + [key]), for: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            ValueEncoder(node: child(for: key), codingPath: codingPath + [key], options: options)
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            ValueEncoder(node: child(for: key), codingPath: codingPath + [key], options: options).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let key = SuperKey.super
            let child = Node()
            node.members[(try? options.name(of: key, at: codingPath)) ?? key.stringValue] = child
            return ValueEncoder(node: child, codingPath: codingPath + [key], options: options)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(node: child(for: key), codingPath: codingPath + [key], options: options)
        }

        /// A new empty member `key` (the protocol's nested-container methods cannot throw: a key the strategy
        /// cannot name keeps its own name).
        private func child(for key: Key) -> Node {
            let child = Node()
            node.members[(try? options.name(of: key, at: codingPath)) ?? key.stringValue] = child
            return child
        }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let options: Options
        var count: Int { node.elements.count }

        private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

        mutating func encodeNil() throws { node.elements.append(Node(.null)) }
        mutating func encode(_ value: Bool) throws { node.elements.append(Node(.bool(value))) }
        mutating func encode(_ value: String) throws { node.elements.append(Node(.string(value))) }
        mutating func encode(_ value: Double) throws { node.elements.append(try options.box(float: value)) }
        mutating func encode(_ value: Float) throws { node.elements.append(try options.box(float: value)) }
        mutating func encode(_ value: Int) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: Int8) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: Int16) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: Int32) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: Int64) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt8) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt16) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt32) throws { node.elements.append(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt64) throws { node.elements.append(Node(CallableValue(value))) }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            node.elements.append(try options.box(value, at: nextPath))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            let path = nextPath
            return ValueEncoder(node: appendChild(), codingPath: path, options: options).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let path = nextPath
            return ValueEncoder(node: appendChild(), codingPath: path, options: options).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let path = nextPath
            return ValueEncoder(node: appendChild(), codingPath: path, options: options)
        }

        private func appendChild() -> Node {
            let child = Node()
            node.elements.append(child)
            return child
        }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let options: Options

        private func set(_ value: Node) {
            node.kind = value.kind
            node.elements = value.elements
            node.members = value.members
        }

        mutating func encodeNil() throws { set(Node(.null)) }
        mutating func encode(_ value: Bool) throws { set(Node(.bool(value))) }
        mutating func encode(_ value: String) throws { set(Node(.string(value))) }
        mutating func encode(_ value: Double) throws { set(try options.box(float: value)) }
        mutating func encode(_ value: Float) throws { set(try options.box(float: value)) }
        mutating func encode(_ value: Int) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: Int8) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: Int16) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: Int32) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: Int64) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt8) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt16) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt32) throws { set(Node(CallableValue(value))) }
        mutating func encode(_ value: UInt64) throws { set(Node(CallableValue(value))) }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            set(try options.box(value, at: codingPath))
        }
    }

    /// An object with one `null` member `name`, for `JSONEncoder` to name under its key strategy.
    fileprivate struct OneKey: Encodable {
        let name: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NameKey.self)
            try container.encodeNil(forKey: NameKey(stringValue: name))
        }
    }

    private struct NameKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    private enum SuperKey: String, CodingKey {
        case `super`
    }
}
