// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// What one encoder writes into: unset, one value, a map or an array of child nodes.
final class EncodingNode {
    enum Storage {
        case empty
        case single(FirestoreValue)
        case map([String: EncodingNode])
        case array([EncodingNode])
    }

    var storage: Storage = .empty

    init(_ storage: Storage = .empty) {
        self.storage = storage
    }

    /// The value written.
    var value: FirestoreValue {
        switch storage {
        case .empty: return .map([:])
        case .single(let value): return value
        case .map(let children): return .map(children.mapValues(\.value))
        case .array(let children): return .array(children.map(\.value))
        }
    }
}

/// One `encode` call: its settings, shared by every container.
final class EncodingContext {
    let options: EncodingOptions
    let userInfo: [CodingUserInfoKey: Any]

    init(options: EncodingOptions) {
        self.options = options
        userInfo = options.userInfo
    }

    /// Encodes `value`, keeping Firestore's own types as they are.
    /// Throws ``RPCStatusCode/invalidArgument`` once `value` sits deeper than Firestore nests maps and
    /// arrays (``UserDataParser/maxNestingDepth``), before encoding it: a recursive `Encodable` (a linked
    /// list, a tree) never recurses deeper than that here, however deep it is.
    func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> FirestoreValue {
        // A value inside `codingPath.count` containers; the parser reports exactly where the limit is crossed,
        // this only stops the recursion one level past it.
        guard codingPath.count <= UserDataParser.maxNestingDepth + 1 else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid data. Maps and arrays can be nested at most "
                    + "\(UserDataParser.maxNestingDepth) levels deep (encoding \(T.self) at "
                    + "\(codingPath.prefix(3).map(\.stringValue).joined(separator: "."))...).")
        }
        if let special = try specialValue(value, codingPath: codingPath) { return special }
        let node = EncodingNode()
        if let dictionary = value as? any EncodableStringKeyedDictionary {
            // Dictionary keys are data, not property names: no key strategy.
            var children: [String: EncodingNode] = [:]
            for (key, element) in dictionary.encodableEntries {
                children[key] = EncodingNode(
                    .single(try encode(element, codingPath: codingPath + [StringCodingKey(stringValue: key)])))
            }
            return EncodingNode(.map(children)).value
        }
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, context: self))
        return node.value
    }

    /// Types with a direct Firestore representation, and the strategies' types.
    private func specialValue(_ value: Any, codingPath: [any CodingKey]) throws -> FirestoreValue? {
        switch value {
        case let value as FirestoreValue: return value
        case let value as Date: return try encodeDate(value, codingPath: codingPath)
        case let value as Data: return try encodeData(value, codingPath: codingPath)
        case let value as Timestamp: return .timestamp(value)
        case let value as GeoPoint: return .geoPoint(value)
        case let value as VectorValue: return .vector(value)
        case let value as DocumentReference: return .reference(value)
        case let value as URL: return .string(value.absoluteString)
        case let value as Decimal: return .double(NSDecimalNumber(decimal: value).doubleValue)
        default: return nil
        }
    }

    private func encodeDate(_ date: Date, codingPath: [any CodingKey]) throws -> FirestoreValue {
        switch options.date {
        case .timestamp: return .timestamp(try Timestamp(date: date))
        case .deferredToDate: return try encodeDefault(date, codingPath: codingPath)
        case .secondsSince1970: return try double(date.timeIntervalSince1970, codingPath: codingPath)
        case .millisecondsSince1970: return try double(1000 * date.timeIntervalSince1970, codingPath: codingPath)
        case .iso8601: return .string(date.formatted(.iso8601))
        case .formatted(let formatter): return .string(formatter.string(from: date))
        case .custom(let closure): return try encodeCustom(codingPath: codingPath) { try closure(date, $0) }
        }
    }

    private func encodeData(_ data: Data, codingPath: [any CodingKey]) throws -> FirestoreValue {
        switch options.data {
        case .blob: return .bytes(data)
        case .deferredToData: return try encodeDefault(data, codingPath: codingPath)
        case .base64: return .string(data.base64EncodedString())
        case .custom(let closure): return try encodeCustom(codingPath: codingPath) { try closure(data, $0) }
        }
    }

    /// What the type's own `encode(to:)` writes.
    private func encodeDefault<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> FirestoreValue {
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, context: self))
        return node.value
    }

    /// What a strategy's closure writes (an empty map when it writes nothing).
    private func encodeCustom(
        codingPath: [any CodingKey], _ body: (any Encoder) throws -> Void
    ) throws -> FirestoreValue {
        let node = EncodingNode()
        try body(NodeEncoder(node: node, codingPath: codingPath, context: self))
        return node.value
    }

    /// `value`, or its replacement string when it is infinite or NaN.
    func double(_ value: Double, codingPath: [any CodingKey]) throws -> FirestoreValue {
        guard value.isNaN || value.isInfinite else { return .double(value) }
        guard case .convertToString(let positive, let negative, let nan) = options.nonConformingFloat else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Unable to encode \(value) directly. Use "
                        + "Firestore.Encoder.NonConformingFloatEncodingStrategy.convertToString to write it "
                        + "as a string."))
        }
        return .string(value.isNaN ? nan : value > 0 ? positive : negative)
    }

    /// An integer, which must fit in 64 signed bits.
    func integer<I: BinaryInteger>(_ value: I, codingPath: [any CodingKey]) throws -> FirestoreValue {
        guard let converted = Int64(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(value) does not fit in a 64-bit signed integer."))
        }
        return .integer(converted)
    }

    /// The field name for `key` under the key strategy.
    func fieldName(for key: some CodingKey, codingPath: [any CodingKey]) -> String {
        switch options.key {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return SnakeCaseKeys.fromCamelCase(key.stringValue)
        case .custom(let closure): return closure(codingPath + [key]).stringValue
        }
    }
}

/// The `Encoder` writing into an ``EncodingNode``.
struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let context: EncodingContext
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .map = node.storage {} else { node.storage = .map([:]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.storage {} else { node.storage = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath, context: context)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath, context: context)
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
