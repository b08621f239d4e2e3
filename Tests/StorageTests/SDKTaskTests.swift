// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

/// The Firebase SDK's `StorageTaskTests.swift` (firebase-ios-sdk, FirebaseStorage/Tests/Unit), ported on the
/// embedded backend, a transfer held where the SDK's test block never answers.
@Suite("SDK: StorageTaskTests")
struct SDKTaskTests {
    /// `testUploadTaskIsReleasedAfterCancel`.
    @Test func anUploadTaskIsReleasedAfterCancel() async throws {
        let backend = GatedBackend(holdStart: true)
        let (_, storage) = try makeStorage(backend: backend)
        let released = WeakHolder<StorageUploadTask>()
        let code = Locked<Int?>(nil)
        do {
            let task = storage.reference(withPath: "object").putData(Data("Hello".utf8)) { _, error in
                code.withLock { $0 = (error as NSError?)?.code }
            }
            released.set(task)
            try await waitUntil { backend.uploadCallers.count == 1 }
            task.cancel()
        }
        try await waitUntil { code.withLock { $0 } != nil }
        #expect(code.withLock { $0 } == StorageErrorCode.cancelled.rawValue)
        backend.gate.open()
        try await waitUntil { released.value == nil }
    }

    /// `testUploadTaskIsReleasedAfterSuccess`.
    @Test func anUploadTaskIsReleasedAfterSuccess() async throws {
        let (_, storage) = try makeStorage()
        let released = WeakHolder<StorageUploadTask>()
        let name = Locked<String?>(nil)
        do {
            let task = storage.reference(withPath: "object").putData(Data("Hello".utf8)) { metadata, _ in
                name.withLock { $0 = metadata?.name }
            }
            released.set(task)
        }
        try await waitUntil { name.withLock { $0 } != nil }
        #expect(name.withLock { $0 } == "object")
        try await waitUntil { released.value == nil }
    }

    /// `testDownloadTaskIsReleasedAfterCancel`.
    @Test func aDownloadTaskIsReleasedAfterCancel() async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "object")
        try await ref.putDataAsync(Data("Hello".utf8))
        let released = WeakHolder<StorageDownloadTask>()
        let code = Locked<Int?>(nil)
        do {
            let task = ref.getData(maxSize: 1024) { _, error in code.withLock { $0 = (error as NSError?)?.code } }
            released.set(task)
            try await waitUntil { backend.readCallCount == 1 }
            task.cancel()
        }
        try await waitUntil { code.withLock { $0 } != nil }
        #expect(code.withLock { $0 } == StorageErrorCode.cancelled.rawValue)
        backend.gate.open()
        try await waitUntil { released.value == nil }
    }

    /// `testDownloadTaskIsReleasedAfterSuccess`, `testDownloadTaskIsReleasedAfterPauseAndResume`.
    @Test(arguments: [false, true])
    func aDownloadTaskIsReleasedAfterSuccess(pausedFirst: Bool) async throws {
        let backend = GatedBackend(holdFirstRead: true)
        let (_, storage) = try makeStorage(backend: backend)
        let ref = storage.reference(withPath: "object")
        try await ref.putDataAsync(Data("Hello".utf8))
        let released = WeakHolder<StorageDownloadTask>()
        let data = Locked<Data?>(nil)
        do {
            let task = ref.getData(maxSize: 1024) { bytes, _ in data.withLock { $0 = bytes } }
            released.set(task)
            try await waitUntil { backend.readCallCount == 1 }
            if pausedFirst {
                task.pause()
                task.resume()
            }
            backend.gate.open()
        }
        try await waitUntil { data.withLock { $0 } != nil }
        #expect(data.withLock { $0 } == Data("Hello".utf8))
        try await waitUntil { released.value == nil }
    }

    /// `testGetDataWithEmptyResponseReturnsEmptyData`.
    @Test func anEmptyObjectDownloadsAsEmptyData() async throws {
        let (_, storage) = try makeStorage()
        let ref = storage.reference(withPath: "object")
        try await ref.putDataAsync(Data())
        #expect(try await ref.data(maxSize: 1024) == Data())
    }
}
