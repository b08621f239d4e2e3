// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A new state of one document for a view: from the backend (with the batch's sequence number, which a
/// view that already reflects it skips) or local (the document's latency-compensated state).
struct DocumentUpdate {
    let path: ResourcePath
    /// The new state, nil when the document is missing.
    let document: Document?
    /// The backend batch carrying a remote state; nil for a local state.
    let remoteSequence: Int64?
}
