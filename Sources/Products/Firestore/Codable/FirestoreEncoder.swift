// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Encodes `Encodable` values into Firestore values (Firebase's `Firestore.Encoder`).
///
/// `Date` becomes a timestamp, `Data` bytes; ``Timestamp``, ``GeoPoint``, ``DocumentReference`` and
/// ``FirestoreValue`` (including ``FieldValue`` sentinels) are kept as they are; a ``DocumentID`` property is
/// left out. Optionals that are nil are left out (as `encodeIfPresent` does).
///
/// ```swift
/// struct City: Codable { @DocumentID var id: String?; var name: String; var population: Int }
/// try await db.collection("cities").document("LA").setData(from: City(name: "Los Angeles", population: 3_900_000))
/// ```
public struct FirestoreEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The fields of `value`, which must encode as a keyed container (a struct or class).
    /// - Throws: `EncodingError.invalidValue` when `value` does not encode as a map.
    public func encode<T: Encodable>(_ value: T) throws -> [String: FirestoreValue] {
        guard case .map(let fields) = try encodeValue(value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) is not encoded as a map of fields."))
        }
        return fields
    }

    /// `value` as one Firestore value.
    public func encodeValue<T: Encodable>(_ value: T) throws -> FirestoreValue {
        try EncodingNode.encode(value, codingPath: [])
    }
}

/// What one encoder writes into: unset, one value, a map or an array of child nodes.
final class EncodingNode {
    enum Storage {
        case empty
        case single(FirestoreValue)
        case map([String: EncodingNode])
        case array([EncodingNode])
    }

    var storage: Storage = .empty

    /// The value written.
    var value: FirestoreValue {
        switch storage {
        case .empty: return .map([:])
        case .single(let value): return value
        case .map(let children): return .map(children.mapValues(\.value))
        case .array(let children): return .array(children.map(\.value))
        }
    }

    /// Encodes `value`, keeping Firestore's own types as they are.
    /// Throws ``RPCStatusCode/invalidArgument`` once `value` sits deeper than Firestore nests maps and
    /// arrays (``UserDataParser/maxNestingDepth``), before encoding it: a recursive `Encodable` (a linked
    /// list, a tree) never recurses deeper than that here, however deep it is.
    static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> FirestoreValue {
        // A value inside `codingPath.count` containers; the parser reports exactly where the limit is crossed,
        // this only stops the recursion one level past it.
        guard codingPath.count <= UserDataParser.maxNestingDepth + 1 else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid data. Maps and arrays can be nested at most "
                    + "\(UserDataParser.maxNestingDepth) levels deep (encoding \(T.self) at "
                    + "\(codingPath.prefix(3).map(\.stringValue).joined(separator: "."))...).")
        }
        if let special = try specialValue(value) { return special }
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
        return node.value
    }

    /// Types with a direct Firestore representation.
    private static func specialValue(_ value: Any) throws -> FirestoreValue? {
        switch value {
        case let value as FirestoreValue: return value
        case let value as Date: return .timestamp(try Timestamp(date: value))
        case let value as Data: return .bytes(value)
        case let value as Timestamp: return .timestamp(value)
        case let value as GeoPoint: return .geoPoint(value)
        case let value as VectorValue: return .vector(value)
        case let value as DocumentReference: return .reference(value)
        case let value as URL: return .string(value.absoluteString)
        case let value as Decimal: return .double(NSDecimalNumber(decimal: value).doubleValue)
        default: return nil
        }
    }
}

/// The `Encoder` writing into an ``EncodingNode``.
struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .map = node.storage {} else { node.storage = .map([:]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.storage {} else { node.storage = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    private func set(_ child: EncodingNode, for key: Key) {
        guard case .map(var children) = node.storage else { return }
        node.storage = .empty
        children[key.stringValue] = child
        node.storage = .map(children)
    }

    private func set(_ value: FirestoreValue, for key: Key) {
        let child = EncodingNode()
        child.storage = .single(value)
        set(child, for: key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.double(Double(value)), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(Int64(value)), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int64(value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int64(value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int64(value)), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(try unsigned(value, key), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(Int64(value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(Int64(value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(Int64(value)), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try unsigned(value, key), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try EncodingNode.encode(value, codingPath: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.storage = .map([:])
        set(child, for: key)
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.storage = .array([])
        set(child, for: key)
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        set(child, for: Key(stringValue: "super")!)
        return NodeEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingNode()
        set(child, for: key)
        return NodeEncoder(node: child, codingPath: codingPath + [key])
    }

    private func unsigned<U: BinaryInteger>(_ value: U, _ key: Key) throws -> FirestoreValue {
        guard let converted = Int64(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "\(value) does not fit in a 64-bit signed integer."))
        }
        return .integer(converted)
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let children) = node.storage { return children.count }
        return 0
    }

    private func append(_ child: EncodingNode) {
        guard case .array(var children) = node.storage else { return }
        node.storage = .empty
        children.append(child)
        node.storage = .array(children)
    }

    private func append(_ value: FirestoreValue) {
        let child = EncodingNode()
        child.storage = .single(value)
        append(child)
    }

    private var indexKey: IndexKey { IndexKey(intValue: count) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { append(.integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try EncodingNode.encode(value, codingPath: codingPath + [indexKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = EncodingNode()
        child.storage = .map([:])
        let key = indexKey
        append(child)
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.storage = .array([])
        let key = indexKey
        append(child)
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        let key = indexKey
        append(child)
        return NodeEncoder(node: child, codingPath: codingPath + [key])
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.storage = .single(.null) }
    mutating func encode(_ value: Bool) throws { node.storage = .single(.bool(value)) }
    mutating func encode(_ value: String) throws { node.storage = .single(.string(value)) }
    mutating func encode(_ value: Double) throws { node.storage = .single(.double(value)) }
    mutating func encode(_ value: Float) throws { node.storage = .single(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { node.storage = .single(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.storage = .single(.integer(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.storage = .single(try EncodingNode.encode(value, codingPath: codingPath))
    }
}

/// An array index as a coding key.
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(intValue: Int) {
        self.intValue = intValue
        stringValue = "Index \(intValue)"
    }

    init?(stringValue: String) {
        return nil
    }
}
