// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The outcome of the latest fetch (Firebase's `RemoteConfigFetchStatus`).
public enum RemoteConfigFetchStatus: Int, Sendable, Hashable, CaseIterable {
    /// No fetch was made yet (0).
    case noFetchYet = 0
    /// The latest fetch succeeded (1).
    case success = 1
    /// The latest fetch failed (2).
    case failure = 2
    /// The latest fetch was refused during backoff (3).
    case throttled = 3
}
