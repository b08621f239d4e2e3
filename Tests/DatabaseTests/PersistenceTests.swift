// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The embedded backend kept in a directory: what outlives it, and what happens when the disk fails.
@Suite("Database persistence of the embedded backend")
struct PersistenceTests {
    private func backend(
        _ directory: URL, _ faults: FaultyFiles = FaultyFiles(),
        compactionThreshold: Int = 1_000
    ) throws -> LocalDatabaseBackend {
        try LocalDatabaseBackend(
            persistence: DatabasePersistence(
                directory: directory, files: faults.files,
                compactionThreshold: compactionThreshold))
    }

    @Test func acknowledgedWritesOutliveTheBackend() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try LocalDatabaseBackend(directory: directory))
            try await db.reference(withPath: "users/ada").setValue(["name": "Ada", "born": 1815], andPriority: 1)
            try await db.reference(withPath: "users").updateChildValues(["bob/name": "Bob", "ada/born": 1816])
            try await db.reference(withPath: "users/bob").removeValue()
            _ = try await db.reference(withPath: "count").runTransactionBlock { current in
                current.value = 41 + 1
                return .success(withValue: current)
            }
            let reopened = try makeDatabase(backend: try LocalDatabaseBackend(directory: directory))
            let snapshot = try await reopened.reference().getData()
            #expect(
                json(snapshot.valueInExportFormat)
                    == #"{"count":42,"users":{"ada":{".priority":1,"born":1816,"name":"Ada"}}}"#)
        }
    }

    @Test func aWriteThatCannotBeStoredFailsAndChangesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, FaultyFiles(failingAppends: [2])))
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            try await db.reference(withPath: "a").setValue(1)
            let error = await #expect(throws: DatabaseError.self) { try await db.reference(withPath: "a").setValue(2) }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("journal.jsonl") == true)
            // Applied locally at once, then reverted when the backend could not store it.
            #expect(try await log.take(3) == ["value 1", "value 2", "value 1"])
            #expect(try await db.reference(withPath: "a").getData().value as? Int == 1)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "a").getData().value as? Int == 1)
        }
    }

    @Test func compactionFoldsTheJournalIntoTheSnapshot() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, compactionThreshold: 3))
            for index in 1...7 { try await db.reference(withPath: "n/\(index)").setValue(index) }
            let journal = try Data(contentsOf: directory.appendingPathComponent("journal.jsonl"))
            #expect(journal.split(separator: UInt8(ascii: "\n")).count == 1)
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("snapshot.json").path))
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "n").getData().childrenCount == 7)
        }
    }

    @Test(arguments: [
        FaultyFiles(failReplace: true), FaultyFiles(failTruncate: true),
        FaultyFiles(failTruncate: true, truncateBeforeFailing: true),
    ])
    func aFailedCompactionLosesNothingAndReplaysNothingTwice(faults: FaultyFiles) async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, faults, compactionThreshold: 2))
            for _ in 1...5 { try await db.reference(withPath: "count").setValue(ServerValue.increment(1)) }
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "count").getData().value as? Int == 5)
        }
    }

    @Test func aTornLastJournalLineIsAWriteThatWasNeverAcknowledged() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory))
            try await db.reference(withPath: "a").setValue(1)
            let journal = directory.appendingPathComponent("journal.jsonl")
            let size = UInt64(try Data(contentsOf: journal).count)
            _ = try DatabaseFiles.system.append(
                Data(#"0123456789abcdef {"d":"https://x","s":[["/a",2"#.utf8), journal, size)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "a").getData().value as? Int == 1)
        }
    }

    @Test func aCorruptJournalLineIsDataLossNamingIt() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory))
            try await db.reference(withPath: "a").setValue(1)
            try await db.reference(withPath: "b").setValue(2)
            let journal = directory.appendingPathComponent("journal.jsonl")
            // One bit of the second line's value flipped: still JSON, but not what was written.
            var text = try String(contentsOf: journal, encoding: .utf8)
            text = text.replacingOccurrences(of: #"",2]]"#, with: #"",3]]"#)
            try Data(text.utf8).write(to: journal)
            let error = #expect(throws: DatabaseError.self) { try LocalDatabaseBackend(directory: directory) }
            #expect(error?.code == .dataLoss)
            #expect(error?.message.contains("journal.jsonl (line 2) is corrupt: its checksum does not match") == true)
        }
    }

    @Test func aFailedAppendsBytesNeverSpoilTheNextWrite() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, FaultyFiles(partialAppends: [2])))
            try await db.reference(withPath: "a").setValue(1)
            await #expect(throws: DatabaseError.self) { try await db.reference(withPath: "b").setValue(2) }
            try await db.reference(withPath: "c").setValue(3)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(json(try await reopened.reference().getData().value) == #"{"a":1,"c":3}"#)
        }
    }

    /// `json` as a checksummed snapshot file.
    private static func framed(_ json: String) -> String {
        String(decoding: DatabasePersistence.framed(Data(json.utf8)), as: UTF8.self)
    }

    @Test(arguments: [
        ("[1, 2", "it has no checksum"),
        (framed("[1, 2"), "Malformed JSON"),
        (framed(#"{"version":2,"databases":{}}"#), "it is not a version 1 snapshot"),
        (framed(#"{"version":1,"databases":{"https://x":{"a.b":1}}}"#), "a value the database cannot"),
        (framed(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)), "nested deeper"),
    ])
    func aCorruptSnapshotIsDataLossNamingIt(snapshot: String, problem: String) async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(snapshot.utf8).write(to: directory.appendingPathComponent("snapshot.json"))
            let error = #expect(throws: DatabaseError.self) { try LocalDatabaseBackend(directory: directory) }
            #expect(error?.code == .dataLoss)
            #expect(error?.message.contains("snapshot.json is corrupt") == true)
            #expect(error?.message.contains(problem) == true)
        }
    }

    @Test func aDirectoryThatCannotBeMadeIsUnavailable() async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            let error = #expect(throws: DatabaseError.self) {
                try LocalDatabaseBackend(directory: file.appendingPathComponent("db"))
            }
            #expect(error?.code == .unavailable)
        }
    }

}
