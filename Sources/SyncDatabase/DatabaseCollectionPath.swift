// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintSync

/// Resolves a service's location path closure (nil while unavailable, for example signed out), and the limits
/// below that location.
enum DatabaseCollectionPath {
    /// The Realtime Database's depth limit: 32 keys from the root (see FlintDatabase's guide).
    static let databaseDepth = 32

    static func resolve(_ path: @Sendable () -> String?) throws -> String {
        guard let path = path(), !path.isEmpty else { throw SyncError.collectionPathUnavailable }
        return path
    }

    /// The deepest nesting of maps and arrays the fields of a document below the location `path` names may have:
    /// of the Database's 32 levels of keys, the location's keys, the document's and the field's own are taken.
    static func maximumFieldDepth(_ path: @Sendable () -> String?) -> Int {
        let keys = (try? resolve(path))?.split(separator: "/").count ?? 0
        return max(0, databaseDepth - keys - 2)
    }
}
