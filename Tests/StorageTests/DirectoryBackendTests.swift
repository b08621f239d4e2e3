// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("The embedded backend in a directory")
struct DirectoryBackendTests {
    private let chunk = Storage.chunkGranularity

    /// A new empty directory, to remove at the end of the test.
    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flint-storage-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func files(in directory: URL, _ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)
    }

    @Test func objectsAndMetadataOutliveTheBackend() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = testBytes(Int(chunk + 7))
        var metadata = StorageMetadata()
        metadata.contentType = "application/octet-stream"
        metadata.customMetadata = ["k": "v"]
        // Times are kept to the millisecond, as the REST API writes them.
        let clock = Date(timeIntervalSince1970: 1_795_453_200.125)
        let (_, first) = try makeStorage(backend: try LocalStorageBackend(directory: directory, now: { clock }))
        let stored = try await first.reference(withPath: "a/b.bin").putDataAsync(data, metadata: metadata)

        let (_, second) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        let ref = second.reference(withPath: "a/b.bin")
        #expect(try await ref.data(maxSize: 1 << 30) == data)
        let reread = try await ref.getMetadata()
        #expect(reread == stored)
        #expect(try await ref.putDataAsync(Data("2".utf8)).generation > stored.generation)
    }

    @Test func uploadsAreWrittenToDiskChunkByChunk() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = try LocalStorageBackend(directory: directory)
        let session = try await local.startUpload(
            bucket: "b", path: "a", metadata: nil, size: chunk,
            caller: StorageCaller())
        try await local.uploadChunk(session: session, bytes: testBytes(Int(chunk)))
        let uploadFile = directory.appendingPathComponent("uploads").appendingPathComponent(session)
        #expect(try Data(contentsOf: uploadFile) == testBytes(Int(chunk)))
        _ = try await local.finishUpload(session: session)
        #expect(try files(in: directory, "uploads").isEmpty)
        #expect(try files(in: directory, "objects").count == 1)
    }

    @Test func anUploadOfAnotherSizeThanAnnouncedStoresNothing() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = try LocalStorageBackend(directory: directory)
        let session = try await local.startUpload(
            bucket: "b", path: "a", metadata: nil, size: 10,
            caller: StorageCaller())
        try await local.uploadChunk(session: session, bytes: testBytes(4))
        #expect(await storageErrorCode { _ = try await local.finishUpload(session: session) } == .unknown)
        #expect(try files(in: directory, "uploads").isEmpty)
        #expect(try files(in: directory, "objects").isEmpty)
        #expect(
            await storageErrorCode {
                _ = try await local.metadata(bucket: "b", path: "a", caller: StorageCaller())
            } == .objectNotFound)
    }

    @Test func replacingCancellingAndDeletingLeaveNoStrayFiles() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let local = try LocalStorageBackend(directory: directory)
        let (_, storage) = try makeStorage(backend: local)
        let ref = storage.reference(withPath: "a")
        try await ref.putDataAsync(Data("1".utf8))
        try await ref.putDataAsync(Data("2".utf8))
        #expect(try files(in: directory, "objects").count == 1)
        let session = try await local.startUpload(
            bucket: storage.bucket, path: "a", metadata: nil, size: 1,
            caller: StorageCaller())
        await local.cancelUpload(session: session)
        #expect(try files(in: directory, "uploads").isEmpty)
        try await ref.delete()
        #expect(try files(in: directory, "objects").isEmpty)
        let (_, reopened) = try makeStorage(backend: try LocalStorageBackend(directory: directory))
        #expect(
            await storageErrorCode { _ = try await reopened.reference(withPath: "a").getMetadata() } == .objectNotFound)
    }
}
