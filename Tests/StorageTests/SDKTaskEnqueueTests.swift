// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageTaskEnqueueTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on
/// the embedded backend: a `resume()` while the task's first request is still being set up (paused first or not),
/// or from a progress observer, does not start a second request.
@Suite("SDK: StorageTaskEnqueueTests")
struct SDKTaskEnqueueTests {
    /// `testUploadResumeDiscardsEarlierSetup`, `testImmediateUploadResumeDiscardsEarlierSetup`.
    @Test(arguments: [true, false])
    func aResumedUploadStartsOneSession(pauseFirst: Bool) async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let task = storage.reference(withPath: "object").putData(Data("upload".utf8))
        try await waitUntil { backend.uploadCallers.count == 1 }
        if pauseFirst { task.pause() }
        task.resume()
        backend.gate.open()
        try await waitUntil { task.snapshot.status == .success }
        #expect(backend.uploadCallers.count == 1)
        #expect(backend.chunkCallCount == 1)
    }

    /// `testDownloadResumeDiscardsEarlierSetup`, `testImmediateDownloadResumeDiscardsEarlierSetup`.
    @Test(arguments: [true, false])
    func aResumedDownloadReadsOnce(pauseFirst: Bool) async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "object")
        try await ref.putDataAsync(Data("download".utf8))
        let task = ref.getData(maxSize: 1024) { _, _ in }
        try await waitUntil { backend.readCallCount == 1 }
        if pauseFirst { task.pause() }
        task.resume()
        backend.gate.open()
        try await waitUntil { task.snapshot.status == .success }
        #expect(backend.readCallCount == 1)
    }

    /// `testDownloadResumeDuringProgressDoesNotStartAnotherRequest`.
    @Test func resumingFromAProgressObserverDoesNotReadAgain() async throws {
        let (_, storage) = try makeStorage(backend: GatedBackend())
        let backend = try #require(storage.backend as? GatedBackend)
        let ref = storage.reference(withPath: "object")
        try await ref.putDataAsync(Data("download".utf8))
        let data = Locked<Data?>(nil)
        let task = ref.getData(maxSize: 1024) { bytes, _ in data.withLock { $0 = bytes } }
        task.observe(.progress) { [task] _ in task.resume() }
        try await waitUntil { data.withLock { $0 } != nil }
        #expect(data.withLock { $0 } == Data("download".utf8))
        #expect(backend.readCallCount == 1)
    }
}
