// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The callable protocol's value encoding, as Firebase's `FUNSerializer` does it: a 64-bit integer travels
/// wrapped as a protobuf `Int64Value` (`{"@type": "...Int64Value", "value": "<digits>"}`), an unsigned
/// 64-bit one as a `UInt64Value`, because JSON numbers lose precision above 2^53 in JavaScript; narrower
/// integers (``CallableValue/int32(_:)``, ``CallableValue/uint32(_:)``) travel as plain numbers. Received
/// wrappers are unwrapped again.
enum CallableSerializer {
    /// The `@type` of a wrapped 64-bit integer.
    static let int64Type = "type.googleapis.com/google.protobuf.Int64Value"
    /// The `@type` of a wrapped unsigned 64-bit integer.
    static let uint64Type = "type.googleapis.com/google.protobuf.UInt64Value"

    /// Why a received value could not be decoded.
    struct InvalidWrappedValue: Error, Equatable {
        /// The wrapper's `@type`.
        let type: String
        /// The wrapper's `value`, which is not a valid number of that type.
        let value: String
    }

    /// `value` with every ``CallableValue/int(_:)`` replaced by its `Int64Value` wrapper and every
    /// ``CallableValue/uint(_:)`` by its `UInt64Value` wrapper.
    static func encode(_ value: CallableValue) -> CallableValue {
        switch value {
        case .int(let number):
            .object(["@type": .string(int64Type), "value": .string(String(number))])
        case .uint(let number):
            .object(["@type": .string(uint64Type), "value": .string(String(number))])
        case .array(let elements):
            .array(elements.map(encode))
        case .object(let members):
            .object(members.mapValues(encode))
        case .null, .bool, .int32, .uint32, .double, .string:
            value
        }
    }

    /// `value` with every `Int64Value` wrapper (and `UInt64Value` that fits in `Int64`) replaced by an
    /// ``CallableValue/int(_:)``, every larger `UInt64Value` by a ``CallableValue/uint(_:)``. As in Firebase, an object whose `@type` is unknown, or whose `value` is not
    /// a string, stays an object.
    /// - Throws: ``InvalidWrappedValue`` when a known wrapper's `value` is not a valid integer.
    static func decode(_ value: CallableValue) throws(InvalidWrappedValue) -> CallableValue {
        switch value {
        case .object(let members):
            if case .string(let type)? = members["@type"], case .string(let text)? = members["value"] {
                switch type {
                case int64Type:
                    guard let number = Int64(text) else { throw InvalidWrappedValue(type: type, value: text) }
                    return .int(number)
                case uint64Type:
                    guard let unsigned = UInt64(text) else { throw InvalidWrappedValue(type: type, value: text) }
                    return Int64(exactly: unsigned).map(CallableValue.int) ?? .uint(unsigned)
                default:
                    break
                }
            }
            var decoded: [String: CallableValue] = [:]
            for (key, member) in members {
                decoded[key] = try decode(member)
            }
            return .object(decoded)
        case .array(let elements):
            var decoded: [CallableValue] = []
            decoded.reserveCapacity(elements.count)
            for element in elements {
                decoded.append(try decode(element))
            }
            return .array(decoded)
        case .null, .bool, .int, .uint, .int32, .uint32, .double, .string:
            return value
        }
    }

    /// The deepest nesting of arrays and objects the data of a call may have, a 64-bit integer counting as an
    /// object (it travels as its wrapper): 510, so that the request body, inside its `{"data": …}` object, is
    /// at most 511 levels deep, the most Foundation's `JSONEncoder` writes (its parsers, and the SDK's
    /// `NSJSONSerialization`, read 512).
    static let maximumDataDepth = 510

    /// The request body `{"data": <encoded value>}` as compact JSON with sorted keys.
    /// - Throws: ``FunctionsError`` `invalidArgument` when the value holds a non-finite double or nests
    ///   deeper than ``maximumDataDepth`` (checked first, without recursion: encoding recurses once per level).
    static func requestBody(_ data: CallableValue) throws(FunctionsError) -> Data {
        guard BoundedJSON.nestingIsBounded(data, maximumDepth: maximumDataDepth, children: \.encodedChildren) else {
            throw FunctionsError(
                .invalidArgument,
                message: "The call's data nests deeper than \(maximumDataDepth) levels of arrays and objects.")
        }
        do {
            return try CallableValue.object(["data": encode(data)]).jsonData()
        } catch {
            throw FunctionsError(
                .invalidArgument,
                message: "The call's data cannot be encoded as JSON: \(error)")
        }
    }
}

extension CallableValue {
    /// The children of this value as the request encodes it, nil for a leaf: an ``int(_:)`` or ``uint(_:)``
    /// travels as a wrapper object, so it is a level with no children.
    fileprivate var encodedChildren: [CallableValue]? {
        switch self {
        case .array(let elements): elements
        case .object(let members): Array(members.values)
        case .int, .uint: []
        case .null, .bool, .int32, .uint32, .double, .string: nil
        }
    }
}
