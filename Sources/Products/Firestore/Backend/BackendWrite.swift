// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One write of a commit (set, merge, update or delete, with field transforms and a precondition).
/// Opaque: a backend passes it to ``LocalFirestoreBackend`` or applies it with ``apply(to:commitTime:version:database:)``.
public struct BackendWrite: Sendable {
    /// The write.
    let mutation: Mutation

    init(_ mutation: Mutation) {
        self.mutation = mutation
    }

    /// The path of the written document, e.g. `users/ada`.
    public var path: String { mutation.path.description }

    /// Whether the write deletes the document.
    public var isDelete: Bool {
        if case .delete = mutation.kind { return true }
        return false
    }

    /// The document after this write, as a backend stores it (server timestamps set to `commitTime`), or
    /// nil when the write deletes it.
    ///
    /// - Throws: ``RPCStatusCode/notFound`` (an update of a missing document),
    ///   ``RPCStatusCode/alreadyExists`` or ``RPCStatusCode/failedPrecondition`` (a transaction's
    ///   read document changed) when the precondition fails. A write that leaves the fields unchanged returns
    ///   `document` itself (its version and update time unchanged).
    public func apply(
        to document: BackendDocument?, commitTime: Timestamp, version: Int64,
        database: DatabaseID
    ) throws(FirestoreError) -> BackendDocument? {
        try mutation.applyOnBackend(
            to: document?.document, commitTime: commitTime, version: version,
            fullPath: database.fullName(of: mutation.path)
        ).map(BackendDocument.init)
    }
}
