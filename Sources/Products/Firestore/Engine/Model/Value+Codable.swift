// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The persistence encoding of stored values: one single-key object per value, tagged by type. Integers
/// and doubles are strings (exact Int64s; NaN and infinities survive JSON).
extension Value: Codable {
    private enum Tag: String, CodingKey {
        case null, bool, int, double, timestamp, string, bytes, reference, geo, array, map
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Tag.self)
        guard let tag = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Untagged value"))
        }
        switch tag {
        case .null:
            self = .null
        case .bool:
            self = .bool(try container.decode(Bool.self, forKey: .bool))
        case .int:
            let text = try container.decode(String.self, forKey: .int)
            guard let value = Int64(text) else {
                throw DecodingError.dataCorruptedError(forKey: .int, in: container, debugDescription: "Bad integer")
            }
            self = .integer(value)
        case .double:
            let text = try container.decode(String.self, forKey: .double)
            guard let bits = UInt64(text, radix: 16) else {
                throw DecodingError.dataCorruptedError(forKey: .double, in: container, debugDescription: "Bad double")
            }
            self = .double(Double(bitPattern: bits))
        case .timestamp:
            self = .timestamp(try container.decode(Timestamp.self, forKey: .timestamp))
        case .string:
            self = .string(try container.decode(String.self, forKey: .string))
        case .bytes:
            self = .bytes(try container.decode(Data.self, forKey: .bytes))
        case .reference:
            let parts = try container.decode([String].self, forKey: .reference)
            guard let database = parts.first else {
                throw DecodingError.dataCorruptedError(
                    forKey: .reference, in: container, debugDescription: "Bad reference")
            }
            self = .reference(database: database, path: ResourcePath(Array(parts.dropFirst())))
        case .geo:
            self = .geoPoint(try container.decode(GeoPoint.self, forKey: .geo))
        case .array:
            self = .array(try container.decode([Value].self, forKey: .array))
        case .map:
            self = .map(try container.decode([String: Value].self, forKey: .map))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .integer(let value): try container.encode(String(value), forKey: .int)
        case .double(let value): try container.encode(String(value.bitPattern, radix: 16), forKey: .double)
        case .timestamp(let value): try container.encode(value, forKey: .timestamp)
        case .serverTimestamp: try container.encode(true, forKey: .null)  // never stored by a backend
        case .string(let value): try container.encode(value, forKey: .string)
        case .bytes(let value): try container.encode(value, forKey: .bytes)
        case .reference(let database, let path): try container.encode([database] + path.segments, forKey: .reference)
        case .geoPoint(let value): try container.encode(value, forKey: .geo)
        case .array(let value): try container.encode(value, forKey: .array)
        case .map(let value): try container.encode(value, forKey: .map)
        }
    }
}
