// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The embedded backend kept in a directory: what outlives it, and what happens when the disk fails.
@Suite("Database persistence of the embedded backend")
struct PersistenceTests {
    private func backend(
        _ directory: URL, _ faults: FaultyIO = FaultyIO(),
        compactionThreshold: Int = 1_000
    ) throws -> LocalDatabaseBackend {
        try LocalDatabaseBackend(
            persistence: DatabasePersistence(
                directory: directory, io: faults.io,
                compactionThreshold: compactionThreshold))
    }

    private func file(_ directory: URL) -> URL {
        directory.appendingPathComponent(DatabasePersistence.fileName)
    }

    /// The file's records, read as a new backend reads them.
    private func records(_ directory: URL) throws -> [Data] {
        let url = file(directory)
        return try FramedLogFile.records(of: Data(contentsOf: url), magic: DatabasePersistence.magic, url: url)
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

    @Test func theFileIsTheSharedRecordFormatStartingWithASnapshot() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try LocalDatabaseBackend(directory: directory))
            try await db.reference(withPath: "a").setValue(1)
            let records = try records(directory)
            #expect(records.count == 2)
            #expect(String(decoding: records[0], as: UTF8.self).contains(#""version":1"#))
        }
    }

    // The first write through the injected I/O is the snapshot the file is opened with; the second stores
    // `a = 1`, the third `a = 2`.
    @Test(arguments: [FaultyIO(failingWrites: [3]), FaultyIO(failingSynchronizations: [3])])
    func aWriteThatCannotBeStoredFailsAndChangesNothing(faults: FaultyIO) async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, faults))
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            try await db.reference(withPath: "a").setValue(1)
            let error = await #expect(throws: DatabaseError.self) { try await db.reference(withPath: "a").setValue(2) }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains(DatabasePersistence.fileName) == true)
            // Applied locally at once, then reverted when the backend could not store it.
            #expect(try await log.take(3) == ["value 1", "value 2", "value 1"])
            #expect(try await db.reference(withPath: "a").getData().value as? Int == 1)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "a").getData().value as? Int == 1)
        }
    }

    @Test func compactionRewritesTheFileAsOneSnapshot() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, compactionThreshold: 3))
            for index in 1...7 { try await db.reference(withPath: "n/\(index)").setValue(index) }
            // Compacted after the 3rd and the 6th write: the snapshot, then the 7th.
            #expect(try records(directory).count == 2)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "n").getData().childrenCount == 7)
        }
    }

    // The snapshot at opening is write 1, the appends writes 2 and 3, the compaction after them write 4.
    @Test(arguments: [FaultyIO(failingWrites: [4]), FaultyIO(failingSynchronizations: [4])])
    func aFailedCompactionLosesNothingAndReplaysNothingTwice(faults: FaultyIO) async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, faults, compactionThreshold: 2))
            for _ in 1...5 { try await db.reference(withPath: "count").setValue(ServerValue.increment(1)) }
            #expect(faults.writes > 4)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "count").getData().value as? Int == 5)
        }
    }

    @Test(arguments: [1, FramedLogFile.headerSize - 1, FramedLogFile.headerSize + 3])
    func aTornLastRecordIsAWriteThatWasNeverAcknowledged(kept: Int) async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory))
            try await db.reference(withPath: "a").setValue(1)
            let record = FramedLogFile.frame(Data(#"{"d":"https://x","s":[["/a",2]]}"#.utf8))
            let handle = try FileHandle(forWritingTo: file(directory))
            try handle.seekToEnd()
            try handle.write(contentsOf: record.prefix(kept))
            try handle.close()
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(try await reopened.reference(withPath: "a").getData().value as? Int == 1)
        }
    }

    @Test func aCorruptRecordIsDataLossNamingTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory))
            try await db.reference(withPath: "a").setValue(1)
            try await db.reference(withPath: "b").setValue(2)
            // One byte of the last record's value changed: still JSON, but not what was written.
            var bytes = [UInt8](try Data(contentsOf: file(directory)))
            let index = try #require(bytes.lastIndex(of: UInt8(ascii: "2")))
            bytes[index] = UInt8(ascii: "3")
            try Data(bytes).write(to: file(directory))
            let error = #expect(throws: DatabaseError.self) { try LocalDatabaseBackend(directory: directory) }
            #expect(error?.code == .dataLoss)
            #expect(error?.message.contains(DatabasePersistence.fileName) == true)
            #expect(error?.message.contains("checksum mismatch") == true)
            // Left untouched: it still fails the same way.
            #expect(throws: DatabaseError.self) { try LocalDatabaseBackend(directory: directory) }
        }
    }

    @Test func aFailedAppendsBytesNeverSpoilTheNextWrite() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase(backend: try backend(directory, FaultyIO(partialWrites: [3])))
            try await db.reference(withPath: "a").setValue(1)
            await #expect(throws: DatabaseError.self) { try await db.reference(withPath: "b").setValue(2) }
            try await db.reference(withPath: "c").setValue(3)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(json(try await reopened.reference().getData().value) == #"{"a":1,"c":3}"#)
        }
    }

    @Test func aFailedRepairIsRetriedBeforeTheNextWrite() async throws {
        try await withTemporaryDirectory { directory in
            let faults = FaultyIO(partialWrites: [3], failingTruncations: [1])
            let db = try makeDatabase(backend: try backend(directory, faults))
            try await db.reference(withPath: "a").setValue(1)
            await #expect(throws: DatabaseError.self) { try await db.reference(withPath: "b").setValue(2) }
            try await db.reference(withPath: "c").setValue(3)
            let reopened = try makeDatabase(backend: try backend(directory))
            #expect(json(try await reopened.reference().getData().value) == #"{"a":1,"c":3}"#)
        }
    }

    /// A file holding the snapshot `json`.
    private static func snapshot(_ json: String) -> Data {
        DatabasePersistence.magic + FramedLogFile.frame(Data(json.utf8))
    }

    @Test(arguments: [
        (Data("FLINTXX1".utf8) + FramedLogFile.frame(Data("{}".utf8)), "bad magic"),
        (snapshot("{}").dropLast(1), "the snapshot record is truncated"),
        (snapshot("[1, 2"), "Malformed JSON"),
        (snapshot(#"{"version":2,"databases":{}}"#), "it is not a version 1 snapshot"),
        (snapshot(#"{"version":1,"databases":{"https://x":{"a.b":1}}}"#), "a value the database cannot"),
        (snapshot(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)), "nested deeper"),
        (
            snapshot(#"{"version":1,"databases":{}}"#) + FramedLogFile.frame(Data(#"{"d":"https://x"}"#.utf8)),
            "a write has no sets"
        ),
    ])
    func aDamagedFileIsDataLossNamingIt(contents: Data, problem: String) async throws {
        try await withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try contents.write(to: file(directory))
            let error = #expect(throws: DatabaseError.self) { try LocalDatabaseBackend(directory: directory) }
            #expect(error?.code == .dataLoss)
            #expect(error?.message.contains("\(DatabasePersistence.fileName) is corrupt") == true)
            #expect(error?.message.contains(problem) == true)
            #expect(try Data(contentsOf: file(directory)) == contents)
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

    /// An exit test: its watchdog ends the child process with status 3 if the initializer blocks on the FIFO.
    @Test func aFIFOAtTheFileIsUnavailableAtOnce() async {
        await #expect(processExitsWith: .success) {
            let (directory, fifo) = try startFIFOExitTest { $0.appendingPathComponent(DatabasePersistence.fileName) }
            let error = #expect(throws: DatabaseError.self) { try LocalDatabaseBackend(directory: directory) }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("\(fifo.path): it is not a regular file") == true)
        }
    }
}
