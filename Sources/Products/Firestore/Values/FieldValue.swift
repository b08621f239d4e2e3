// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Sentinels for special writes (Firebase's `FieldValue`), usable as values in written data:
///
/// ```swift
/// try await post.updateData([
///     "likes": FieldValue.increment(1),
///     "tags": FieldValue.arrayUnion(["swift"]),
///     "draft": FieldValue.delete(),
///     "updated": FieldValue.serverTimestamp(),
/// ])
/// ```
///
/// Sentinels may not appear inside arrays nor in query arguments; ``delete()`` only in `updateData` and
/// `setData(_:merge:)` / `setData(_:mergeFields:)`.
public enum FieldValue {
    /// Removes the field (only in `updateData` or a merging `setData`).
    public static func delete() -> FirestoreValue {
        .fieldValue(FieldValueSentinel(kind: .delete))
    }

    /// The time the backend commits the write. Local snapshots show it as null until then, or as an
    /// estimate or the previous value (``ServerTimestampBehavior``).
    public static func serverTimestamp() -> FirestoreValue {
        .fieldValue(FieldValueSentinel(kind: .serverTimestamp))
    }

    /// Adds `value` to the field: a missing or non-numeric field counts as 0; integer plus integer stays an
    /// integer (saturating at the Int64 bounds); anything involving a double gives a double.
    public static func increment(_ value: Int64) -> FirestoreValue {
        .fieldValue(FieldValueSentinel(kind: .increment(.integer(value))))
    }

    /// Adds `value` to the field (an integer literal picks this overload).
    public static func increment(_ value: Int) -> FirestoreValue {
        increment(Int64(value))
    }

    /// Adds `value` to the field, giving a double.
    public static func increment(_ value: Double) -> FirestoreValue {
        .fieldValue(FieldValueSentinel(kind: .increment(.double(value))))
    }

    /// Appends each element the array does not already contain (a missing or non-array field counts as
    /// empty).
    public static func arrayUnion(_ elements: [FirestoreValue]) -> FirestoreValue {
        .fieldValue(FieldValueSentinel(kind: .arrayUnion(elements)))
    }

    /// Removes every element equal to one of `elements` (a missing or non-array field becomes empty).
    public static func arrayRemove(_ elements: [FirestoreValue]) -> FirestoreValue {
        .fieldValue(FieldValueSentinel(kind: .arrayRemove(elements)))
    }

    /// A vector of `array`'s elements, stored as a ``VectorValue`` (Firebase's `FieldValue.vector(_:)`; the
    /// SDK returns the `VectorValue` itself, Flint its ``FirestoreValue/vector(_:)`` so it fits in written data).
    public static func vector(_ array: [Double]) -> FirestoreValue {
        .vector(VectorValue(array))
    }

    /// A vector of `array`'s elements, as doubles.
    public static func vector(_ array: [Float]) -> FirestoreValue {
        .vector(VectorValue(array.map(Double.init)))
    }
}
