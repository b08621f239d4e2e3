/// A local write (one `setData`, one `WriteBatch`…) waiting for the backend.
struct PendingBatch {
    let id: Int
    let mutations: [Mutation]
    /// The origin tag the commit carries, so the client recognizes its acknowledgement.
    let origin: String
    /// Called once with the outcome.
    let completion: @Sendable (Result<Void, FirestoreError>) -> Void
    /// Whether the commit was sent.
    var sent = false
}
