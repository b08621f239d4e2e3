// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A JSON-like value: the data a callable function receives and returns.
///
/// Firebase passes `Any` here; Flint uses a `Sendable`, `Hashable` value so that calls can cross tasks
/// and results can be compared in tests. Literals build it directly:
///
/// ```swift
/// let result = try await functions.httpsCallable("addMessage").call(["text": "hi", "count": 3, "tags": ["a"]])
/// let id = result.data["messageID"]?.stringValue
/// ```
///
/// Integers keep their width, because the callable protocol sends them as Firebase's serializer does (see
/// ``Functions``): a 64-bit ``int(_:)`` (`Int`, `Int64`) travels as an `Int64Value` wrapper, a 64-bit
/// ``uint(_:)`` (`UInt`, `UInt64`) as a `UInt64Value` wrapper, a narrower ``int32(_:)`` (`Int32`, `Int16`,
/// `Int8`) or ``uint32(_:)`` (`UInt32`, `UInt16`, `UInt8`) as a plain JSON number. ``init(_:)`` picks the case
/// from the integer's type; an integer literal is an ``int(_:)``. The cases are distinct values
/// (`.int32(3) != .int(3)`); ``intValue`` and ``doubleValue`` read them all.
///
/// A JSON number received without a fraction that fits in `Int64` decodes as ``int(_:)`` (and so does an
/// `Int64Value` wrapper, or a `UInt64Value` wrapper that fits; a larger `UInt64Value` decodes as
/// ``uint(_:)``), any other number as ``double(_:)`` (so `.double(2.0)` sent to a function arrives as
/// `.int(2)`; ``doubleValue`` reads both).
public enum CallableValue: Sendable, Hashable {
    /// JSON `null` (also what a call without data sends).
    case null
    /// A boolean.
    case bool(Bool)
    /// A 64-bit integer (`Int`, `Int64`); travels as
    /// `{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"<digits>"}`.
    case int(Int64)
    /// An unsigned 64-bit integer (`UInt`, `UInt64`); travels as
    /// `{"@type":"type.googleapis.com/google.protobuf.UInt64Value","value":"<digits>"}`.
    case uint(UInt64)
    /// A signed integer of 32 bits or fewer (`Int32`, `Int16`, `Int8`); travels as a plain JSON number.
    case int32(Int32)
    /// An unsigned integer of 32 bits or fewer (`UInt32`, `UInt16`, `UInt8`); travels as a plain JSON number.
    case uint32(UInt32)
    /// A floating-point number; must be finite to be sent.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([CallableValue])
    /// An object (a JSON dictionary).
    case object([String: CallableValue])

    /// Whether this is ``null``.
    public var isNull: Bool { self == .null }

    /// The boolean, or nil for any other case.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer of any integer case, or nil for other cases and for a ``uint(_:)`` above `Int64.max`
    /// (a ``double(_:)`` is not converted).
    public var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .uint(let value): Int64(exactly: value)
        case .int32(let value): Int64(value)
        case .uint32(let value): Int64(value)
        default: nil
        }
    }

    /// The number as a `Double`: a ``double(_:)`` as is, any integer case converted; nil for other cases.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        case .uint(let value): Double(value)
        case .int32(let value): Double(value)
        case .uint32(let value): Double(value)
        default: nil
        }
    }

    /// The integer `value` in the case its type's width calls for: ``int32(_:)`` or ``uint32(_:)`` for
    /// types of 32 bits or fewer, ``int(_:)`` or ``uint(_:)`` for 64-bit types (`Int`, `UInt` included) and
    /// wider types whose value fits, ``double(_:)`` for a wider value that does not.
    public init<Integer: FixedWidthInteger>(_ value: Integer) {
        if Integer.bitWidth <= 32 {
            self =
                Integer.isSigned ? .int32(Int32(truncatingIfNeeded: value)) : .uint32(UInt32(truncatingIfNeeded: value))
        } else if Integer.isSigned, let signed = Int64(exactly: value) {
            self = .int(signed)
        } else if !Integer.isSigned, let unsigned = UInt64(exactly: value) {
            self = .uint(unsigned)
        } else {
            self = .double(Double(value))
        }
    }

    /// The string, or nil for any other case.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, or nil when this is not an ``array(_:)``.
    public var arrayValue: [CallableValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, or nil when this is not an ``object(_:)``.
    public var objectValue: [String: CallableValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key` of an ``object(_:)``; nil when absent or when this is not an object.
    public subscript(key: String) -> CallableValue? {
        objectValue?[key]
    }

    /// The element at `index` of an ``array(_:)``; nil when out of range or when this is not an array.
    public subscript(index: Int) -> CallableValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }
}

extension CallableValue: ExpressibleByNilLiteral {
    /// `nil` is ``null``.
    public init(nilLiteral: ()) { self = .null }
}

extension CallableValue: ExpressibleByBooleanLiteral {
    /// A ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension CallableValue: ExpressibleByIntegerLiteral {
    /// An ``int(_:)``.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension CallableValue: ExpressibleByFloatLiteral {
    /// A ``double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension CallableValue: ExpressibleByStringLiteral {
    /// A ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension CallableValue: ExpressibleByArrayLiteral {
    /// An ``array(_:)``.
    public init(arrayLiteral elements: CallableValue...) { self = .array(elements) }
}

extension CallableValue: ExpressibleByDictionaryLiteral {
    /// An ``object(_:)``; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, CallableValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension CallableValue: CustomStringConvertible {
    /// The value as compact JSON with sorted keys (integers unwrapped), e.g. `{"count":3,"text":"hi"}`.
    public var description: String {
        (try? String(decoding: jsonData(), as: UTF8.self)) ?? "<non-finite number>"
    }
}
