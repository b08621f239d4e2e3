// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A document of a query result: it always exists, so ``data(with:)`` is not optional (Firebase's
/// `QueryDocumentSnapshot`).
public final class QueryDocumentSnapshot: DocumentSnapshot, @unchecked Sendable {
    /// The existing document.
    let existing: Document

    init(reference: DocumentReference, existing: Document, metadata: SnapshotMetadata) {
        self.existing = existing
        super.init(reference: reference, document: existing, metadata: metadata)
    }

    /// The document's fields. Pending server timestamps show as `behavior` says (null by default).
    public override func data(with behavior: ServerTimestampBehavior = .none) -> [String: FirestoreValue] {
        reference.firestore.publicFields(existing.fields, behavior: behavior)
    }
}
