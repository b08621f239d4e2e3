// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A Firestore value, as you write it and as snapshots return it.
///
/// Firebase's Apple SDK takes and returns `[String: Any]`. In Swift 6 strict concurrency a document must be
/// `Sendable`, so Flint uses this enum instead, with literal conformances so that data reads as naturally:
///
/// ```swift
/// try await db.document("users/ada").setData([
///     "name": "Ada", "age": 36, "score": 9.5, "tags": ["math", "engines"],
///     "address": ["city": "London"], "spouse": nil,
///     "updated": FieldValue.serverTimestamp(),
/// ])
/// let city = try await db.document("users/ada").getDocument().get("address.city")?.stringValue
/// ```
///
/// Swift values that are not literals convert with ``init(_:)`` (any ``FirestoreValueConvertible``:
/// `Bool`, the integer types, `Double`, `String`, `Date`, `Data`, ``Timestamp``, ``GeoPoint``,
/// ``VectorValue``, ``DocumentReference`` and arrays and dictionaries of them), or go through Codable with
/// `setData(from:)` / `data(as:)`.
///
/// Equality is strict, as in `in` and `array-contains` filters: `.integer(1) != .double(1.0)`.
public enum FirestoreValue: Sendable, Equatable, CustomStringConvertible {
    /// Null (`nil` in a literal).
    case null
    /// A boolean.
    case bool(Bool)
    /// A 64-bit integer.
    case integer(Int64)
    /// A 64-bit floating point number.
    case double(Double)
    /// A timestamp (a `Date` converts to one).
    case timestamp(Timestamp)
    /// A UTF-8 string.
    case string(String)
    /// Bytes (`Data`).
    case bytes(Data)
    /// A reference to a document of the same database.
    case reference(DocumentReference)
    /// A geographical point.
    case geoPoint(GeoPoint)
    /// An array (arrays may not directly contain arrays or ``FieldValue`` sentinels).
    case array([FirestoreValue])
    /// A map of field names to values (a nested object).
    case map([String: FirestoreValue])
    /// A vector of doubles (`FieldValue.vector(_:)`); ordered after arrays and before maps.
    case vector(VectorValue)
    /// A write-only sentinel made by ``FieldValue`` (server timestamp, increment, array union / remove,
    /// delete). Never returned by reads.
    indirect case fieldValue(FieldValueSentinel)

    /// The value of any convertible Swift value.
    public init<T: FirestoreValueConvertible>(_ value: T) {
        self = value.firestoreValue
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is an integer.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a double, if this is an integer or a double.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// The boolean, if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The timestamp, if this is a timestamp.
    public var timestampValue: Timestamp? {
        if case .timestamp(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [FirestoreValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The fields, if this is a map.
    public var mapValue: [String: FirestoreValue]? {
        if case .map(let value) = self { return value }
        return nil
    }

    /// The reference, if this is a document reference.
    public var referenceValue: DocumentReference? {
        if case .reference(let value) = self { return value }
        return nil
    }

    /// The vector, if this is a vector.
    public var vectorValue: VectorValue? {
        if case .vector(let value) = self { return value }
        return nil
    }

    /// Whether this is null.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The field `key` of a map value (nil for other values or a missing key).
    public subscript(key: String) -> FirestoreValue? {
        mapValue?[key]
    }

    /// Strict equality (see the type's documentation); references are equal when they name the same
    /// database and path.
    public static func == (lhs: FirestoreValue, rhs: FirestoreValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.integer(let left), .integer(let right)): return left == right
        case (.double(let left), .double(let right)):
            return left.bitPattern == right.bitPattern || (left.isNaN && right.isNaN)
        case (.timestamp(let left), .timestamp(let right)): return left == right
        case (.string(let left), .string(let right)): return equalUTF8(left, right)
        case (.bytes(let left), .bytes(let right)): return left == right
        case (.reference(let left), .reference(let right)): return left == right
        case (.geoPoint(let left), .geoPoint(let right)): return left == right
        case (.array(let left), .array(let right)): return left == right
        case (.map(let left), .map(let right)): return left == right
        case (.vector(let left), .vector(let right)):  // element by element, strictly, as doubles are
            return left.array.map(FirestoreValue.double) == right.array.map(FirestoreValue.double)
        case (.fieldValue(let left), .fieldValue(let right)): return left == right
        default: return false
        }
    }

    /// A compact, JSON-like rendering (`"Ada"`, `36`, `["a", 1]`, `{age: 36, name: "Ada"}` with sorted keys).
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .timestamp(let value): return value.description
        case .string(let value): return "\"\(value)\""
        case .bytes(let value): return "<\(value.count) bytes>"
        case .reference(let value): return "DocumentReference(\(value.path))"
        case .geoPoint(let value): return value.description
        case .array(let value): return "[" + value.map(\.description).joined(separator: ", ") + "]"
        case .map(let value):
            return "{" + value.keys.sorted().map { "\($0): \(value[$0]!.description)" }.joined(separator: ", ") + "}"
        case .vector(let value): return value.description
        case .fieldValue(let value): return value.description
        }
    }
}

extension FirestoreValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is ``null``.
    public init(nilLiteral: ()) { self = .null }
    /// `true` / `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is an ``integer(_:)``.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating point literal is a ``double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: FirestoreValue...) { self = .array(elements) }
    /// A dictionary literal is a ``map(_:)`` (the last value wins for a repeated key).
    public init(dictionaryLiteral elements: (String, FirestoreValue)...) {
        self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
