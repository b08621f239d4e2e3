// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A document's data at one moment, or its absence (Firebase's `DocumentSnapshot`).
///
/// Not subclassable outside the module (``QueryDocumentSnapshot`` is its only subclass); immutable, hence
/// `Sendable`.
public class DocumentSnapshot: @unchecked Sendable, CustomStringConvertible {
    /// The document's location.
    public let reference: DocumentReference
    /// The document's state, nil when it does not exist.
    let document: Document?
    /// Whether the data has pending writes or comes from the cache.
    public let metadata: SnapshotMetadata

    init(reference: DocumentReference, document: Document?, metadata: SnapshotMetadata) {
        self.reference = reference
        self.document = document
        self.metadata = metadata
    }

    /// Whether the document exists.
    public var exists: Bool { document != nil }

    /// The document's ID.
    public var documentID: String { reference.documentID }

    /// The document's fields, nil when it does not exist. Pending server timestamps show as `behavior`
    /// says (null by default).
    public func data(with behavior: ServerTimestampBehavior = .none) -> [String: FirestoreValue]? {
        document.map { reference.firestore.publicFields($0.fields, behavior: behavior) }
    }

    /// The value at a field path (`"address.city"`), nil when the document or field is missing.
    public func get(_ field: FieldPath, serverTimestampBehavior: ServerTimestampBehavior = .none) -> FirestoreValue? {
        guard let document, field.invalidReason == nil else { return nil }
        if field.isDocumentID { return .string(documentID) }
        return document.fields.value(at: field).map {
            reference.firestore.publicValue($0, behavior: serverTimestampBehavior)
        }
    }

    /// The value at a dot-separated field path, nil when the document or field is missing.
    public func get(_ field: String, serverTimestampBehavior: ServerTimestampBehavior = .none) -> FirestoreValue? {
        get(FieldPath(dotSeparated: field), serverTimestampBehavior: serverTimestampBehavior)
    }

    /// `get(field)`.
    public subscript(field: String) -> FirestoreValue? {
        self.get(field)
    }

    /// `DocumentSnapshot(users/ada, exists: true, …)`.
    public var description: String {
        "DocumentSnapshot(\(reference.path), exists: \(exists), \(metadata))"
    }
}
