// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The directory backend's `index.json` is trusted no further than it can be checked: only regular files are
/// read, its file names stay inside `objects/`, it is written durably before a change is acknowledged, and a
/// missing index beside stored objects is reported.
@Suite("The directory backend's index")
struct DirectoryIndexTests {
    /// A new empty directory, to remove at the end of the test.
    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-storage-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func index(_ directory: URL) -> URL {
        directory.appendingPathComponent(LocalStorageBackend.indexFileName)
    }

    /// An exit test: its watchdog ends the child process with status 3 if the initializer blocks on the FIFO.
    @Test func aFIFOAtTheIndexIsAnUnknownErrorAtOnce() async {
        await #expect(processExitsWith: .success) {
            let (directory, fifo) = try startFIFOExitTest {
                $0.appendingPathComponent(LocalStorageBackend.indexFileName)
            }
            let error = #expect(throws: StorageError.self) { try LocalStorageBackend(directory: directory) }
            #expect(error?.code == .unknown)
            #expect(error?.message == "Could not read \(fifo.path): it is not a regular file.")
        }
    }

    /// An exit test: its watchdog ends the child process with status 3 if the download blocks on the FIFO.
    @Test func aFIFOInPlaceOfAnObjectsFileFailsItsDownloadWithUnknown() async {
        await #expect(processExitsWith: .success) {
            startExitWatchdog()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "flint-storage-index-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let (_, storage) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
            try await storage.reference(withPath: "a").putDataAsync(Data("1".utf8))
            let objects = directory.appendingPathComponent("objects")
            let file = objects.appendingPathComponent(
                try #require(try FileManager.default.contentsOfDirectory(atPath: objects.path).first))
            try FileManager.default.removeItem(at: file)
            try makeFIFO(at: file)
            let (_, reopened) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
            let error = await storageError { _ = try await reopened.reference(withPath: "a").data(maxSize: 10) }
            #expect(error?.code == .unknown)
            #expect(error?.message.contains("\(file.path) of object a: it is not a regular file") == true)
        }
    }

    @Test func anObjectsFileReplacedBySymbolicLinkIsNotFollowed() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storeDirectory = directory.appendingPathComponent("store")
        let backend = try LocalStorageBackend(directory: storeDirectory)
        let (_, storage) = try makeStorage(backend: backend)
        try await storage.reference(withPath: "photo").putDataAsync(Data("mine".utf8))
        let victim = directory.appendingPathComponent("victim.txt")
        try Data("someone else's".utf8).write(to: victim)
        let objects = storeDirectory.appendingPathComponent("objects")
        let file = objects.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: objects.path).first))
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)
        for reopen in [false, true] {
            let reader =
                reopen ? try makeStorage(backend: try LocalStorageBackend(directory: storeDirectory)).1 : storage
            let error = await storageError { _ = try await reader.reference(withPath: "photo").data(maxSize: 100) }
            #expect(error?.code == .unknown)
            #expect(error?.object == "photo")
            #expect(error?.message.contains("\(file.path) of object photo: it is not a regular file") == true)
            #expect(reader.localBackend?.storedData(bucket: reader.bucket, path: "photo") == nil)
        }
        #expect(try Data(contentsOf: victim) == Data("someone else's".utf8))
    }

    @Test func anUploadFileReplacedBySymbolicLinkIsNotWrittenThrough() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storeDirectory = directory.appendingPathComponent("store")
        let local = try LocalStorageBackend(directory: storeDirectory)
        let session = try await local.startUpload(
            bucket: "b", path: "a", metadata: nil, size: 4, caller: StorageCaller())
        let victim = directory.appendingPathComponent("victim.txt")
        try Data("someone else's".utf8).write(to: victim)
        let file = storeDirectory.appendingPathComponent("uploads").appendingPathComponent(session)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)

        let error = await storageError { try await local.uploadChunk(session: session, bytes: Data("evil".utf8)) }
        #expect(error?.code == .unknown)
        #expect(error?.message.contains("\(file.path): it is not a regular file") == true)
        #expect(try Data(contentsOf: victim) == Data("someone else's".utf8))
    }

    /// An exit test: its watchdog ends the child process with status 3 if the chunk's write blocks on the FIFO.
    @Test func aFIFOInPlaceOfAnUploadFileFailsTheChunkAtOnce() async {
        await #expect(processExitsWith: .success) {
            startExitWatchdog()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "flint-storage-index-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let local = try LocalStorageBackend(directory: directory)
            let session = try await local.startUpload(
                bucket: "b", path: "a", metadata: nil, size: 4, caller: StorageCaller())
            let file = directory.appendingPathComponent("uploads").appendingPathComponent(session)
            try FileManager.default.removeItem(at: file)
            try makeFIFO(at: file)
            let error = await storageError { try await local.uploadChunk(session: session, bytes: Data("1234".utf8)) }
            #expect(error?.code == .unknown)
            #expect(error?.message.contains("\(file.path): it is not a regular file") == true)
        }
    }

    @Test func aFilePlantedWhereTheNextUploadGoesFailsItsStart() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storeDirectory = directory.appendingPathComponent("store")
        let local = try LocalStorageBackend(directory: storeDirectory)
        let victim = directory.appendingPathComponent("victim.txt")
        try Data("someone else's".utf8).write(to: victim)
        let file = storeDirectory.appendingPathComponent("uploads").appendingPathComponent("upload-0")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)

        let error = await storageError {
            _ = try await local.startUpload(bucket: "b", path: "a", metadata: nil, size: 4, caller: StorageCaller())
        }
        #expect(error?.code == .unknown)
        #expect(error?.message.contains("Could not create \(file.path)") == true)
        #expect(local.openUploadCount == 0)
        #expect(try Data(contentsOf: victim) == Data("someone else's".utf8))
    }

    @Test(arguments: ["../../../victim.txt", "../victim.txt", "/tmp/victim.txt", "a/b", "..", ""])
    func aFileNameLeavingTheObjectsFolderIsDamageAndTouchesNothing(name: String) async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storeDirectory = directory.appendingPathComponent("a/b/store")
        let (_, storage) = try makeStorage(backend: try LocalStorageBackend(directory: storeDirectory))
        try await storage.reference(withPath: "photo").putDataAsync(Data("mine".utf8))
        let victim = directory.appendingPathComponent("victim.txt")
        try Data("someone else's".utf8).write(to: victim)
        // The index now points the object at a file outside the directory.
        let data = try Data(contentsOf: index(storeDirectory))
        var entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        entries[0]["file"] = name
        try JSONSerialization.data(withJSONObject: entries).write(to: index(storeDirectory))

        let error = #expect(throws: StorageError.self) { try LocalStorageBackend(directory: storeDirectory) }
        #expect(error?.code == .unknown)
        #expect(error?.message.contains(index(storeDirectory).path) == true)
        #expect(error?.message.contains("damaged") == true)
        #expect(try Data(contentsOf: victim) == Data("someone else's".utf8))
    }

    @Test func aFileListedTwiceIsDamage() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, storage) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        try await storage.reference(withPath: "a").putDataAsync(Data("1".utf8))
        try await storage.reference(withPath: "b").putDataAsync(Data("2".utf8))
        let data = try Data(contentsOf: index(directory))
        var entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        entries[1]["file"] = entries[0]["file"]
        try JSONSerialization.data(withJSONObject: entries).write(to: index(directory))
        let error = #expect(throws: StorageError.self) { try LocalStorageBackend(directory: directory) }
        #expect(error?.code == .unknown)
        #expect(error?.message.contains("listed twice") == true)
    }

    @Test func aChangeWhoseIndexCannotBeWrittenFailsAndIsNotKept() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let diskFull = Locked(false)
        let io = PersistenceIO(write: { handle, data in
            if diskFull.withLock({ $0 }) { throw POSIXError(.ENOSPC) }
            try handle.write(contentsOf: data)
        })
        let (_, storage) = try makeStorage(backend: try LocalStorageBackend(directory: directory, io: io))
        let ref = storage.reference(withPath: "a")
        try await ref.putDataAsync(Data("1".utf8))
        diskFull.withLock { $0 = true }

        let upload = await storageError { try await ref.putDataAsync(Data("2".utf8)) }
        #expect(upload?.code == .unknown)
        #expect(upload?.message.contains(index(directory).path) == true)
        #expect(upload?.object == "a")
        #expect(await storageError { try await storage.reference(withPath: "b").putDataAsync(Data("3".utf8)) } != nil)
        var changes = StorageMetadata()
        changes.contentType = "text/plain"
        #expect(await storageErrorCode { _ = try await ref.updateMetadata(changes) } == .unknown)
        #expect(await storageErrorCode { try await ref.delete() } == .unknown)
        // Nothing unacknowledged was applied, in memory or on disk.
        #expect(try await ref.data(maxSize: 10) == Data("1".utf8))
        #expect(try await ref.getMetadata().contentType != "text/plain")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("objects").path).count
                == 1)

        diskFull.withLock { $0 = false }
        let (_, restarted) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        #expect(try await restarted.reference(withPath: "a").data(maxSize: 10) == Data("1".utf8))
        #expect(
            await storageErrorCode { _ = try await restarted.reference(withPath: "b").getMetadata() } == .objectNotFound
        )
    }

    @Test func anAcknowledgedUploadSurvivesARestart() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, storage) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        try await storage.reference(withPath: "a").putDataAsync(Data("1".utf8))
        #expect(!FileManager.default.fileExists(atPath: index(directory).path + ".tmp"))
        let (_, restarted) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        #expect(try await restarted.reference(withPath: "a").data(maxSize: 10) == Data("1".utf8))
    }

    @Test func aDeletedIndexBesideStoredObjectsIsReportedNamingIt() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, storage) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        try await storage.reference(withPath: "a").putDataAsync(Data("1".utf8))
        try FileManager.default.removeItem(at: index(directory))
        let error = #expect(throws: StorageError.self) { try LocalStorageBackend(directory: directory) }
        #expect(error?.code == .unknown)
        #expect(error?.message.contains(index(directory).path) == true)
        #expect(error?.message.contains("missing") == true)
        // The objects are left for the user to recover.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("objects").path).count
                == 1)
    }

    @Test func aNewDirectoryStartsWithAnEmptyIndex() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try LocalStorageBackend(directory: directory)
        #expect(try Data(contentsOf: index(directory)) == Data("[]".utf8))
        _ = try LocalStorageBackend(directory: directory)
    }

    @Test func filesTheIndexDoesNotListAreRemovedAtOpen() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, storage) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        try await storage.reference(withPath: "a").putDataAsync(Data("1".utf8))
        let objects = directory.appendingPathComponent("objects")
        // What a crash between storing an object and rewriting the index leaves.
        try Data("stray".utf8).write(to: objects.appendingPathComponent(UUID().uuidString))
        let (_, restarted) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        #expect(try FileManager.default.contentsOfDirectory(atPath: objects.path).count == 1)
        #expect(try await restarted.reference(withPath: "a").data(maxSize: 10) == Data("1".utf8))
    }
}

/// The error `body` throws, when it is a ``StorageError``.
private func storageError(_ body: () async throws -> Void) async -> StorageError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? StorageError
    }
}
