// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The reads and writes of one attempt of ``Firestore/runTransaction(maxAttempts:_:)`` (Firebase's
/// `Transaction`).
///
/// Every read must come before every write (a read after a write throws
/// ``RPCStatusCode/invalidArgument``). Reads go to the backend (never to pending local writes). At
/// commit, every document read must still be at the version read, or the attempt fails with
/// ``RPCStatusCode/failedPrecondition`` and the transaction runs again. The read version is checked by
/// the first write of a document (later writes of it in the same transaction carry no precondition, or,
/// for an update, that the document exists), or by a verify of a document read but not written. Writes are
/// buffered and committed atomically, with no latency compensation: listeners see them once committed.
public final class Transaction: Sendable {
    private struct State {
        /// The version of each document read (0: missing).
        var reads: [ResourcePath: Int64] = [:]
        var writes: [Mutation] = []
        /// The documents written so far (only their first write carries the read version).
        var written: Set<ResourcePath> = []
        var error: FirestoreError?
    }

    /// The database client of the transaction.
    public let firestore: Firestore
    private let state = Locked(State())

    init(firestore: Firestore) {
        self.firestore = firestore
    }

    /// Reads a document from the backend.
    /// - Throws: ``RPCStatusCode/invalidArgument`` after a write or for a reference from another
    ///   ``Firestore`` instance, or the backend's error.
    public func getDocument(_ document: DocumentReference) async throws -> DocumentSnapshot {
        guard document.firestore === firestore else { throw Self.foreignReference }
        let path = try document.validPath()
        try state.withLock { state throws(FirestoreError) in
            guard state.writes.isEmpty else {
                throw FirestoreError(
                    .invalidArgument,
                    "Firestore transactions require all reads to be executed "
                        + "before all writes.")
            }
        }
        let read = try await firestore.engine.readFromBackend(BackendTarget(.document(path)))
        let stored = read.value.first?.document
        try state.withLock { state throws(FirestoreError) in
            let version = stored?.version ?? 0
            if let previous = state.reads[path], previous != version {
                throw FirestoreError(.aborted, "Document version changed between two reads.")
            }
            state.reads[path] = version
        }
        return DocumentSnapshot(
            reference: document, document: stored,
            metadata: SnapshotMetadata(hasPendingWrites: false, isFromCache: false))
    }

    /// Replaces the document's fields with `data`.
    @discardableResult
    public func setData(_ data: [String: FirestoreValue], forDocument document: DocumentReference) -> Transaction {
        record(document, update: false) { path throws(FirestoreError) in
            try firestore.parser.parseSetData(data).setMutation(at: path)
        }
    }

    /// Merges (`merge: true`) or replaces the document's fields.
    @discardableResult
    public func setData(
        _ data: [String: FirestoreValue], forDocument document: DocumentReference,
        merge: Bool
    ) -> Transaction {
        guard merge else { return setData(data, forDocument: document) }
        return record(document, update: false) { path throws(FirestoreError) in
            try firestore.parser.parseMergeData(data, mergeFields: nil).mergeMutation(at: path)
        }
    }

    /// Writes only the fields in `mergeFields` (Firebase's `setData(_:forDocument:mergeFields:)`).
    @discardableResult
    public func setData(
        _ data: [String: FirestoreValue], forDocument document: DocumentReference,
        mergeFields: [FieldPath]
    ) -> Transaction {
        record(document, update: false) { path throws(FirestoreError) in
            try firestore.parser.parseMergeData(data, mergeFields: mergeFields).mergeMutation(at: path)
        }
    }

    /// Updates fields of an existing document (keys are field paths).
    @discardableResult
    public func updateData(_ fields: [FieldPath: FirestoreValue], forDocument document: DocumentReference)
        -> Transaction
    {
        record(document, update: true) { path throws(FirestoreError) in
            try firestore.parser.parseUpdateData(fields).updateMutation(at: path)
        }
    }

    /// Deletes the document.
    @discardableResult
    public func deleteDocument(_ document: DocumentReference) -> Transaction {
        record(document, update: false) { path throws(FirestoreError) in Mutation(path: path, kind: .delete) }
    }

    /// The writes to commit, each with the precondition its reads imply, plus a check of every document read
    /// but not written; or the first recorded problem.
    func mutationsToCommit() throws(FirestoreError) -> [Mutation] {
        try state.withLock { state throws(FirestoreError) -> [Mutation] in
            if let error = state.error { throw error }
            let written = Set(state.writes.map(\.path))
            var mutations = state.writes
            for (path, version) in state.reads where !written.contains(path) {
                mutations.append(Mutation(path: path, kind: .verify, precondition: .updateVersion(version)))
            }
            return mutations
        }
    }

    private func record(
        _ document: DocumentReference, update: Bool,
        _ make: (ResourcePath) throws(FirestoreError) -> Mutation
    ) -> Transaction {
        let made: Result<Mutation, FirestoreError>
        if document.firestore !== firestore {
            made = .failure(Self.foreignReference)
        } else {
            made = Result { () throws(FirestoreError) -> Mutation in try make(try document.validPath()) }
        }
        state.withLock { state in
            guard state.error == nil else { return }
            switch made {
            case .failure(let error):
                state.error = error
            case .success(let mutation):
                // As the SDK's transaction.cc: the read version goes on the first write of a document only;
                // a later write of it carries none (an update: that the document exists).
                var precondition = mutation.precondition
                if state.written.contains(mutation.path) {
                    precondition = update ? .exists(true) : .none
                } else if let version = state.reads[mutation.path] {
                    if update && version == 0 {
                        state.error = FirestoreError(.invalidArgument, "Can't update a document that doesn't exist.")
                        return
                    }
                    precondition = .updateVersion(version)
                }
                state.written.insert(mutation.path)
                state.writes.append(
                    Mutation(
                        path: mutation.path, kind: mutation.kind, transforms: mutation.transforms,
                        precondition: precondition))
            }
        }
        return self
    }

    private static let foreignReference = FirestoreError(
        .invalidArgument,
        "Provided document reference is from a "
            + "different Firestore instance.")
}

/// Options of ``Firestore/runTransaction(with:_:)`` (Firebase's `TransactionOptions`).
public struct TransactionOptions: Sendable, Equatable {
    /// The most times the block runs (at least 1; 5 by default).
    public var maxAttempts: Int

    /// Options with `maxAttempts` (5 by default).
    public init(maxAttempts: Int = 5) {
        self.maxAttempts = maxAttempts
    }
}

extension Firestore {
    /// Runs `updateBlock` in a transaction with `options`; see ``runTransaction(maxAttempts:_:)``.
    /// - Throws: ``RPCStatusCode/invalidArgument`` when `options.maxAttempts` is less than 1.
    @discardableResult
    public func runTransaction<T>(
        with options: TransactionOptions,
        _ updateBlock: (Transaction) async throws -> T
    ) async throws -> T {
        try await runTransaction(maxAttempts: options.maxAttempts, updateBlock)
    }

    /// Runs `updateBlock` in a transaction and returns its value once the writes are committed.
    ///
    /// The block may run several times: when a document it read changed before the commit, the commit
    /// fails with ``RPCStatusCode/failedPrecondition`` (as the backend answers) and the block runs
    /// again, up to `maxAttempts` times (5 by default); then that last error is thrown. An error thrown by
    /// the block ends the transaction at once, with nothing written.
    ///
    /// ```swift
    /// let newCount = try await db.runTransaction { transaction in
    ///     let snapshot = try await transaction.getDocument(counter)
    ///     let count = (snapshot.get("count")?.integerValue ?? 0) + 1
    ///     transaction.updateData(["count": .integer(count)], forDocument: counter)
    ///     return count
    /// }
    /// ```
    @discardableResult
    public func runTransaction<T>(
        maxAttempts: Int = 5,
        _ updateBlock: (Transaction) async throws -> T
    ) async throws -> T {
        guard maxAttempts > 0 else {
            throw FirestoreError(.invalidArgument, "maxAttempts must be at least 1.")
        }
        var lastError = FirestoreError(.aborted, "The transaction was aborted.")
        for _ in 0..<maxAttempts {
            let transaction = Transaction(firestore: self)
            let value = try await updateBlock(transaction)
            do {
                try await engine.commitDirectly(try transaction.mutationsToCommit())
                return value
            } catch {
                guard [.aborted, .failedPrecondition, .unavailable].contains(error.code) else { throw error }
                lastError = error
                await Task.yield()
            }
        }
        throw lastError
    }
}
