// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Writes committed together, atomically: all of them or none (Firebase's `WriteBatch`).
///
/// ```swift
/// let batch = db.batch()
/// batch.setData(["name": "Ada"], forDocument: db.document("users/ada"))
/// batch.updateData(["count": FieldValue.increment(1)], forDocument: db.document("stats/users"))
/// try await batch.commit()
/// ```
///
/// Listeners see the whole batch at once, as pending writes, then its acknowledgement. If one write fails
/// (an update of a missing document: ``RPCStatusCode/notFound``), ``commit()`` throws and nothing is
/// written. Invalid data is reported by ``commit()``, which also writes nothing. A batch can be committed once.
public final class WriteBatch: Sendable {
    private struct State {
        var mutations: [Mutation] = []
        var error: FirestoreError?
        var committed = false
    }

    /// The database client the batch writes to.
    public let firestore: Firestore
    private let state = Locked(State())

    init(firestore: Firestore) {
        self.firestore = firestore
    }

    /// Replaces the document's fields with `data`.
    @discardableResult
    public func setData(_ data: [String: FirestoreValue], forDocument document: DocumentReference) -> WriteBatch {
        record(document) { path throws(FirestoreError) in try firestore.parser.parseSetData(data).setMutation(at: path)
        }
    }

    /// Merges (`merge: true`) or replaces the document's fields.
    @discardableResult
    public func setData(
        _ data: [String: FirestoreValue], forDocument document: DocumentReference,
        merge: Bool
    ) -> WriteBatch {
        guard merge else { return setData(data, forDocument: document) }
        return record(document) { path throws(FirestoreError) in
            try firestore.parser.parseMergeData(data, mergeFields: nil).mergeMutation(at: path)
        }
    }

    /// Writes only the fields in `mergeFields`.
    @discardableResult
    public func setData(
        _ data: [String: FirestoreValue], forDocument document: DocumentReference,
        mergeFields: [FieldPath]
    ) -> WriteBatch {
        record(document) { path throws(FirestoreError) in
            try firestore.parser.parseMergeData(data, mergeFields: mergeFields).mergeMutation(at: path)
        }
    }

    /// Updates fields of an existing document (keys are field paths).
    @discardableResult
    public func updateData(_ fields: [FieldPath: FirestoreValue], forDocument document: DocumentReference) -> WriteBatch
    {
        record(document) { path throws(FirestoreError) in
            try firestore.parser.parseUpdateData(fields).updateMutation(at: path)
        }
    }

    /// Deletes the document.
    @discardableResult
    public func deleteDocument(_ document: DocumentReference) -> WriteBatch {
        record(document) { path throws(FirestoreError) in Mutation(path: path, kind: .delete) }
    }

    /// Commits every write atomically; returns once the backend acknowledged them.
    /// - Throws: the first recorded problem (invalid data, a reference of another database), or the
    ///   backend's error; in every case nothing was written.
    public func commit() async throws {
        let mutations = try state.withLock { state throws(FirestoreError) -> [Mutation] in
            guard !state.committed else {
                throw FirestoreError(
                    .failedPrecondition,
                    "A write batch can no longer be used after commit() "
                        + "has been called.")
            }
            state.committed = true
            if let error = state.error { throw error }
            return state.mutations
        }
        try await firestore.write(mutations)
    }

    /// Adds a mutation made by `make`, or records the first problem.
    private func record(
        _ document: DocumentReference,
        _ make: (ResourcePath) throws(FirestoreError) -> Mutation
    ) -> WriteBatch {
        let mutation: Result<Mutation, FirestoreError>
        if document.firestore !== firestore {
            mutation = .failure(
                FirestoreError(
                    .invalidArgument,
                    "Provided document reference is from a different "
                        + "Firestore instance."))
        } else {
            do throws(FirestoreError) {
                mutation = .success(try make(try document.validPath()))
            } catch {
                mutation = .failure(error)
            }
        }
        state.withLock { state in
            switch mutation {
            case .success(let mutation): state.mutations.append(mutation)
            case .failure(let error): state.error = state.error ?? error
            }
        }
        return self
    }
}
