// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintDatabase
import FlintSync

/// Resolves a service's location path closure (nil while unavailable, for example signed out), and the
/// documents and limits below that location.
enum DatabaseCollectionPath {
    /// The Realtime Database's depth limit: 32 keys from the root (see FlintDatabase's guide).
    static let databaseDepth = 32

    static func resolve(_ path: @Sendable () -> String?) throws -> String {
        guard let path = path(), !path.isEmpty else { throw SyncError.collectionPathUnavailable }
        return path
    }

    /// The child `id` of `location`: one key. A `/` would make it a path (`"a/b"` is `b` inside the document
    /// `a`), so it is refused with `invalidArgument`, as the Database refuses `.`, `#`, `$`, `[`, `]` and control
    /// characters in a key (through `child(_:)`, whose reference throws `invalidArgument` on use).
    static func document(_ id: String, in location: DatabaseReference) throws -> DatabaseReference {
        guard !id.contains("/") else {
            throw DatabaseError(
                .invalidArgument, "Invalid document ID \"\(id.prefix(100))\": an ID is one key, without \"/\".")
        }
        return location.child(id)
    }

    /// The deepest nesting of maps and arrays the fields of a document below the location `path` names may have:
    /// of the Database's 32 levels of keys, the location's keys, the document's and the field's own are taken.
    static func maximumFieldDepth(_ path: @Sendable () -> String?) -> Int {
        let keys = (try? resolve(path))?.split(separator: "/").count ?? 0
        return max(0, databaseDepth - keys - 2)
    }
}
