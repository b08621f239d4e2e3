// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// Resolves a service's location path closure (nil while unavailable, for example signed out).
enum DatabaseCollectionPath {
    static func resolve(_ path: @Sendable () -> String?) throws -> String {
        guard let path = path(), !path.isEmpty else { throw SyncError.collectionPathUnavailable }
        return path
    }
}
