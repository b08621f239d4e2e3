// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A type a ``ServerTimestamp`` property can hold (Firebase's `ServerTimestampWrappable`): ``Timestamp`` and
/// `Date` conform; conform your own types to store timestamps as you like.
public protocol ServerTimestampWrappable {
    /// The value for a timestamp read from a document.
    static func wrap(_ timestamp: Timestamp) throws -> Self

    /// The timestamp to write for `value`.
    static func unwrap(_ value: Self) throws -> Timestamp
}

extension Date: ServerTimestampWrappable {
    /// The timestamp's date.
    public static func wrap(_ timestamp: Timestamp) throws -> Self {
        timestamp.dateValue()
    }

    /// The date as a timestamp.
    /// - Throws: ``FirestoreError`` with `invalidArgument` for a date Firestore cannot store.
    public static func unwrap(_ value: Self) throws -> Timestamp {
        try Timestamp(date: value)
    }
}

extension Timestamp: ServerTimestampWrappable {
    /// The timestamp itself.
    public static func wrap(_ timestamp: Timestamp) throws -> Self {
        timestamp
    }

    /// The timestamp itself.
    public static func unwrap(_ value: Timestamp) throws -> Timestamp {
        value
    }
}
