// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// Resolves a service's collection path closure (the seed's `collectionPath: { … }`, nil while unavailable,
/// for example signed out).
enum FirestoreCollectionPath {
    static func resolve(_ path: @Sendable () -> String?) throws -> String {
        guard let path = path(), !path.isEmpty else { throw SyncError.collectionPathUnavailable }
        return path
    }
}
