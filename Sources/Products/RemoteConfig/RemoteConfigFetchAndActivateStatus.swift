// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The outcome of ``RemoteConfig/fetchAndActivate()`` (Firebase's `RemoteConfigFetchAndActivateStatus`).
public enum RemoteConfigFetchAndActivateStatus: Int, Sendable, Hashable, CaseIterable {
    /// A fetch was made and its config activated (0).
    case successFetchedFromRemote = 0
    /// No fetch was needed (the last one is younger than ``RemoteConfigSettings/minimumFetchInterval``): the
    /// config fetched before was activated (1).
    case successUsingPreFetchedData = 1
    /// The fetch failed (2); only the completion-handler form reports it, the async form throws.
    case error = 2
}
