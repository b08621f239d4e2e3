// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Writing `Encodable` values (through ``FirestoreEncoder``) wherever data is written.
extension DocumentReference {
    /// Writes an `Encodable` value (``FirestoreEncoder``): replaces the document, or merges with `merge`.
    public func setData<T: Encodable>(from value: T, merge: Bool = false) async throws {
        try await setData(try FirestoreEncoder().encode(value), merge: merge)
    }
}

extension CollectionReference {
    /// Adds a document with an automatic ID holding an `Encodable` value.
    @discardableResult
    public func addDocument<T: Encodable>(from value: T) async throws -> DocumentReference {
        try await addDocument(data: try FirestoreEncoder().encode(value))
    }
}

extension WriteBatch {
    /// Writes an `Encodable` value to the document (replacing it, or merging with `merge`).
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference,
        merge: Bool = false
    ) throws -> WriteBatch {
        setData(try FirestoreEncoder().encode(value), forDocument: document, merge: merge)
    }
}

extension Transaction {
    /// Writes an `Encodable` value to the document (replacing it, or merging with `merge`).
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference,
        merge: Bool = false
    ) throws -> Transaction {
        setData(try FirestoreEncoder().encode(value), forDocument: document, merge: merge)
    }
}
