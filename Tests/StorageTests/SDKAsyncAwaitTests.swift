// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageAsyncAwaitTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on the
/// embedded backend, a transfer held where the SDK's test block never answers. (Its check that the fetcher
/// stopped is GTMSessionFetcher's; here the task's end is what the awaiting caller sees.)
@Suite("SDK: StorageAsyncAwaitTests")
struct SDKAsyncAwaitTests {
    /// A file named for `name` in a new temporary directory, holding `contents` when given.
    private func temporaryFile(_ name: String, contents: Data? = nil) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("\(name).txt")
        if let contents { try contents.write(to: url) }
        return url
    }

    /// The operations of `testDataThrowsCancelledWhenTaskIsCancelled`,
    /// `testPutDataAsyncThrowsCancelledWhenTaskIsCancelled`,
    /// `testPutDataAsyncWithProgressThrowsCancelledWhenTaskIsCancelled`,
    /// `testPutFileAsyncThrowsCancelledWhenTaskIsCancelled`, `testWriteAsyncThrowsCancelledWhenTaskIsCancelled`.
    enum Operation: String, CaseIterable, Sendable {
        case data, putDataAsync, putDataAsyncWithProgress, putFileAsync, writeAsync
    }

    /// The five tests above: cancelling the awaiting task while the request is under way throws `cancelled`.
    @Test(arguments: Operation.allCases)
    func cancellingTheAwaitingTaskDuringTheRequestThrowsCancelled(operation: Operation) async throws {
        let isDownload = operation == .data || operation == .writeAsync
        let backend = GatedBackend(holdStart: !isDownload, holdFirstRead: isDownload)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "object")
        if isDownload { try await ref.putDataAsync(Data("Hello".utf8)) }
        let file = try temporaryFile(operation.rawValue, contents: Data("Hello".utf8))
        let task = Task {
            try await Self.run(operation, on: ref, file: file)
        }
        try await waitUntil { isDownload ? backend.readCallCount == 1 : backend.uploadCallers.count == 1 }
        task.cancel()
        let error = try await #require(throws: StorageError.self) { try await value(of: task) }
        #expect((error as NSError).domain == StorageErrorDomain)
        #expect((error as NSError).code == StorageErrorCode.cancelled.rawValue)
        backend.gate.open()
    }

    /// `testDataThrowsCancelledWhenTaskIsAlreadyCancelled`.
    @Test func aDownloadInAnAlreadyCancelledTaskThrowsCancelled() async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "object")
        try await ref.putDataAsync(Data("Hello".utf8))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try await ref.data(maxSize: 1024)
        }
        let error = try await #require(throws: StorageError.self) { try await value(of: task) }
        #expect(error.code == .cancelled)
        backend.gate.open()
    }

    /// `testDataReturnsDownloadedData`, `testPutDataAsyncWithProgressReturnsMetadata`,
    /// `testPutFileAsyncWithProgressReturnsMetadata`, `testWriteAsyncWithProgressWritesFile`.
    @Test func theAsyncFormsReturnTheirResultsAndReportProgress() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "object")
        var metadata = StorageMetadata()
        metadata.contentType = "text/plain"
        let progress = Locked(0)
        let uploaded = try await ref.putDataAsync(Data("Hello".utf8), metadata: metadata) { _ in
            progress.withLock { $0 += 1 }
        }
        #expect(uploaded.name == "object")
        #expect(uploaded.contentType == "text/plain")
        #expect(progress.withLock { $0 } > 0)
        #expect(try await ref.data(maxSize: 1024) == Data("Hello".utf8))

        progress.withLock { $0 = 0 }
        let file = try temporaryFile("upload", contents: Data("Hello".utf8))
        let fromFile = try await ref.putFileAsync(from: file) { _ in progress.withLock { $0 += 1 } }
        #expect(fromFile.name == "object")
        #expect(fromFile.contentType == "text/plain")  // from the file's extension
        #expect(progress.withLock { $0 } > 0)

        progress.withLock { $0 = 0 }
        let destination = try temporaryFile("download")
        let written = try await ref.writeAsync(toFile: destination) { _ in progress.withLock { $0 += 1 } }
        #expect(written == destination)
        #expect(try Data(contentsOf: destination) == Data("Hello".utf8))
        #expect(progress.withLock { $0 } > 0)
    }

    private static func run(_ operation: Operation, on ref: StorageReference, file: URL) async throws {
        switch operation {
        case .data: _ = try await ref.data(maxSize: 1024)
        case .putDataAsync: _ = try await ref.putDataAsync(Data("Hello".utf8))
        case .putDataAsyncWithProgress: _ = try await ref.putDataAsync(Data("Hello".utf8)) { _ in }
        case .putFileAsync: _ = try await ref.putFileAsync(from: file) { _ in }
        case .writeAsync: _ = try await ref.writeAsync(toFile: file) { _ in }
        }
    }
}
