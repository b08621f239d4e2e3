// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// FirebaseCombineSwift's `Tests/Integration/Storage/StorageIntegration.swift`, against the embedded backend (the
/// SDK's rules: `ios/public/…` open, `ios/private/…` refused; no sign-in needed here). Each test names the SDK test
/// it ports; the SDK's files are uploaded by `setUp`, here by `upload(_:)`.
@Suite("SDK: StorageIntegration (FirebaseCombineSwift)", .timeLimit(.minutes(1)))
struct SDKStorageIntegrationTests {
    let storage: Storage
    let app: FlintApp

    init() throws {
        (app, storage) = try makeStorage()
    }

    /// The SDK's `setUp`: `ios/public/1mb`, and the empty files of the listing tests.
    private func upload(_ paths: [String], data: Data = testBytes(1024 * 1024)) async throws {
        for path in paths {
            _ = try await outcome(of: storage.reference(withPath: path).putData(data) as Future<_, StorageError>).get()
        }
    }

    private func oneMegabyte() async throws -> StorageReference {
        try await upload(["ios/public/1mb"])
        return storage.reference(withPath: "ios/public/1mb")
    }

    // testGetMetadata
    @Test func getMetadata() async throws {
        let ref = try await oneMegabyte()
        let metadata = try await outcome(of: ref.getMetadata() as Future<_, StorageError>).get()
        #expect(metadata.size == 1024 * 1024)
    }

    // testUpdateMetadata
    @Test func updateMetadata() async throws {
        let ref = try await oneMegabyte()
        var meta = StorageMetadata()
        meta.contentType = "lol/custom"
        meta.customMetadata = ["lol": "custom metadata is neat", "ちかてつ": "🚇", "shinkansen": "新幹線"]
        let metadata = try await outcome(of: ref.updateMetadata(meta) as Future<_, StorageError>).get()
        #expect(metadata.contentType == meta.contentType)
        #expect(metadata.customMetadata?["lol"] == meta.customMetadata?["lol"])
        #expect(metadata.customMetadata?["ちかてつ"] == meta.customMetadata?["ちかてつ"])
        #expect(metadata.customMetadata?["shinkansen"] == meta.customMetadata?["shinkansen"])
    }

    // testDelete
    @Test func delete() async throws {
        let ref = storage.reference(withPath: "ios/public/fileToDelete")
        let deleted: Future<Bool, StorageError> = ref.delete()
        #expect(try await outcome(of: deleted).failure?.code == .objectNotFound)
        let chained = Recorder(
            ref.putData(Data("Hello Swift World".utf8)).flatMap { _ in ref.delete() as Future<Bool, StorageError> })
        #expect(try await chained.waitForValues(1) == [true])
    }

    // testSimplePutData
    @Test func simplePutData() async throws {
        let put: Future<StorageMetadata, StorageError> = storage.reference(withPath: "ios/public/testBytesUpload")
            .putData(Data("Hello Swift World".utf8))
        #expect(try await outcome(of: put).get().name == "testBytesUpload")
    }

    // testSimplePutSpecialCharacter
    @Test func simplePutSpecialCharacter() async throws {
        let put: Future<StorageMetadata, StorageError> = storage.reference(withPath: "ios/public/-._~!$'()*,=:@&+;")
            .putData(Data("Hello Swift World".utf8))
        // The SDK's server answers the content type "application/octet-stream" for untyped data; the embedded
        // backend stores none. What this port checks is the special characters' round trip.
        #expect(try await outcome(of: put).get().name == "-._~!$'()*,=:@&+;")
    }

    // testSimplePutEmptyData
    @Test func simplePutEmptyData() async throws {
        let put: Future<StorageMetadata, StorageError> = storage.reference(
            withPath: "ios/public/testSimplePutEmptyData"
        ).putData(Data())
        #expect(try await outcome(of: put).get().size == 0)
    }

    // testSimplePutDataUnauthorized
    @Test func simplePutDataUnauthorized() async throws {
        let put: Future<StorageMetadata, StorageError> = storage.reference(withPath: "ios/private/secretfile.txt")
            .putData(Data("Hello Swift World".utf8))
        let error = try await outcome(of: put).failure
        #expect(error?.code == .unauthorized)
        #expect(error?.object == "ios/private/secretfile.txt")
    }

    // testAttemptToUploadDirectoryShouldFail
    @Test func attemptToUploadDirectoryShouldFail() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "HomeImprovement-\(UUID().uuidString).numbers")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let put: Future<StorageMetadata, StorageError> = storage.reference(withPath: "ios/public/HomeImprovement")
            .putFile(from: directory)
        #expect(try await outcome(of: put).failure?.code == .unknown)
    }

    // testPutFileWithSpecialCharacters, testSimplePutFileNoMetadata
    @Test func putFileWithSpecialCharacters() async throws {
        let fileURL = FileManager.default.temporaryDirectory.appendingPathComponent("hello-\(UUID().uuidString).txt")
        try Data("Hello Swift World".utf8).write(to: fileURL)
        defer { try? FileManager.default.removeItem(at: fileURL) }
        let ref = storage.reference(withPath: "ios/public/hello&+@_ .txt")
        _ = try await outcome(of: ref.putFile(from: fileURL) as Future<_, StorageError>).get()
        let metadata = try await outcome(of: ref.getMetadata() as Future<_, StorageError>).get()
        #expect(metadata.name == "hello&+@_ .txt")
    }

    // testSimplePutDataNoMetadata
    @Test func simplePutDataNoMetadata() async throws {
        let put: Future<StorageMetadata, StorageError> = storage.reference(
            withPath: "ios/public/testSimplePutDataNoMetadata"
        ).putData(Data("Hello Swift World".utf8), metadata: nil)
        #expect(try await outcome(of: put).get().size == 17)
    }

    // testSimpleGetData
    @Test func simpleGetData() async throws {
        let ref = try await oneMegabyte()
        let data = try await outcome(of: ref.getData(maxSize: 1024 * 1024) as Future<Data, StorageError>).get()
        #expect(data == testBytes(1024 * 1024))
    }

    // testSimpleGetDataTooSmall
    @Test func simpleGetDataTooSmall() async throws {
        let ref = try await oneMegabyte()
        let get: Future<Data, StorageError> = ref.getData(maxSize: 1024)
        #expect(try await outcome(of: get).failure?.code == .downloadSizeExceeded)
    }

    // testSimpleGetDownloadURL
    @Test func simpleGetDownloadURL() async throws {
        let ref = try await oneMegabyte()
        let url = try await outcome(of: ref.downloadURL() as Future<URL, StorageError>).get()
        #expect(url.absoluteString.hasPrefix("https://firebasestorage.googleapis.com/v0/b/"))
        #expect(url.absoluteString.contains("/o/ios%2Fpublic%2F1mb?alt=media&token="))
    }

    // testUpdateMetadata2
    @Test func updateMetadata2() async throws {
        let ref = try await oneMegabyte()
        var metadata = StorageMetadata()
        metadata.cacheControl = "cache-control"
        metadata.contentDisposition = "content-disposition"
        metadata.contentEncoding = "gzip"
        metadata.contentLanguage = "de"
        metadata.contentType = "content-type-a"
        metadata.customMetadata = ["a": "b"]
        var updated = try await outcome(of: ref.updateMetadata(metadata) as Future<_, StorageError>).get()
        #expect(updated.cacheControl == "cache-control")
        #expect(updated.contentDisposition == "content-disposition")
        #expect(updated.contentEncoding == "gzip")
        #expect(updated.contentLanguage == "de")
        #expect(updated.contentType == "content-type-a")
        #expect(updated.customMetadata == ["a": "b"])
        updated.contentType = "content-type-b"
        updated.customMetadata = ["a": "b", "c": "d"]
        updated = try await outcome(of: ref.updateMetadata(updated) as Future<_, StorageError>).get()
        #expect(updated.contentType == "content-type-b")
        #expect(updated.customMetadata == ["a": "b", "c": "d"])
        updated.cacheControl = nil
        updated.contentDisposition = nil
        updated.contentEncoding = nil
        updated.contentLanguage = nil
        updated.contentType = nil
        updated.customMetadata = nil
        let cleared = try await outcome(of: ref.updateMetadata(updated) as Future<_, StorageError>).get()
        #expect(cleared.cacheControl == nil)
        #expect(cleared.contentType == nil)
    }

    /// The SDK's listing files.
    private func listFiles() async throws -> StorageReference {
        try await upload(
            ["ios/public/list/a", "ios/public/list/b", "ios/public/list/prefix/c"], data: Data())
        return storage.reference(withPath: "ios/public/list")
    }

    // testPagedListFiles
    @Test func pagedListFiles() async throws {
        let ref = try await listFiles()
        let first = try await outcome(of: ref.list(maxResults: 2) as Future<_, StorageError>).get()
        #expect(first.items == [ref.child("a"), ref.child("b")])
        #expect(first.prefixes == [])
        let pageToken = try #require(first.pageToken)
        let second = try await outcome(
            of: ref.list(maxResults: 2, pageToken: pageToken) as Future<_, StorageError>
        ).get()
        #expect(second.items == [])
        #expect(second.prefixes == [ref.child("prefix")])
        #expect(second.pageToken == nil)
    }

    // testListAllFiles
    @Test func listAllFiles() async throws {
        let ref = try await listFiles()
        let all = try await outcome(of: ref.listAll() as Future<_, StorageError>).get()
        #expect(all.items == [ref.child("a"), ref.child("b")])
        #expect(all.prefixes == [ref.child("prefix")])
        #expect(all.pageToken == nil)
    }
}
