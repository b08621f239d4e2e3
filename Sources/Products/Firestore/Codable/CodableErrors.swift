// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Decoding failures specific to Firestore's Codable support (Firebase's `FirestoreDecodingError`); data that
/// does not match a type throws Swift's `DecodingError`.
public enum FirestoreDecodingError: Error, Sendable, Equatable {
    /// A Firestore-only type (``DocumentID``, ``DocumentReference``) was decoded by another decoder.
    case decodingIsNotSupported(String)
    /// A field conflicts with a ``DocumentID`` property (the SDK declares it; neither it nor Flint throws it
    /// any more: the property gets the document's ID and the field is ignored).
    case fieldNameConflict(String)
    /// An internal inconsistency.
    case `internal`
}

/// Encoding failures specific to Firestore's Codable support (Firebase's `FirestoreEncodingError`); values
/// that cannot be written throw Swift's `EncodingError`.
public enum FirestoreEncodingError: Error, Sendable, Equatable {
    /// A Firestore-only type (``DocumentID``, ``DocumentReference``, a ``FieldValue`` sentinel) was encoded by
    /// another encoder.
    case encodingIsNotSupported(String)
}
