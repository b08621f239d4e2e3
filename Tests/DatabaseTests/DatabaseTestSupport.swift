// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The default database of a fresh private app, with its own (or the given) backend.
func makeDatabase(
    backend: LocalDatabaseBackend = LocalDatabaseBackend(), name: String = FlintApp.defaultName,
    overrides: [Component] = []
) throws -> Database {
    let app = try TestApp.make(
        name: name, libraries: [DatabaseLibrary.self],
        overrides: [.instance(backend, as: DatabaseBackend.self)] + overrides)
    return try Database.database(app: app)
}

/// Two clients (two apps of one registry) of one backend.
func makeTwoClients(backend: LocalDatabaseBackend = LocalDatabaseBackend()) throws -> (Database, Database) {
    let registry = AppRegistry()
    try registry.register(DatabaseLibrary.self)
    let overrides: [Component] = [.instance(backend, as: DatabaseBackend.self)]
    let first = try registry.configure(name: "alice", options: .testing, overrides: overrides)
    let second = try registry.configure(name: "bob", options: .testing, overrides: overrides)
    return (try Database.database(app: first), try Database.database(app: second))
}

/// The error's database code, or nil when none or another error was thrown.
func databaseCode(of body: () async throws -> Void) async -> DatabaseErrorCode? {
    do {
        try await body()
        return nil
    } catch let error as DatabaseError {
        return error.code
    } catch {
        return nil
    }
}

/// The error code `getData()` of `query` throws (an invalid query's), or nil.
func databaseCode(of query: DatabaseQuery) async -> DatabaseErrorCode? {
    await databaseCode { _ = try await query.getData() }
}

/// `value` as compact JSON with sorted keys (`null` for nil).
func json(_ value: Any?) -> String {
    guard let value else { return "null" }
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    else {
        return String(describing: value)
    }
    return String(decoding: data, as: UTF8.self)
}

/// The events observers deliver, as lines: `added b after a`, `removed c`, `value {"a":1}`; errors as
/// `error <code>`.
final class EventLog: Sendable {
    private let lines = Locked<[String]>([])

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }

    /// Adds a line.
    func record(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// Waits (bounded) until there are `count` lines; returns them and forgets them.
    @discardableResult
    func take(_ count: Int) async throws -> [String] {
        try await waitUntil { self.lines.withLock { $0.count >= count } }
        return lines.withLock { lines in
            defer { lines.removeFirst(count) }
            return Array(lines.prefix(count))
        }
    }

    /// Takes every line up to and including the first one equal to `marker`, waiting (bounded) for it.
    func take(through marker: String) async throws -> [String] {
        try await waitUntil { self.lines.withLock { $0.contains(marker) } }
        return lines.withLock { lines in
            let end = lines.firstIndex(of: marker)! + 1
            defer { lines.removeFirst(end) }
            return Array(lines.prefix(end))
        }
    }

    /// The line for one event.
    static func line(_ type: DataEventType, _ snapshot: DataSnapshot, _ previous: String?, label: String) -> String {
        let name =
            switch type {
            case .childAdded: "added"
            case .childRemoved: "removed"
            case .childChanged: "changed"
            case .childMoved: "moved"
            case .value: "value"
            }
        if type == .value { return "\(label)value \(json(snapshot.value))" }
        return "\(label)\(name) \(snapshot.key)" + (previous.map { " after \($0)" } ?? "")
    }
}

extension DatabaseQuery {
    /// Observes `types` (in that order) into `log`, each line prefixed with `label`; returns the handles.
    @discardableResult
    func log(
        _ types: [DataEventType] = [.childRemoved, .childAdded, .childMoved, .childChanged, .value],
        into log: EventLog, label: String = ""
    ) -> [DatabaseHandle] {
        types.map { type in
            observe(
                type,
                andPreviousSiblingKeyWith: { snapshot, previous in
                    log.record(EventLog.line(type, snapshot, previous, label: label))
                },
                withCancel: { error in
                    log.record("\(label)error \((error as? DatabaseError)?.code.description ?? "\(error)")")
                })
        }
    }
}

/// A fresh directory under the temporary directory, removed after `body`.
func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flint-db-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}
