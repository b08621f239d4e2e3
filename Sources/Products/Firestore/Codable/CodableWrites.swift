// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Writing `Encodable` values (through `Firestore.Encoder`) wherever data is written.
extension DocumentReference {
    /// Writes an `Encodable` value (Firebase's `setData(from:merge:encoder:)`): replaces the document, or
    /// merges with `merge`.
    /// - Throws: what `encoder` throws (nothing is written then), then what ``setData(_:merge:)`` throws.
    public func setData<T: Encodable>(
        from value: T, merge: Bool = false, encoder: Firestore.Encoder = Firestore.Encoder()
    ) async throws {
        try await setData(try encoder.encode(value), merge: merge)
    }

    /// Writes only the fields in `mergeFields` of an `Encodable` value (Firebase's
    /// `setData(from:mergeFields:encoder:)`).
    public func setData<T: Encodable>(
        from value: T, mergeFields: [FieldPath], encoder: Firestore.Encoder = Firestore.Encoder()
    ) async throws {
        try await setData(try encoder.encode(value), mergeFields: mergeFields)
    }
}

extension CollectionReference {
    /// Adds a document with an automatic ID holding an `Encodable` value (Firebase's
    /// `addDocument(from:encoder:)`).
    @discardableResult
    public func addDocument<T: Encodable>(
        from value: T, encoder: Firestore.Encoder = Firestore.Encoder()
    ) async throws -> DocumentReference {
        try await addDocument(data: try encoder.encode(value))
    }
}

extension WriteBatch {
    /// Writes an `Encodable` value to the document, replacing it or merging with `merge` (Firebase's
    /// `setData(from:forDocument:merge:encoder:)`).
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference,
        merge: Bool = false, encoder: Firestore.Encoder = Firestore.Encoder()
    ) throws -> WriteBatch {
        setData(try encoder.encode(value), forDocument: document, merge: merge)
    }

    /// Writes only the fields in `mergeFields` of an `Encodable` value (Firebase's
    /// `setData(from:forDocument:mergeFields:encoder:)`).
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference,
        mergeFields: [FieldPath], encoder: Firestore.Encoder = Firestore.Encoder()
    ) throws -> WriteBatch {
        setData(try encoder.encode(value), forDocument: document, mergeFields: mergeFields)
    }
}

extension Transaction {
    /// Writes an `Encodable` value to the document, replacing it or merging with `merge` (Firebase's
    /// `setData(from:forDocument:merge:encoder:)`).
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference,
        merge: Bool = false, encoder: Firestore.Encoder = Firestore.Encoder()
    ) throws -> Transaction {
        setData(try encoder.encode(value), forDocument: document, merge: merge)
    }

    /// Writes only the fields in `mergeFields` of an `Encodable` value (Firebase's
    /// `setData(from:forDocument:mergeFields:encoder:)`).
    @discardableResult
    public func setData<T: Encodable>(
        from value: T, forDocument document: DocumentReference,
        mergeFields: [FieldPath], encoder: Firestore.Encoder = Firestore.Encoder()
    ) throws -> Transaction {
        setData(try encoder.encode(value), forDocument: document, mergeFields: mergeFields)
    }
}
