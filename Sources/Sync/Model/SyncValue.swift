// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A field value of a partial update (`updateDocument(data:)`) or of a query filter: the JSON-like values a
/// document holds, `Sendable` and comparable (the seed takes `[String: Any]`). Literals work:
/// `["name": "John", "age": 30, "tags": ["a"]]`.
public enum SyncValue: Sendable, Hashable {
    /// No value (`nil`).
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer.
    case int(Int64)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SyncValue])
    /// A map of field names to values.
    case map([String: SyncValue])
}

extension SyncValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.array`.
    public init(arrayLiteral elements: SyncValue...) { self = .array(elements) }
    /// `.map` (a later duplicate key wins).
    public init(dictionaryLiteral elements: (String, SyncValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension SyncValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SyncValue].self) {
            self = .array(value)
        } else {
            self = .map(try container.decode([String: SyncValue].self))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .map(let value): try container.encode(value)
        }
    }
}

extension SyncValue {
    /// The value at a dot-separated `path` inside this map (`"address.city"`), or nil.
    func value(at path: [Substring]) -> SyncValue? {
        guard let first = path.first else { return self }
        guard case .map(let fields) = self, let child = fields[String(first)] else { return nil }
        return child.value(at: Array(path.dropFirst()))
    }

    /// Sets the value at `path`, creating maps on the way (a non-map on the way is replaced).
    mutating func setValue(_ value: SyncValue, at path: [Substring]) {
        guard let first = path.first else {
            self = value
            return
        }
        var fields: [String: SyncValue]
        if case .map(let existing) = self { fields = existing } else { fields = [:] }
        var child = fields[String(first)] ?? .null
        child.setValue(value, at: Array(path.dropFirst()))
        fields[String(first)] = child
        self = .map(fields)
    }
}
