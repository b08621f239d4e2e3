// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How a document changed in a query's results.
public enum DocumentChangeType: Sendable, Hashable {
    /// It entered the results.
    case added
    /// Its data changed (or, when listening with metadata changes, only its metadata).
    case modified
    /// It left the results.
    case removed
}
