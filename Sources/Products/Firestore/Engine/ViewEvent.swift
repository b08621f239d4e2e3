/// What the engine delivers to a listener.
enum ViewEvent: Sendable {
    case snapshot(ViewSnapshot)
    /// The listener failed and was removed.
    case failure(FirestoreError)
}
