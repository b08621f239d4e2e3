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

/// A Storage of an app of its own on the embedded backend, with the smallest chunk size (so that an upload has
/// several progress events). `ios/private/…` is refused, as in the SDK's integration rules.
func makeStorage() throws -> (FlintApp, Storage) {
    let backend = LocalStorageBackend(rules: { !$0.path.hasPrefix("ios/private") })
    let app = try TestApp.make(
        libraries: [StorageLibrary.self], overrides: [.instance(backend, as: StorageBackend.self)])
    let storage = try Storage.storage(app: app)
    storage.uploadChunkSizeBytes = Storage.chunkGranularity
    return (app, storage)
}

/// `count` bytes of a repeating pattern.
func testBytes(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
}

@Suite("Storage: the task progress publisher and the futures", .timeLimit(.minutes(1)))
struct StorageCombineTests {
    @Test func progressPublisherSendsGrowingProgressThenFinishes() async throws {
        let (_, storage) = try makeStorage()
        let data = testBytes(Int(Storage.chunkGranularity) * 3)
        let task = storage.reference(withPath: "ios/public/big").putData(data)
        let recorder = Recorder(task.progressPublisher())
        #expect(isFinished(try await recorder.waitForCompletion()))
        let completed = recorder.values.map(\.progress.completedUnitCount)
        #expect(completed == completed.sorted())
        #expect(task.core.observerCount == 0)
    }

    @Test func cancellingTheSubscriptionRemovesItsObserversButNotTheTask() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "ios/public/big")
        let task = ref.putData(testBytes(Int(Storage.chunkGranularity) * 4))
        task.pause()
        let recorder = Recorder(task.progressPublisher())
        try await waitUntil { task.core.observerCount == 3 }
        recorder.cancel()
        try await waitUntil { task.core.observerCount == 0 }
        task.resume()
        try await waitUntil { task.snapshot.status == .success }
        #expect(try await outcome(of: ref.getMetadata() as Future<StorageMetadata, StorageError>).get().size > 0)
        #expect(recorder.values.isEmpty)
        #expect(recorder.completion == nil)
    }

    @Test func aCancelledTaskFailsThePublisherWithCancelled() async throws {
        let (_, storage) = try makeStorage()
        let task = storage.reference(withPath: "ios/public/big").putData(testBytes(Int(Storage.chunkGranularity) * 4))
        task.pause()
        let recorder = Recorder(task.progressPublisher())
        try await waitUntil { task.core.observerCount == 3 }
        task.cancel()
        #expect(try await recorder.waitForFailure()?.code == .cancelled)
    }

    @Test func deletingTheAppFailsAnUnfinishedTransferWithCancelled() async throws {
        let (app, storage) = try makeStorage()
        let task = storage.reference(withPath: "ios/public/big").putData(testBytes(Int(Storage.chunkGranularity) * 4))
        task.pause()
        let recorder = Recorder(task.progressPublisher())
        try await waitUntil { task.core.observerCount == 3 }
        await app.delete()
        #expect(try await recorder.waitForFailure()?.code == .cancelled)
    }

    /// Calls the future from a synchronous context and drops it.
    private func uploadWithoutSubscribing(_ ref: StorageReference) {
        let _: Future<StorageMetadata, StorageError> = ref.putData(Data("started".utf8))
    }

    @Test func anUploadStartsWithoutASubscriber() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "ios/public/started")
        uploadWithoutSubscribing(ref)
        try await waitUntil { (try? await ref.getMetadata()) != nil }
    }

    @Test func writeToFileDownloadsIntoTheFile() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "ios/public/file")
        let data = testBytes(1000)
        _ = try await outcome(of: ref.putData(data) as Future<StorageMetadata, StorageError>).get()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-combine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let written = try await outcome(of: ref.write(toFile: url) as Future<URL, StorageError>).get()
        #expect(written == url)
        #expect(try Data(contentsOf: url) == data)
    }

    @Test func aMissingObjectFailsWithObjectNotFound() async throws {
        let (_, storage) = try makeStorage()
        let future: Future<URL, StorageError> = storage.reference(withPath: "ios/public/none").downloadURL()
        #expect(try await outcome(of: future).failure?.code == .objectNotFound)
    }
}
