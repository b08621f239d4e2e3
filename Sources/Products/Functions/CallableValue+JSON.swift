// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension CallableValue: Codable {
    /// Decodes any JSON value: `null`, a boolean, a number (``int(_:)`` when it has no fraction and fits in
    /// `Int64`, otherwise ``double(_:)``), a string, an array or an object. Int64 wrappers are NOT unwrapped
    /// here: they decode as objects (unwrapping belongs to the callable protocol, see ``Functions``).
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
        } else if let value = try? container.decode([CallableValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: CallableValue].self))
        }
    }

    /// Encodes the value as plain JSON (every integer as a JSON number, without the Int64/UInt64 wrappers).
    /// Throws `EncodingError.invalidValue` for a non-finite ``double(_:)`` (with the default encoder strategy).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension CallableValue {
    /// Parses JSON text (any JSON value, including a bare string or number).
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(CallableValue.self, from: jsonData)
    }

    /// Compact JSON with sorted keys and unescaped slashes, integers as plain numbers.
    /// - Throws: `EncodingError.invalidValue` when the value holds a non-finite double.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
