/// Where an aggregation is computed.
public enum AggregateSource: Sendable, Hashable {
    /// By the backend, over its documents (pending local writes are not counted).
    case server
}
