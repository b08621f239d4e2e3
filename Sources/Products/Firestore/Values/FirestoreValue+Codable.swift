// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A ``FirestoreValue`` property inside a Codable type: `Firestore.Encoder` and `Firestore.Decoder` keep it
/// as it is; other coders see plain JSON-like values (timestamps as seconds, references as paths, bytes as
/// base64, vectors as `{array: [doubles]}`), which decode back as numbers, strings, arrays and maps.
extension FirestoreValue: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes null, a boolean, an integer, a double, a string, an array or a map.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var fields: [String: FirestoreValue] = [:]
            for key in keyed.allKeys { fields[key.stringValue] = try keyed.decode(FirestoreValue.self, forKey: key) }
            self = .map(fields)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [FirestoreValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(FirestoreValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
        } else if let double = try? single.decode(Double.self) {
            self = .double(double)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value as plain JSON-like data.
    /// - Throws: ``FirestoreEncodingError/encodingIsNotSupported(_:)`` for a ``FieldValue`` sentinel (as the SDK).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .map(let fields):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in fields { try container.encode(value, forKey: Key(stringValue: key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .vector(let vector):
            try vector.encode(to: encoder)
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .fieldValue:
                throw FirestoreEncodingError.encodingIsNotSupported(
                    "FieldValue values can only be encoded with Firestore.Encoder")
            case .bool(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .timestamp(let value): try container.encode(value.dateValue().timeIntervalSince1970)
            case .string(let value): try container.encode(value)
            case .bytes(let value): try container.encode(value.base64EncodedString())
            case .reference(let value): try container.encode(value.path)
            case .geoPoint(let value): try container.encode([value.latitude, value.longitude])
            case .array, .map, .vector: break
            }
        }
    }
}
