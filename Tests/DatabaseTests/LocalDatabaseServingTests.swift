// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Testing

@testable import FlintDatabase

/// LocalDatabaseBackend's API for servers (flint-emulator): JSON values and writes, server values resolved by
/// the backend, conditional writes, the changes of a watch.
@Suite struct LocalDatabaseServingTests {
    private let database = "https://serving.example"

    @Test func jsonRoundTripsInBothFormats() throws {
        let value = try DatabaseBackendValue(json: ["a": ["b": 1], "p": [".value": "x", ".priority": 2]])
        #expect(NSDictionary(dictionary: value.json() as? [String: Any] ?? [:]) == ["a": ["b": 1], "p": "x"])
        let export = try #require(value.json(exportFormat: true) as? [String: Any])
        #expect((export["p"] as? [String: Any])?[".priority"] as? Int == 2)
        #expect(value.child("/a/b").json() as? Int == 1)
        #expect(value.child("/missing").isNull)
        #expect(throws: DatabaseError.self) { try DatabaseBackendValue(json: ["a.b": 1]) }
    }

    @Test func writeResolvesServerValuesAgainstTheStoredData() throws {
        let backend = LocalDatabaseBackend()
        try backend.write(
            resolvingServerValues: try DatabaseBackendWrite(json: [("/n", 41)]), database: database,
            caller: DatabaseCaller())
        try backend.write(
            resolvingServerValues: try DatabaseBackendWrite(
                json: [("/n", [".sv": ["increment": 1]]), ("/t", [".sv": "timestamp"])]),
            database: database, caller: DatabaseCaller())
        let root = try backend.read("/", database: database, caller: DatabaseCaller())
        #expect(root.child("/n").json() as? Int == 42)
        let stamp = root.child("/t").json()
        let milliseconds = stamp as? Double ?? (stamp as? Int64).map(Double.init) ?? (stamp as? Int).map(Double.init)
        #expect((milliseconds ?? 0) > 1_700_000_000_000)
    }

    @Test func conditionalWriteAnswersTheCurrentValueOnAMismatch() throws {
        let backend = LocalDatabaseBackend()
        let write = try DatabaseBackendWrite(json: [("/c", 2)])
        #expect(
            try backend.write(
                resolvingServerValues: write, expected: try DatabaseBackendValue(json: nil), database: database,
                caller: DatabaseCaller()) == nil)
        let conflict = try backend.write(
            resolvingServerValues: try DatabaseBackendWrite(json: [("/c", 3)]),
            expected: try DatabaseBackendValue(json: 1), database: database, caller: DatabaseCaller())
        #expect(conflict?.json() as? Int == 2)
    }

    @Test func badPathsAndRulesAreErrors() throws {
        #expect(throws: DatabaseError.self) { try DatabaseBackendWrite(json: [("/a#b", 1)]) }
        let backend = LocalDatabaseBackend(rules: { $0.uid != nil })
        #expect(throws: DatabaseError.self) {
            try backend.write(
                resolvingServerValues: try DatabaseBackendWrite(json: [("/x", 1)]), database: database,
                caller: DatabaseCaller())
        }
    }

    @Test func watchReportsWrittenPathsAndValues() throws {
        let backend = LocalDatabaseBackend()
        try backend.write(
            resolvingServerValues: try DatabaseBackendWrite(json: [("/room", ["topic": "engines"])]),
            database: database, caller: DatabaseCaller())
        let changes = Locked<[(paths: [String], value: Any?)]>([])
        let watch = backend.watch(database: database) { change in
            changes.withLock { $0.append((change.writtenPaths, change.value(at: "/room/topic").json())) }
        }
        defer { watch.remove() }
        #expect(watch.initialValue(at: "/room/topic").json() as? String == "engines")
        try backend.write(
            resolvingServerValues: try DatabaseBackendWrite(json: [("/room/topic", "looms")]), database: database,
            caller: DatabaseCaller())
        let seen = changes.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.paths == ["/room/topic"])
        #expect(seen.first?.value as? String == "looms")
    }

    @Test func pushIDsSortInCreationOrder() {
        let first = LocalDatabaseBackend.nextPushID()
        let second = LocalDatabaseBackend.nextPushID()
        #expect(first.count == 20)
        #expect(first < second)
    }
}
