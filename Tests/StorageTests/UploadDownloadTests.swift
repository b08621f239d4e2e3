// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("Uploads and downloads")
struct UploadDownloadTests {
    @Test func uploadedDataDownloadsTheSame() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "files/a.bin")
        let data = testBytes(600_000)
        let metadata = try await ref.putDataAsync(data)
        #expect(metadata.size == 600_000)
        #expect(metadata.path == "files/a.bin")
        #expect(metadata.name == "a.bin")
        #expect(metadata.bucket == "flint-test.appspot.com")
        #expect(try await ref.data(maxSize: 1 << 20) == data)
    }

    @Test func putDataCallsItsCompletionWithTheStoredMetadata() async throws {
        let (_, storage) = try makeStorage()
        let received = Locked<StorageMetadata?>(nil)
        storage.reference(withPath: "a.txt").putData(Data("hi".utf8)) { metadata, _ in
            received.withLock { $0 = metadata }
        }
        try await waitUntil { received.withLock { $0 != nil } }
        #expect(received.withLock { $0?.size } == 2)
    }

    @Test func getDataCallsItsCompletionWithTheData() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "a.txt")
        try await ref.putDataAsync(Data("hello".utf8))
        let received = Locked<Data?>(nil)
        ref.getData(maxSize: 100) { data, _ in received.withLock { $0 = data } }
        try await waitUntil { received.withLock { $0 != nil } }
        #expect(received.withLock { $0 } == Data("hello".utf8))
    }

    @Test func anObjectOverMaxSizeIsDownloadSizeExceeded() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "big.bin")
        try await ref.putDataAsync(testBytes(1000))
        #expect(await storageErrorCode { _ = try await ref.data(maxSize: 999) } == .downloadSizeExceeded)
        #expect(try await ref.data(maxSize: 1000).count == 1000)
    }

    @Test func aMissingObjectIsObjectNotFound() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "missing")
        #expect(await storageErrorCode { _ = try await ref.data(maxSize: 10) } == .objectNotFound)
        #expect(await storageErrorCode { _ = try await ref.getMetadata() } == .objectNotFound)
        #expect(await storageErrorCode { try await ref.delete() } == .objectNotFound)
        #expect(await storageErrorCode { _ = try await ref.downloadURL() } == .objectNotFound)
    }

    @Test func anEmptyObjectUploadsAndDownloads() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "empty")
        #expect(try await ref.putDataAsync(Data()).size == 0)
        #expect(try await ref.data(maxSize: 0) == Data())
    }

    @Test func eachUploadIsANewGeneration() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "a")
        let first = try await ref.putDataAsync(Data("1".utf8))
        let second = try await ref.putDataAsync(Data("2".utf8))
        #expect(second.generation > first.generation)
        #expect(second.metageneration == 1)
        #expect(try await ref.data(maxSize: 10) == Data("2".utf8))
    }

    @Test func deleteRemovesTheObject() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "a")
        try await ref.putDataAsync(Data("1".utf8))
        try await ref.delete()
        #expect(await storageErrorCode { _ = try await ref.getMetadata() } == .objectNotFound)
    }

    @Test func theDownloadURLNamesTheBucketObjectAndToken() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "images/a b.png")
        let metadata = try await ref.putDataAsync(Data("x".utf8))
        let url = try await ref.downloadURL().absoluteString
        let token = try #require(metadata.downloadTokens)
        #expect(
            url
                == "https://firebasestorage.googleapis.com/v0/b/flint-test.appspot.com/o/images%2Fa%20b.png?alt=media&token=\(token)"
        )
    }

    @Test func bucketsAreSeparate() async throws {
        let backend = LocalStorageBackend()
        let (app, storage) = try makeStorage(backend: backend)
        let other = try Storage.storage(app: app, url: "gs://other")
        try await storage.reference(withPath: "a").putDataAsync(Data("1".utf8))
        #expect(
            await storageErrorCode { _ = try await other.reference(withPath: "a").getMetadata() } == .objectNotFound)
        #expect(backend.storedData(bucket: "flint-test.appspot.com", path: "a") == Data("1".utf8))
    }
}
