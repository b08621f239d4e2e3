// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A collection's location: a query over all its documents, and the way to name or add documents in it
/// (Firebase's `CollectionReference`).
public final class CollectionReference: Query, @unchecked Sendable {
    /// The collection's path.
    let resourcePath: ResourcePath

    init(firestore: Firestore, path: ResourcePath, validationError: FirestoreError? = nil) {
        resourcePath = path
        var query = QueryDescription(target: .collection(path))
        query.error = validationError
        super.init(firestore: firestore, description: query)
    }

    convenience init(firestore: Firestore, parsing path: String, under parent: ResourcePath = .root) {
        switch ResourcePath.parse(path) {
        case .failure(let error):
            self.init(firestore: firestore, path: parent, validationError: error)
        case .success(let relative):
            let full = parent.appending(relative)
            if relative.isEmpty || !full.isCollection {
                self.init(
                    firestore: firestore, path: full,
                    validationError: FirestoreError(
                        .invalidArgument,
                        "Invalid collection reference. Collection references must have an odd number "
                            + "of segments, but \(full) has \(full.count)."))
            } else {
                self.init(firestore: firestore, path: full)
            }
        }
    }

    /// The collection's ID (the last path segment).
    public var collectionID: String { resourcePath.lastSegment }

    /// The path from the database root, e.g. `users/ada/posts`.
    public var path: String { resourcePath.description }

    /// The document holding this subcollection, or nil for a root collection.
    public var parent: DocumentReference? {
        resourcePath.count > 1 ? DocumentReference(firestore: firestore, path: resourcePath.parent) : nil
    }

    /// A new document with an automatic ID (20 characters from A-Z, a-z, 0-9); nothing is written yet.
    public func document() -> DocumentReference {
        document(AutoID.make())
    }

    /// The document at `documentPath`, relative to this collection.
    public func document(_ documentPath: String) -> DocumentReference {
        if let error = queryDescription.error {
            return DocumentReference(firestore: firestore, path: resourcePath, validationError: error)
        }
        switch ResourcePath.parse(documentPath) {
        case .failure(let error):
            return DocumentReference(firestore: firestore, path: resourcePath, validationError: error)
        case .success(let relative):
            let full = resourcePath.appending(relative)
            guard !relative.isEmpty, full.isDocument else {
                return DocumentReference(
                    firestore: firestore, path: full,
                    validationError: FirestoreError(
                        .invalidArgument,
                        "Invalid document reference. Document references must have an even number "
                            + "of segments, but \(full) has \(full.count)."))
            }
            return DocumentReference(firestore: firestore, path: full)
        }
    }

    /// Adds a document with an automatic ID and returns its reference, once the backend acknowledged it.
    @discardableResult
    public func addDocument(data: [String: FirestoreValue]) async throws -> DocumentReference {
        let reference = document()
        try await reference.setData(data)
        return reference
    }
}
