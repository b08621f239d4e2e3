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
/// On the wire every ``int(_:)`` travels as an `Int64Value` wrapper (see ``Functions``); a JSON number
/// received without a fraction that fits in `Int64` decodes as ``int(_:)``, any other number as
/// ``double(_:)`` (so `.double(2.0)` sent to a function arrives as `.int(2)`; ``doubleValue`` reads both).
public enum CallableValue: Sendable, Hashable {
    /// JSON `null` (also what a call without data sends).
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer; travels as `{"@type":"type.googleapis.com/google.protobuf.Int64Value","value":"<digits>"}`.
    case int(Int64)
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

    /// The integer, or nil for any other case (a ``double(_:)`` is not converted).
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`: a ``double(_:)`` as is, an ``int(_:)`` converted; nil for other cases.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
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
