// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintDatabase

/// The client's disk cache (`isPersistenceEnabled`): pending writes and listened data outlive the instance.
/// Each "process" is a private registry; a restart is a new registry with an app of the same name.
@Suite("Database client persistence")
struct ClientPersistenceTests {
    /// The database of a new app `alice` in a new registry, on `backend`, with persistence on in `directory`.
    private func client(
        _ backend: LocalDatabaseBackend, _ directory: URL, io: PersistenceIO = .standard
    ) throws -> Database {
        let db = try makeDatabase(backend: backend, name: "alice")
        db.persistenceDirectory = directory
        db.isPersistenceEnabled = true
        try db.beforeFirstUse { $0.io = io }
        return db
    }

    /// The cache file of `alice`'s default database in `directory`.
    private func cacheURL(_ db: Database, _ directory: URL) -> URL {
        DatabaseClientCache.url(directory: directory, appName: "alice", databaseURL: db.url)
    }

    /// A first "process": `alice` goes offline, writes `values` (pending) and ends with them unsent.
    private func endOffline(_ backend: LocalDatabaseBackend, _ directory: URL, writing values: [String: Int]) throws {
        let first = try client(backend, directory)
        first.goOffline()
        for (path, value) in values.sorted(by: { $0.key < $1.key }) {
            first.reference(withPath: path).setValue(value) { _, _ in }
        }
        first.terminate()
    }

    @Test func pendingWritesSurviveARestartAndAreSentOnceOnline() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let bob = try makeDatabase(backend: backend, name: "bob")
            try endOffline(backend, directory, writing: ["a": 1])
            #expect(!(try await bob.reference(withPath: "a").getData().exists()))
            let second = try client(backend, directory)
            _ = second.reference()
            try await waitUntil { (try? await bob.reference(withPath: "a").getData().value as? Int) == 1 }
        }
    }

    @Test func restoredPendingWritesApplyLocallyAtOnceAndWaitWhileOffline() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let bob = try makeDatabase(backend: backend, name: "bob")
            try endOffline(backend, directory, writing: ["a": 1, "b": 2])
            let second = try client(backend, directory)
            second.goOffline()
            let log = EventLog()
            second.reference().log([.value], into: log)
            #expect(try await log.take(1) == [#"value {"a":1,"b":2}"#])
            #expect(!(try await bob.reference().getData().exists()))
            second.goOnline()
            try await waitUntil { (try? await bob.reference().getData().childrenCount) == 2 }
        }
    }

    @Test func listenedDataIsServedAtOnceAfterARestartThatStartsOffline() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let bob = try makeDatabase(backend: backend, name: "bob")
            try await bob.reference(withPath: "scores").setValue(["ada": 42])
            let first = try client(backend, directory)
            let seen = EventLog()
            first.reference(withPath: "scores").log([.value], into: seen)
            #expect(try await seen.take(1) == [#"value {"ada":42}"#])
            try await bob.reference(withPath: "scores/bob").setValue(7)
            #expect(try await seen.take(1) == [#"value {"ada":42,"bob":7}"#])
            first.terminate()
            let second = try client(backend, directory)
            second.goOffline()
            let log = EventLog()
            second.reference(withPath: "scores").log([.value], into: log)
            #expect(try await log.take(1) == [#"value {"ada":42,"bob":7}"#])
        }
    }

    /// The paths of the pending writes `db`'s cache keeps once it went offline, made a write of `b` and ended.
    private func keptWrites(_ db: Database, _ directory: URL) throws -> [String] {
        db.goOffline()
        db.reference(withPath: "b").setValue(2) { _, _ in }
        db.terminate()
        let (_, contents) = try DatabaseClientCache.open(url: cacheURL(db, directory), io: .standard, sizeBytes: .max)
        return contents.writes.flatMap(\.paths)
    }

    @Test func acknowledgedWritesAreNotKept() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let first = try client(backend, directory)
            try await first.reference(withPath: "a").setValue(1)
            #expect(try keptWrites(first, directory) == ["/b"])
        }
    }

    @Test func aRefusedWriteIsNotKept() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend(rules: { $0.operation == .read })
            let first = try client(backend, directory)
            #expect(await databaseCode { try await first.reference(withPath: "a").setValue(1) } == .permissionDenied)
            #expect(try keptWrites(first, directory) == ["/b"])
        }
    }

    // The first write through the injected I/O is the snapshot the cache is opened with, the second the data the
    // listener received, the third `a = 1`.
    @Test func aWriteThatCannotBeRecordedFailsAndChangesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let bob = try makeDatabase(backend: backend, name: "bob")
            let db = try client(backend, directory, io: FaultyIO(failingWrites: [3]).io)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["value null"])
            let error = await #expect(throws: DatabaseError.self) { try await db.reference(withPath: "a").setValue(1) }
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains(".flintdbcache") == true)
            try await db.reference(withPath: "b").setValue(2)
            #expect(log.all.isEmpty)
            #expect(!(try await bob.reference(withPath: "a").getData().exists()))
        }
    }

    @Test func aDamagedCacheFailsTheInstancesOperationsWithDataLoss() async throws {
        try await withTemporaryDirectory { directory in
            let db = try client(LocalDatabaseBackend(), directory)
            let url = cacheURL(db, directory)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("FLINTDC1 not records".utf8).write(to: url)
            #expect(await databaseCode { try await db.reference(withPath: "a").setValue(1) } == .dataLoss)
            #expect(await databaseCode { _ = try await db.reference(withPath: "a").getData() } == .dataLoss)
            let log = EventLog()
            db.reference(withPath: "a").log([.value], into: log)
            #expect(try await log.take(1) == ["error dataLoss"])
            #expect(try Data(contentsOf: url) == Data("FLINTDC1 not records".utf8))
        }
    }

    @Test func settingsChangeOnlyBeforeTheFirstUse() throws {
        let db = try makeDatabase()
        _ = db.reference()
        #expect(throws: DatabaseSetup.frozen) { try db.setPersistenceEnabled(true) }
        db.isPersistenceEnabled = true
        #expect(!db.isPersistenceEnabled)
        #expect(throws: DatabaseSetup.frozen) { try db.setPersistenceCacheSizeBytes(2 * 1024 * 1024) }
    }

    @Test(arguments: [Database.minimumPersistenceCacheSizeBytes - 1, Database.maximumPersistenceCacheSizeBytes + 1])
    func aCacheSizeOutsideOneTo100MBIsInvalid(bytes: UInt) throws {
        let db = try makeDatabase()
        let error = #expect(throws: DatabaseError.self) { try db.setPersistenceCacheSizeBytes(bytes) }
        #expect(error?.code == .invalidArgument)
        db.persistenceCacheSizeBytes = bytes
        #expect(db.persistenceCacheSizeBytes == Database.defaultPersistenceCacheSizeBytes)
    }

    @Test func aPersistenceDirectoryThatIsNotAFileURLIsInvalid() throws {
        let db = try makeDatabase()
        let error = #expect(throws: DatabaseError.self) {
            try db.setPersistenceDirectory(try #require(URL(string: "https://example.com/cache")))
        }
        #expect(error?.code == .invalidArgument)
        #expect(db.persistenceDirectory == Database.defaultPersistenceDirectory)
    }

    @Test func theDataReceivedLongestAgoIsDroppedBeyondTheSizeButPendingWritesStay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flint-db-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("cache.flintdbcache")
        let (cache, _) = try DatabaseClientCache.open(url: url, io: .standard, sizeBytes: Int.max)
        let big = DatabaseNode(.string(String(repeating: "x", count: 1_000)))
        cache.recordData([(DatabasePath(keys: ["old"]), big)])
        cache.recordData([(DatabasePath(keys: ["new"]), big)])
        try cache.recordWrite(DatabaseBackendWrite(sets: [(DatabasePath(keys: ["w"]), big)]), id: 1)
        let (_, contents) = try DatabaseClientCache.open(url: url, io: .standard, sizeBytes: 1_500)
        #expect(contents.data.child("old").isNull)
        #expect(contents.data.child("new") == big)
        #expect(contents.writes.count == 1)
    }

    @Test func withoutPersistenceNothingIsWritten() async throws {
        try await withTemporaryDirectory { directory in
            let db = try makeDatabase()
            db.persistenceDirectory = directory
            try await db.reference(withPath: "a").setValue(1)
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }
}

/// The cache file itself: what its records hold, compaction during a session, and compaction's failures.
@Suite("Database client cache file")
struct ClientCacheFileTests {
    private func withCacheURL(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flint-db-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.appendingPathComponent("cache.flintdbcache"))
    }

    private func records(_ url: URL) throws -> [Data] {
        try FramedLogFile.records(of: Data(contentsOf: url), magic: DatabaseClientCache.magic, url: url)
    }

    private func node(_ value: Int) -> DatabaseNode { DatabaseNode(.number(Double(value))) }

    @Test func aChangeInsideAListenedLocationIsRecordedAtItsPath() async throws {
        try await withTemporaryDirectory { directory in
            let backend = LocalDatabaseBackend()
            let bob = try makeDatabase(backend: backend, name: "bob")
            try await bob.reference(withPath: "scores/ada").setValue(42)
            let db = try makeDatabase(backend: backend, name: "alice")
            db.persistenceDirectory = directory
            db.isPersistenceEnabled = true
            let log = EventLog()
            db.reference(withPath: "scores").log([.value], into: log)
            #expect(try await log.take(1) == [#"value {"ada":42}"#])
            try await bob.reference(withPath: "scores/bob").setValue(7)
            #expect(try await log.take(1) == [#"value {"ada":42,"bob":7}"#])
            let url = DatabaseClientCache.url(directory: directory, appName: "alice", databaseURL: db.url)
            let last = try #require(try records(url).last)
            let record = try JSONSerialization.jsonObject(with: last) as? [String: Any]
            let rows = try #require(record?["data"] as? [[Any]])
            #expect(rows.count == 1)
            #expect(rows.first?.first as? String == "/scores/bob")
            #expect(rows.first?.dropFirst().first as? Int == 7)
        }
    }

    @Test func theFileIsCompactedDuringASession() throws {
        try withCacheURL { url in
            let (cache, _) = try DatabaseClientCache.open(
                url: url, io: .standard, sizeBytes: .max, compactionThreshold: 3)
            for index in 1...4 { cache.recordData([(DatabasePath(keys: ["n\(index)"]), node(index))]) }
            try cache.recordWrite(DatabaseBackendWrite(sets: [(DatabasePath(keys: ["w"]), node(0))]), id: 1)
            // Compacted after the 3rd record: the snapshot, the 4th and the write.
            #expect(try records(url).count == 3)
            let (_, contents) = try DatabaseClientCache.open(url: url, io: .standard, sizeBytes: .max)
            #expect(contents.data.childCount == 4)
            #expect(contents.writes.count == 1)
        }
    }

    // The snapshot at opening is write 1, the records writes 2 to 4, the compaction after them write 5.
    @Test(arguments: [FaultyIO(failingWrites: [5]), FaultyIO(failingSynchronizations: [5])])
    func aFailedCompactionLosesNothing(faults: FaultyIO) throws {
        try withCacheURL { url in
            let (cache, _) = try DatabaseClientCache.open(
                url: url, io: faults.io, sizeBytes: .max, compactionThreshold: 3)
            for index in 1...3 { cache.recordData([(DatabasePath(keys: ["n\(index)"]), node(index))]) }
            try cache.recordWrite(DatabaseBackendWrite(sets: [(DatabasePath(keys: ["w"]), node(0))]), id: 1)
            #expect(faults.writes > 5)
            let (_, contents) = try DatabaseClientCache.open(url: url, io: .standard, sizeBytes: .max)
            #expect(contents.data.childCount == 3)
            #expect(contents.writes.count == 1)
        }
    }

    /// An exit test: its watchdog ends the child process with status 3 if opening the cache blocks on the FIFO.
    @Test func aFIFOAtTheCacheFailsTheInstancesOperationsWithUnavailableAtOnce() async {
        await #expect(processExitsWith: .success) {
            let db = try makeDatabase(name: "alice")
            db.persistenceDirectory = try startFIFOExitTest {
                DatabaseClientCache.url(directory: $0, appName: "alice", databaseURL: db.url)
            }.directory
            db.isPersistenceEnabled = true
            #expect(await databaseCode { try await db.reference(withPath: "a").setValue(1) } == .unavailable)
            #expect(await databaseCode { _ = try await db.reference(withPath: "a").getData() } == .unavailable)
        }
    }
}
