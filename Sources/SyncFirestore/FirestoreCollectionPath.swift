// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintFirestore
import FlintSync

/// Resolves a service's collection path closure (the seed's `collectionPath: { … }`, nil while unavailable,
/// for example signed out), and the documents of that collection.
enum FirestoreCollectionPath {
    static func resolve(_ path: @Sendable () -> String?) throws -> String {
        guard let path = path(), !path.isEmpty else { throw SyncError.collectionPathUnavailable }
        return path
    }

    /// The document `id` of `collection`: one path segment. A `/` would make it a path (`"a/b/c"` is the
    /// document `c` of the subcollection `b` of `a`), so it is refused with `invalidArgument`, as Firestore
    /// refuses other invalid IDs (through `document(_:)`, whose reference throws `invalidArgument` on use).
    static func document(_ id: String, in collection: CollectionReference) throws -> DocumentReference {
        guard !id.contains("/") else {
            throw FirestoreError(
                .invalidArgument, "Invalid document ID \"\(id.prefix(100))\": an ID is one segment, without \"/\".")
        }
        return collection.document(id)
    }
}
