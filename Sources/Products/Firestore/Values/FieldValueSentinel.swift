// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A write-only marker made by ``FieldValue``: where it appears in written data, the write does
/// something special to that field (``FirestoreValue/fieldValue(_:)``).
public struct FieldValueSentinel: Sendable, Equatable, CustomStringConvertible {
    /// What the sentinel does.
    indirect enum Kind: Sendable, Equatable {
        case delete
        case serverTimestamp
        case increment(FirestoreValue)
        case arrayUnion([FirestoreValue])
        case arrayRemove([FirestoreValue])
    }

    /// What the sentinel does.
    let kind: Kind

    /// The name of the ``FieldValue`` method that made it, e.g. `FieldValue.serverTimestamp()`.
    public var description: String {
        switch kind {
        case .delete: return "FieldValue.delete()"
        case .serverTimestamp: return "FieldValue.serverTimestamp()"
        case .increment: return "FieldValue.increment()"
        case .arrayUnion: return "FieldValue.arrayUnion()"
        case .arrayRemove: return "FieldValue.arrayRemove()"
        }
    }
}
