// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A local write (one `setData`, one `WriteBatch`…) waiting for the backend, in the queue of the user who
/// made it.
struct PendingBatch {
    let id: Int
    /// The uid of the user who made the write (nil: signed out).
    let user: String?
    let mutations: [Mutation]
    /// The origin tag the commit carries, so the client recognizes its acknowledgement.
    let origin: String
    /// When the write was made (server timestamps show it until acknowledged).
    let localWriteTime: Timestamp
    /// Called once with the outcome; nil for a write restored from a persistent cache, or whose user signed
    /// out (its caller was told `cancelled`).
    var completion: (@Sendable (Result<Void, FirestoreError>) -> Void)?
    /// Whether the commit was sent.
    var sent = false
}
