// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A document the engine follows on its own: one with local writes not yet acknowledged (or just
/// acknowledged, until every view has caught up with the backend). Views show it as `remote` with
/// `mutations` applied on top.
struct TrackedDocument {
    /// One pending write to the document.
    struct PendingMutation {
        let batchID: Int
        let mutation: Mutation
        let localWriteTime: Timestamp
    }

    /// The backend's state of the document, as of `sequence`.
    var remote: Document?
    /// The commit sequence number `remote` reflects.
    var sequence: Int64
    /// Local writes not yet acknowledged, oldest first.
    var mutations: [PendingMutation] = []

    /// The document as the client shows it: `remote` with every pending write applied.
    var localDocument: Document? {
        mutations.reduce(remote) { document, pending in
            pending.mutation.applyLocally(to: document, localWriteTime: pending.localWriteTime)
        }
    }
}
