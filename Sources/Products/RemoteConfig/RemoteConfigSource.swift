// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Where a ``RemoteConfigValue`` came from (Firebase's `RemoteConfigSource`).
public enum RemoteConfigSource: Int, Sendable, Hashable, CaseIterable {
    /// The active fetched config (0).
    case remote = 0
    /// The in-app defaults (1).
    case `default` = 1
    /// Neither: the empty static value (2).
    case `static` = 2
}
