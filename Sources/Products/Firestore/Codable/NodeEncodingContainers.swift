// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The containers of a `NodeEncoder`.
struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let context: EncodingContext

    private func set(_ child: EncodingNode, for key: Key) {
        set(child, named: context.fieldName(for: key, codingPath: codingPath))
    }

    private func set(_ child: EncodingNode, named name: String) {
        guard case .map(var children) = node.storage else { return }
        node.storage = .empty
        children[name] = child
        node.storage = .map(children)
    }

    private func set(_ value: FirestoreValue, for key: Key) {
        set(EncodingNode(.single(value)), for: key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try context.double(value, codingPath: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try context.double(Double(value), codingPath: codingPath + [key]), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try setInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try setInteger(value, key) }

    private func setInteger<I: BinaryInteger>(_ value: I, _ key: Key) throws {
        set(try context.integer(value, codingPath: codingPath + [key]), for: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // A `@DocumentID` property is not written (its value comes from the document when reading).
        if value is any DocumentIDProtocol { return }
        set(try context.encode(value, codingPath: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode(.map([:]))
        set(child, for: key)
        return KeyedEncodingContainer(
            KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key], context: context))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode(.array([]))
        set(child, for: key)
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key], context: context)
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        // The superclass's fields go under "super" (as JSONEncoder does), whatever keys the subclass has.
        set(child, named: "super")
        return NodeEncoder(
            node: child, codingPath: codingPath + [StringCodingKey(stringValue: "super")], context: context)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingNode()
        set(child, for: key)
        return NodeEncoder(node: child, codingPath: codingPath + [key], context: context)
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let context: EncodingContext

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
        append(EncodingNode(.single(value)))
    }

    private var indexKey: IndexKey { IndexKey(intValue: count) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        append(try context.double(value, codingPath: codingPath + [indexKey]))
    }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { try appendInteger(value) }
    mutating func encode(_ value: Int8) throws { try appendInteger(value) }
    mutating func encode(_ value: Int16) throws { try appendInteger(value) }
    mutating func encode(_ value: Int32) throws { try appendInteger(value) }
    mutating func encode(_ value: Int64) throws { try appendInteger(value) }
    mutating func encode(_ value: UInt) throws { try appendInteger(value) }
    mutating func encode(_ value: UInt8) throws { try appendInteger(value) }
    mutating func encode(_ value: UInt16) throws { try appendInteger(value) }
    mutating func encode(_ value: UInt32) throws { try appendInteger(value) }
    mutating func encode(_ value: UInt64) throws { try appendInteger(value) }

    private func appendInteger<I: BinaryInteger>(_ value: I) throws {
        append(try context.integer(value, codingPath: codingPath + [indexKey]))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try context.encode(value, codingPath: codingPath + [indexKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = EncodingNode(.map([:]))
        let key = indexKey
        append(child)
        return KeyedEncodingContainer(
            KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key], context: context))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode(.array([]))
        let key = indexKey
        append(child)
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key], context: context)
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        let key = indexKey
        append(child)
        return NodeEncoder(node: child, codingPath: codingPath + [key], context: context)
    }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let context: EncodingContext

    private func set(_ value: FirestoreValue) { node.storage = .single(value) }
    private func setInteger<I: BinaryInteger>(_ value: I) throws {
        set(try context.integer(value, codingPath: codingPath))
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try context.double(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { try setInteger(value) }
    mutating func encode(_ value: Int8) throws { try setInteger(value) }
    mutating func encode(_ value: Int16) throws { try setInteger(value) }
    mutating func encode(_ value: Int32) throws { try setInteger(value) }
    mutating func encode(_ value: Int64) throws { try setInteger(value) }
    mutating func encode(_ value: UInt) throws { try setInteger(value) }
    mutating func encode(_ value: UInt8) throws { try setInteger(value) }
    mutating func encode(_ value: UInt16) throws { try setInteger(value) }
    mutating func encode(_ value: UInt32) throws { try setInteger(value) }
    mutating func encode(_ value: UInt64) throws { try setInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try context.encode(value, codingPath: codingPath))
    }
}
