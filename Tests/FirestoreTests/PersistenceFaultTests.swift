// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintFirestore

/// The persistence log under injected faults: torn and flipped records, failing writes, hostile IDs, and
/// logs of the previous format. Each test works in its own temporary directory.
@Suite(.timeLimit(.minutes(3)))
struct PersistenceFaultTests {
    private let database = DatabaseID(projectID: "p")

    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("flint-firestore-faults-\(UUID().uuidString)")
    }

    private func logURL(_ directory: URL) -> URL {
        PersistenceLog.url(directory: directory, database: database)
    }

    @discardableResult
    private func write(_ backend: LocalFirestoreBackend, _ id: String, database: DatabaseID? = nil)
        throws(FirestoreError) -> Int64
    {
        let database = database ?? self.database
        let write = try UserDataParser(database: database).parseSetData(["id": .string(id)])
            .setMutation(at: ResourcePath(["c", id]))
        return try backend.commit([BackendWrite(write)], database: database, caller: nil, origin: nil).sequenceNumber
    }

    /// The IDs of the documents stored in the log under `directory`, read without rewriting it.
    private func storedIDs(_ directory: URL) throws(FirestoreError) -> [String] {
        let documents = try PersistenceLog.load(directory: directory, database: database).documents
        return documents.values.map { $0.path.segments.last! }.sorted()
    }

    /// The IDs of the documents stored in the log under `directory`, by opening (and so compacting) it.
    private func reopenedIDs(_ directory: URL) throws(FirestoreError) -> [String] {
        let (_, documents, _) = try PersistenceLog.open(directory: directory, database: database)
        return documents.map { $0.path.segments.last! }.sorted()
    }

    /// The offsets at which each record of a log starts (after the magic).
    private func recordStarts(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        var starts: [Int] = []
        var offset = PersistenceLog.magic.count
        while offset + PersistenceLog.headerSize <= bytes.count {
            starts.append(offset)
            let length = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            offset += PersistenceLog.headerSize + length
        }
        return starts
    }

    /// A log holding an (empty) snapshot and one appended record per ID.
    private func makeLog(_ directory: URL, ids: [String]) throws -> Data {
        let backend = LocalFirestoreBackend(persistenceDirectory: directory)
        for id in ids { try write(backend, id) }
        return try Data(contentsOf: logURL(directory))
    }

    private func expectDataLoss(
        _ body: () throws(FirestoreError) -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try body()
            Issue.record("expected dataLoss", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == .dataLoss, sourceLocation: sourceLocation)
        }
    }

    @Test func aRecordCutAtAnyOffsetOfTheLastAppendIsDroppedAndTheRestSurvives() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = try makeLog(directory, ids: ["a", "b", "c", "d"])
        let starts = recordStarts(data)
        #expect(starts.count == 5)  // the snapshot and four appends
        let last = starts.last!
        for cut in last..<data.count {
            try data.prefix(cut).write(to: logURL(directory))
            #expect(try storedIDs(directory) == ["a", "b", "c"], "cut at \(cut)")
        }
        // After the repair, the log takes new writes and keeps them.
        try data.prefix(last + 3).write(to: logURL(directory))
        #expect(try reopenedIDs(directory) == ["a", "b", "c"])
        do {
            let backend = LocalFirestoreBackend(persistenceDirectory: directory)
            try write(backend, "e")
        }
        #expect(try storedIDs(directory) == ["a", "b", "c", "e"])
    }

    @Test func aTruncatedSnapshotIsDataLossAndTheFileIsLeftAlone() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try makeLog(directory, ids: (0..<30).map { "doc\($0)" })
        #expect(try reopenedIDs(directory).count == 30)  // compacted: 30 documents in one snapshot record
        let data = try Data(contentsOf: logURL(directory))
        #expect(recordStarts(data).count == 1)
        for cut in Array(0..<40) + Array(stride(from: 40, to: data.count, by: 97)) + [data.count - 1] {
            let cutData = data.prefix(cut)
            try cutData.write(to: logURL(directory))
            expectDataLoss { () throws(FirestoreError) in _ = try (cut % 5 == 0 ? reopenedIDs : storedIDs)(directory) }
            #expect(try Data(contentsOf: logURL(directory)) == cutData, "cut at \(cut)")
        }
        // Restored, all 30 are there.
        try data.write(to: logURL(directory))
        #expect(try storedIDs(directory).count == 30)
    }

    @Test func aFlippedByteInTheLastOrAMiddleRecordIsDataLossAndTheFileIsLeftAlone() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = try makeLog(directory, ids: ["a", "b", "c"])
        let starts = recordStarts(data)
        let lastRange = starts.last!..<data.count
        let middleRange = starts[2]..<starts[3]
        let snapshotRange = starts[0]..<starts[1]
        for offset in Array(lastRange) + Array(middleRange) + Array(snapshotRange)
            + Array(0..<PersistenceLog.magic.count)
        {
            var damaged = data
            damaged[offset] ^= 0x5A
            try damaged.write(to: logURL(directory))
            expectDataLoss { () throws(FirestoreError) in _ = try (offset % 5 == 0 ? reopenedIDs : storedIDs)(directory)
            }
            #expect(try Data(contentsOf: logURL(directory)) == damaged, "flip at \(offset)")
        }
        // Through the backend too: every operation on the database reports dataLoss.
        var damaged = data
        damaged[middleRange.lowerBound + PersistenceLog.headerSize + 2] ^= 0x01
        try damaged.write(to: logURL(directory))
        let backend = LocalFirestoreBackend(persistenceDirectory: directory)
        expectDataLoss { () throws(FirestoreError) in
            _ = try backend.document(at: "c/a", database: database, caller: nil)
        }
        expectDataLoss { () throws(FirestoreError) in try write(backend, "z") }
        #expect(try Data(contentsOf: logURL(directory)) == damaged)
    }

    @Test func garbageAfterTheLastRecordIsDataLoss() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = try makeLog(directory, ids: ["a"])
        var damaged = data
        damaged.append(Data("this is not a record at all\n".utf8))
        try damaged.write(to: logURL(directory))
        expectDataLoss { () throws(FirestoreError) in _ = try reopenedIDs(directory) }
        #expect(try Data(contentsOf: logURL(directory)) == damaged)
        try Data("garbage garbage garbage".utf8).write(to: logURL(directory))
        expectDataLoss { () throws(FirestoreError) in _ = try storedIDs(directory) }
    }

    /// An I/O seam that fails chosen writes after writing half of them, chosen truncations and chosen
    /// synchronizations, and counts the synchronizations.
    private final class FaultyIO: Sendable {
        private let state = Locked<(failWrites: Int, failTruncates: Int)>((0, 0))
        private let syncs = Locked<(fail: Int, done: Int)>((0, 0))

        func failNext(writes: Int, truncates: Int = 0) {
            state.withLock { $0 = (writes, truncates) }
        }

        func failNext(synchronizations: Int) {
            syncs.withLock { $0.fail = synchronizations }
        }

        /// How many synchronizations succeeded.
        var synchronizations: Int { syncs.withLock { $0.done } }

        var io: PersistenceIO {
            PersistenceIO(
                write: { [self] handle, data in
                    let fail = state.withLock { state -> Bool in
                        guard state.failWrites > 0 else { return false }
                        state.failWrites -= 1
                        return true
                    }
                    if fail {
                        try handle.write(contentsOf: data.prefix(data.count / 2))
                        throw CocoaError(.fileWriteOutOfSpace)
                    }
                    try handle.write(contentsOf: data)
                },
                truncate: { [self] handle, length in
                    let fail = state.withLock { state -> Bool in
                        guard state.failTruncates > 0 else { return false }
                        state.failTruncates -= 1
                        return true
                    }
                    if fail { throw CocoaError(.fileWriteOutOfSpace) }
                    try PersistenceIO.standard.truncate(handle, length)
                },
                synchronize: { [self] handle in
                    let fail = syncs.withLock { syncs -> Bool in
                        guard syncs.fail > 0 else { return false }
                        syncs.fail -= 1
                        return true
                    }
                    if fail { throw CocoaError(.fileWriteUnknown) }
                    try handle.synchronize()
                    syncs.withLock { $0.done += 1 }
                })
        }
    }

    @Test func aFailedAppendFailsItsWriteAndKeepsEveryOther() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FaultyIO()
        do {
            let backend = LocalFirestoreBackend(persistenceDirectory: directory, persistenceIO: faults.io)
            try write(backend, "a")
            try write(backend, "b")
            faults.failNext(writes: 1)
            expectDataLoss { () throws(FirestoreError) in try write(backend, "failed") }
            // Not acknowledged, so not visible either.
            #expect(try backend.document(at: "c/failed", database: database, caller: nil).value == nil)
            try write(backend, "c")
        }
        #expect(try storedIDs(directory) == ["a", "b", "c"])
    }

    @Test func everyAcknowledgedAppendIsSynchronizedToDisk() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FaultyIO()
        let backend = LocalFirestoreBackend(persistenceDirectory: directory, persistenceIO: faults.io)
        try write(backend, "a")
        try write(backend, "b")
        try write(backend, "c")
        #expect(faults.synchronizations == 4)  // the snapshot written when the log was opened, then each append
    }

    @Test func aFailedSynchronizationFailsItsWriteAndLeavesNoRecord() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FaultyIO()
        do {
            let backend = LocalFirestoreBackend(persistenceDirectory: directory, persistenceIO: faults.io)
            try write(backend, "a")
            faults.failNext(synchronizations: 1)
            expectDataLoss { () throws(FirestoreError) in try write(backend, "unsynced") }
            #expect(try backend.document(at: "c/unsynced", database: database, caller: nil).value == nil)
            try write(backend, "b")
        }
        // The record whose synchronization failed was cut off: it is not replayed after a restart.
        #expect(try storedIDs(directory) == ["a", "b"])
    }

    @Test func whenTheRepairFailsTooLaterWritesFailUntilItSucceeds() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FaultyIO()
        do {
            let backend = LocalFirestoreBackend(persistenceDirectory: directory, persistenceIO: faults.io)
            try write(backend, "a")
            faults.failNext(writes: 1, truncates: 2)  // the write, its repair, and the next write's repair
            expectDataLoss { () throws(FirestoreError) in try write(backend, "failed1") }
            expectDataLoss { () throws(FirestoreError) in try write(backend, "failed2") }
            try write(backend, "b")  // repaired first
            try write(backend, "c")
        }
        #expect(try storedIDs(directory) == ["a", "b", "c"])
    }

    @Test func aPartialAppendLeftOnDiskIsATornTailAfterARestart() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let faults = FaultyIO()
        do {
            let backend = LocalFirestoreBackend(persistenceDirectory: directory, persistenceIO: faults.io)
            try write(backend, "a")
            try write(backend, "b")
            faults.failNext(writes: 1, truncates: 1)  // the half record stays on disk; the process then stops
            expectDataLoss { () throws(FirestoreError) in try write(backend, "failed") }
        }
        #expect(try storedIDs(directory) == ["a", "b"])
        do {
            let backend = LocalFirestoreBackend(persistenceDirectory: directory)
            try write(backend, "c")
        }
        #expect(try storedIDs(directory) == ["a", "b", "c"])
    }

    @Test func hostileIDsNeverLeaveThePersistenceDirectory() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("persistence")
        let hostile = [
            "../escaped", "..", ".", "a/b", "/etc/passwd", "../../x", "a\0b", String(repeating: "é/", count: 200), "",
        ]
        let backend = LocalFirestoreBackend(persistenceDirectory: directory)
        for project in hostile {
            try write(backend, "x", database: DatabaseID(projectID: project))
            try write(backend, "y", database: DatabaseID(projectID: "p", database: project))
        }
        // Only the persistence directory was created under the root.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["persistence"])
        let projects = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(projects.count == hostile.count + (hostile.contains("p") ? 0 : 1))
        for project in projects {
            #expect(!project.hasPrefix("."))
            #expect(project.utf8.count <= 57)
            var isFolder: ObjCBool = false
            #expect(
                FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent(project).path, isDirectory: &isFolder))
            #expect(isFolder.boolValue)
            for file in try FileManager.default.contentsOfDirectory(
                atPath: directory.appendingPathComponent(project).path)
            {
                #expect(file.hasSuffix(".flintlog"))
                #expect(file.utf8.count <= 57 + ".flintlog".utf8.count)
            }
        }
        // Distinct IDs, even those sanitized alike, get distinct files; the data comes back.
        #expect(PersistenceLog.safeComponent("a/b") != PersistenceLog.safeComponent("a_b"))
        let reopened = LocalFirestoreBackend(persistenceDirectory: directory)
        for project in hostile {
            #expect(
                try reopened.document(at: "c/x", database: DatabaseID(projectID: project), caller: nil).value != nil)
            #expect(
                try reopened.document(at: "c/y", database: DatabaseID(projectID: "p", database: project), caller: nil)
                    .value != nil)
        }
    }

    // MARK: The previous format

    private func legacyLine(seq: Int, id: String) -> String {
        #"{"seq":\#(seq),"docs":[{"path":["c","\#(id)"],"doc":{"fields":{},"version":\#(seq)}}]}"#
    }

    @Test func aLogOfThePreviousFormatIsMigrated() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let legacy = try #require(PersistenceLog.legacyURL(directory: directory, database: database))
        try FileManager.default.createDirectory(
            at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Two whole lines and a torn third (no newline).
        try Data((legacyLine(seq: 1, id: "a") + "\n" + legacyLine(seq: 2, id: "b") + "\n{\"seq\":3,\"do").utf8).write(
            to: legacy)
        #expect(try storedIDs(directory) == ["a", "b"])  // read in place
        #expect(try reopenedIDs(directory) == ["a", "b"])  // rewritten in the new format
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        #expect(FileManager.default.fileExists(atPath: logURL(directory).path))
        let backend = LocalFirestoreBackend(persistenceDirectory: directory)
        #expect(try write(backend, "c") == 3)
        #expect(try storedIDs(directory) == ["a", "b", "c"])
    }

    @Test func aDamagedLogOfThePreviousFormatIsDataLossAndLeftAlone() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let legacy = try #require(PersistenceLog.legacyURL(directory: directory, database: database))
        try FileManager.default.createDirectory(
            at: legacy.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A complete last line (it has its newline) that does not decode is not a torn append.
        for contents in [
            legacyLine(seq: 1, id: "a") + "\n" + "{\"seq\":2,\"docs\":[\n",
            "garbage\n" + legacyLine(seq: 1, id: "a") + "\n",
        ] {
            try Data(contents.utf8).write(to: legacy)
            expectDataLoss { () throws(FirestoreError) in _ = try reopenedIDs(directory) }
            #expect(try Data(contentsOf: legacy) == Data(contents.utf8))
            #expect(!FileManager.default.fileExists(atPath: logURL(directory).path))
        }
    }
}
