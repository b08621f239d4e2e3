// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A Swift type with a ``FirestoreValue`` representation, for ``FirestoreValue/init(_:)``:
///
/// ```swift
/// let age = 36
/// try await ref.updateData(["age": FirestoreValue(age), "seen": FirestoreValue(Date())])
/// ```
public protocol FirestoreValueConvertible {
    /// The value as Firestore stores it.
    var firestoreValue: FirestoreValue { get }
}

extension FirestoreValue: FirestoreValueConvertible {
    /// Itself.
    public var firestoreValue: FirestoreValue { self }
}

extension Bool: FirestoreValueConvertible {
    /// A boolean.
    public var firestoreValue: FirestoreValue { .bool(self) }
}

extension Int: FirestoreValueConvertible {
    /// An integer.
    public var firestoreValue: FirestoreValue { .integer(Int64(self)) }
}

extension Int32: FirestoreValueConvertible {
    /// An integer.
    public var firestoreValue: FirestoreValue { .integer(Int64(self)) }
}

extension Int64: FirestoreValueConvertible {
    /// An integer.
    public var firestoreValue: FirestoreValue { .integer(self) }
}

extension Double: FirestoreValueConvertible {
    /// A double.
    public var firestoreValue: FirestoreValue { .double(self) }
}

extension String: FirestoreValueConvertible {
    /// A string.
    public var firestoreValue: FirestoreValue { .string(self) }
}

extension Date: FirestoreValueConvertible {
    /// A timestamp. Never traps: a date Firestore cannot store (before year 1, after 9999, NaN, infinite)
    /// makes an invalid timestamp that writes and queries refuse with ``RPCStatusCode/invalidArgument``.
    public var firestoreValue: FirestoreValue { .timestamp(Timestamp.converting(self)) }
}

extension Data: FirestoreValueConvertible {
    /// Bytes.
    public var firestoreValue: FirestoreValue { .bytes(self) }
}

extension Timestamp: FirestoreValueConvertible {
    /// A timestamp.
    public var firestoreValue: FirestoreValue { .timestamp(self) }
}

extension GeoPoint: FirestoreValueConvertible {
    /// A geopoint.
    public var firestoreValue: FirestoreValue { .geoPoint(self) }
}

extension DocumentReference: FirestoreValueConvertible {
    /// A reference.
    public var firestoreValue: FirestoreValue { .reference(self) }
}

extension Optional: FirestoreValueConvertible where Wrapped: FirestoreValueConvertible {
    /// The wrapped value, or null.
    public var firestoreValue: FirestoreValue { self?.firestoreValue ?? .null }
}

extension Array: FirestoreValueConvertible where Element: FirestoreValueConvertible {
    /// An array.
    public var firestoreValue: FirestoreValue { .array(map(\.firestoreValue)) }
}

extension Dictionary: FirestoreValueConvertible where Key == String, Value: FirestoreValueConvertible {
    /// A map.
    public var firestoreValue: FirestoreValue { .map(mapValues(\.firestoreValue)) }
}
