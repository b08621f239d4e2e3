// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

// What a server built on LocalDatabaseBackend needs (flint-emulator serves the REST protocol with it): values
// and writes from the JSON of request bodies, values as JSON for answers, writes whose server values the backend
// resolves when it applies them, and the changes of a watch.

extension DatabaseBackendValue {
    /// The value of parsed JSON in the REST protocol's export format (`.value` and `.priority` objects; nil or
    /// `NSNull` for nothing). Server values (`{".sv": …}`) are resolved at time 0; write them with
    /// ``DatabaseBackendWrite/init(json:)`` instead.
    ///
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` naming the problem (a forbidden key, too deep).
    public init(json: Any?) throws(DatabaseError) {
        do {
            self.init(node: try DatabaseNode(parsing: json, now: 0))
        } catch {
            throw .invalid(error.description)
        }
    }

    /// The value as a JSON object for `JSONSerialization` (nil for nothing): plain, or in the export format
    /// (priorities as `.priority`, a prioritized leaf as `{".value", ".priority"}`).
    public func json(exportFormat: Bool = false) -> Any? {
        exportFormat ? node.exportValue : node.value
    }

    /// The value at `path` (`/a/b`) below this one; nothing for a path that is not valid.
    public func child(_ path: String) -> DatabaseBackendValue {
        guard let location = try? DatabasePath(validating: path) else {
            return path == "/" ? self : DatabaseBackendValue(node: .null)
        }
        return DatabaseBackendValue(node: node.node(at: location.keys))
    }

    /// Whether the value is nothing (null).
    public var isNull: Bool { node.isNull }
}

extension DatabaseBackendWrite {
    /// A write storing each parsed JSON value (export format, nil or `NSNull` to remove) at its path (`/a/b`),
    /// in order, its server values (`{".sv": "timestamp"}`, `{".sv": {"increment": n}}`) kept for
    /// ``LocalDatabaseBackend/write(resolvingServerValues:expected:database:caller:)`` to resolve.
    ///
    /// - Throws: ``DatabaseErrorCode/invalidArgument`` naming the path or value that is not valid.
    public init(json sets: [(path: String, value: Any?)]) throws(DatabaseError) {
        var parsed: [(path: DatabasePath, node: DatabaseNode)] = []
        for (path, value) in sets {
            let location: DatabasePath
            do {
                location = path == "/" || path.isEmpty ? .root : try DatabasePath(validating: path)
            } catch {
                throw .invalid(error.description)
            }
            do {
                let node = try WireServerValues.$keep.withValue(true) {
                    try DatabaseNode(parsing: value, now: 0, at: location)
                }
                parsed.append((location, node))
            } catch let error as DatabaseValueError {
                throw .invalid(error.description)
            } catch {
                throw .invalid("\(error)")
            }
        }
        self.init(sets: parsed)
    }
}

extension LocalDatabaseBackend {
    /// Applies a write of ``DatabaseBackendWrite/init(json:)`` as Firebase's server applies a REST write: its
    /// server values resolved against the data and the time of the write, atomically; with `expected`, only
    /// when the value at its first path equals it (a conditional write).
    ///
    /// - Returns: nil once written; with `expected`, the value there now when it differs (nothing written).
    /// - Throws: ``DatabaseErrorCode/permissionDenied`` when the rules refuse a path,
    ///   ``DatabaseErrorCode/unavailable`` when a persistent backend cannot store it; nothing was written.
    @discardableResult
    public func write(
        resolvingServerValues write: DatabaseBackendWrite, expected: DatabaseBackendValue? = nil,
        database: String, caller: DatabaseCaller
    ) throws(DatabaseError) -> DatabaseBackendValue? {
        try apply(write, expected: expected?.node, database: database, caller: caller, origin: nil, resolvingAt: Date())
            .map(DatabaseBackendValue.init(node:))
    }
}

extension LocalDatabaseBackend {
    private static let pushIDs = PushIDGenerator()

    /// A new push ID, as a server names the child a REST `POST` creates: 20 characters, later ones sorting after
    /// earlier ones (the generator of `childByAutoId()`).
    public static func nextPushID() -> String {
        pushIDs.next()
    }
}

extension DatabaseBackendChange {
    /// The written paths (`/a/b`), in order.
    public var writtenPaths: [String] { paths.map(\.description) }

    /// The database's value at `path` (`/a/b`) after the write.
    public func value(at path: String) -> DatabaseBackendValue {
        DatabaseBackendValue(node: root).child(path)
    }
}

extension DatabaseBackendWatch {
    /// The database's value at `path` (`/a/b`) when the watch started.
    public func initialValue(at path: String) -> DatabaseBackendValue {
        DatabaseBackendValue(node: initial).child(path)
    }
}
