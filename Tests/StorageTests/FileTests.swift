// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Files")
struct FileTests {
    private let chunk = Storage.chunkGranularity

    /// A new empty directory, removed by `cleanUp`.
    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func putFileUploadsTheFileChunkByChunk() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("in.bin")
        let data = testBytes(Int(2 * chunk + 5))
        try data.write(to: file)
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "f.bin").putFile(from: file)
        let log = EventLog(task)
        backend.gate.open()
        try await waitUntil { log.isOver }
        #expect(log.progress == [chunk, 2 * chunk, 2 * chunk + 5])
        #expect(log.statuses.last == .success)
        #expect(backend.local.storedData(bucket: storage.bucket, path: "f.bin") == data)
    }

    @Test func putFileTakesTheContentTypeFromTheExtensionWhenNoneIsSet() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, storage) = try makeStorage()
        var types: [String: String?] = [:]
        for name in ["photo.JPG", "notes.txt", "data.json", "archive.unknownext", "noextension"] {
            let file = directory.appendingPathComponent(name)
            try Data("x".utf8).write(to: file)
            types[name] = try await storage.reference(withPath: "up/\(name)").putFileAsync(from: file).contentType
        }
        #expect(
            types == [
                "photo.JPG": "image/jpeg", "notes.txt": "text/plain", "data.json": "application/json",
                "archive.unknownext": "application/octet-stream", "noextension": "application/octet-stream",
            ])
        // A content type set by the caller wins; putData guesses nothing.
        var metadata = StorageMetadata()
        metadata.contentType = "text/x-custom"
        let file = directory.appendingPathComponent("page.html")
        try Data("<p>".utf8).write(to: file)
        #expect(
            try await storage.reference(withPath: "up/page.html").putFileAsync(from: file, metadata: metadata)
                .contentType == "text/x-custom")
        #expect(try await storage.reference(withPath: "up/raw.png").putDataAsync(Data("x".utf8)).contentType == nil)
    }

    @Test func putFileOfAMissingFileFailsWithUnknown() async throws {
        let (_, storage) = try makeStorage()
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-missing-\(UUID().uuidString)")
        #expect(
            await storageErrorCode { try await storage.reference(withPath: "a").putFileAsync(from: missing) }
                == .unknown)
    }

    /// An exit test: its watchdog ends the child process with status 3 if the upload blocks opening the FIFO. The
    /// file becomes a FIFO after the task checked it and before it opens it (while the backend starts the upload).
    @Test func aSourceFileThatBecomesAFIFOFailsTheUploadAtOnce() async {
        await #expect(processExitsWith: .success) {
            startExitWatchdog()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "flint-storage-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("in.bin")
            try Data("hello".utf8).write(to: file)
            let backend = GatedBackend(holdStart: true)
            let (_, storage) = try makeStorage(backend: backend)
            let upload = Task { try await storage.reference(withPath: "f.bin").putFileAsync(from: file) }
            try await waitUntil { backend.uploadCallers.count == 1 }
            try FileManager.default.removeItem(at: file)
            try makeFIFO(at: file)
            backend.gate.open()
            let error = await #expect(throws: StorageError.self) { try await value(of: upload) }
            #expect(error?.code == .unknown)
            #expect(error?.message.contains(file.path) == true)
            #expect(error?.message.contains("not a regular file") == true)
            #expect(error?.object == "f.bin")
            #expect(backend.chunkCallCount == 0)
        }
    }

    @Test func aSourceFileThatIsASymbolicLinkOrADeviceFailsWithUnknown() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.bin")
        try Data("hello".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.bin")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let (_, storage) = try makeStorage()
        for source in [link, URL(fileURLWithPath: "/dev/zero")] {
            let error = await #expect(throws: StorageError.self) {
                try await storage.reference(withPath: "f.bin").putFileAsync(from: source)
            }
            #expect(error?.code == .unknown)
        }
        #expect(storage.localBackend?.storedData(bucket: storage.bucket, path: "f.bin") == nil)
    }

    @Test func writeToFileDownloadsIntoTheFile() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "a.bin")
        let data = testBytes(Int(chunk + 3))
        try await ref.putDataAsync(data)
        let file = directory.appendingPathComponent("nested/out.bin")
        #expect(try await ref.writeAsync(toFile: file) == file)
        #expect(try Data(contentsOf: file) == data)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["out.bin"])
    }

    @Test func aFailedWriteToFileLeavesNoFile() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, storage) = try makeStorage()
        let file = directory.appendingPathComponent("out.bin")
        #expect(
            await storageErrorCode { try await storage.reference(withPath: "missing").writeAsync(toFile: file) }
                == .objectNotFound)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
