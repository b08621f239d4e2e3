// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A stored Firestore value: what documents hold in the engine and the backend.
///
/// Unlike the public ``FirestoreValue``, a reference is a database and a path (no `Firestore` instance, so a
/// backend can share it between clients), and a server timestamp that the backend has not set yet is
/// ``serverTimestamp(local:previous:)`` (local views only).
indirect enum Value: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case timestamp(Timestamp)
    /// A `FieldValue.serverTimestamp()` applied locally and not yet acknowledged: the local write time and
    /// the field's value before the write.
    case serverTimestamp(local: Timestamp, previous: Value?)
    case string(String)
    case bytes(Data)
    case reference(database: String, path: ResourcePath)
    case geoPoint(GeoPoint)
    case array([Value])
    case map([String: Value])

    /// Firestore's type order: null < bool < number < timestamp < (pending server timestamp) < string <
    /// bytes < reference < geopoint < array < vector < map (the SDK's `TypeOrder`).
    var typeOrder: Int {
        switch self {
        case .null: return 0
        case .bool: return 1
        case .integer, .double: return 2
        case .timestamp: return 3
        case .serverTimestamp: return 4
        case .string: return 5
        case .bytes: return 6
        case .reference: return 7
        case .geoPoint: return 8
        case .array: return 9
        case .map: return vectorElements == nil ? 11 : 10
        }
    }

    /// The map key naming a special map's type, and a vector's type (the SDK's `kRawTypeValueFieldKey` and
    /// `kRawVectorTypeFieldValue`).
    static let typeKey = "__type__"
    static let vectorType = "__vector__"
    /// The map key of a vector's elements (the SDK's `kRawVectorValueFieldKey`).
    static let vectorValueKey = "value"

    /// A vector as stored: `{__type__: "__vector__", value: [doubles]}`.
    static func vector(_ elements: [Double]) -> Value {
        .map([typeKey: .string(vectorType), vectorValueKey: .array(elements.map(Value.double))])
    }

    /// The elements, if this is a vector: a map of at least two fields whose `__type__` is `"__vector__"`,
    /// with an array `value` (the SDK's `IsVectorValue`).
    var vectorElements: [Value]? {
        guard case .map(let fields) = self, fields.count >= 2, case .string(let type)? = fields[Self.typeKey],
            type == Self.vectorType, case .array(let elements)? = fields[Self.vectorValueKey]
        else { return nil }
        return elements
    }

    /// Whether the value is an integer or a double.
    var isNumber: Bool {
        switch self {
        case .integer, .double: return true
        default: return false
        }
    }

    /// The number as a double; nil for other values.
    var asDouble: Double? {
        switch self {
        case .double(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// Whether the value is NaN.
    var isNaN: Bool {
        if case .double(let value) = self { return value.isNaN }
        return false
    }

    /// Whether the value is null or NaN: values that memberships (`in`, `array-contains`,
    /// `array-contains-any`) never find.
    var isNullOrNaN: Bool {
        switch self {
        case .null: return true
        case .double(let value): return value.isNaN
        default: return false
        }
    }

    /// The value at `path` inside this map value, or nil when a segment is missing or not a map.
    func value(at path: ArraySlice<String>) -> Value? {
        guard let first = path.first else { return self }
        guard case .map(let fields) = self, let child = fields[first] else { return nil }
        return child.value(at: path.dropFirst())
    }
}

/// The fields of a document.
typealias ObjectValue = [String: Value]

extension Dictionary where Key == String, Value == FlintFirestore.Value {
    /// The value at a field path, or nil when missing.
    func value(at path: FieldPath) -> FlintFirestore.Value? {
        guard let first = path.segments.first, let top = self[first] else { return nil }
        return top.value(at: path.segments.dropFirst())
    }

    /// Sets (or, with nil, deletes) the value at `path`, creating intermediate maps (replacing non-map
    /// values on the way).
    mutating func setValue(_ value: FlintFirestore.Value?, at path: FieldPath) {
        setValue(value, at: path.segments[...])
    }

    private mutating func setValue(_ value: FlintFirestore.Value?, at path: ArraySlice<String>) {
        guard let first = path.first else { return }
        if path.count == 1 {
            self[first] = value
            return
        }
        var child: [String: FlintFirestore.Value]
        if case .map(let existing) = self[first] {
            child = existing
        } else {
            if value == nil { return }  // deleting below a missing map: nothing to do
            child = [:]
        }
        self[first] = nil  // keep `child` uniquely referenced while it changes
        child.setValue(value, at: path.dropFirst())
        self[first] = .map(child)
    }
}
