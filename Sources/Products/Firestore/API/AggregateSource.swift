// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where an aggregation is computed.
public enum AggregateSource: Sendable, Hashable {
    /// By the backend, over its documents (pending local writes are not counted).
    case server
}
