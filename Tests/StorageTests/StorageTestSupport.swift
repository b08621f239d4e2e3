// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintStorage

/// An app with StorageLibrary registered in a private registry.
func makeStorageApp(
    name: String = FlintApp.defaultName, overrides: [Component] = [],
    options: FlintOptions = .testing
) throws -> FlintApp {
    try TestApp.make(name: name, libraries: [StorageLibrary.self], overrides: overrides, options: options)
}

/// The default-bucket instance of a new app whose backend is `backend`, with 256 KiB chunks.
func makeStorage(
    backend: any StorageBackend = LocalStorageBackend(),
    overrides: [Component] = []
) throws -> (FlintApp, Storage) {
    let app = try makeStorageApp(overrides: [.instance(backend, as: StorageBackend.self)] + overrides)
    let storage = try Storage.storage(app: app)
    storage.uploadChunkSizeBytes = Storage.chunkGranularity
    return (app, storage)
}

/// `count` bytes of a repeating pattern.
func testBytes(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
}

/// Records the events a task delivers, in order.
final class EventLog: Sendable {
    private let events = Locked<[StorageTaskSnapshot]>([])

    /// Observes every status of `task`.
    init(_ task: some StorageTask) {
        for status in [StorageTaskStatus.resume, .progress, .pause, .success, .failure] {
            task.observe(status) { [events] snapshot in events.withLock { $0.append(snapshot) } }
        }
    }

    var snapshots: [StorageTaskSnapshot] { events.withLock { $0 } }
    var statuses: [StorageTaskStatus] { snapshots.map(\.status) }
    var progress: [Int64] { snapshots.filter { $0.status == .progress }.map(\.completedUnitCount) }
    var isOver: Bool { statuses.contains(.success) || statuses.contains(.failure) }
}

/// A ``LocalStorageBackend`` where one step waits for `gate`: upload chunk number `heldChunk` (1-based),
/// the start of each upload (`holdStart`) or the first read of a download (`holdFirstRead`). Tasks start
/// at once, so tests that observe every event hold the task until their observers are in place.
final class GatedBackend: StorageBackend {
    let local = LocalStorageBackend()
    let gate = Gate()
    private let heldChunk: Int
    private let holdStart: Bool
    private let holdFirstRead: Bool
    private let chunkCalls = Locked(0)
    private let readCalls = Locked(0)
    private let callers = Locked<[StorageCaller]>([])

    /// The number of download reads started.
    var readCallCount: Int { readCalls.withLock { $0 } }

    /// The callers of the uploads started, in order.
    var uploadCallers: [StorageCaller] { callers.withLock { $0 } }

    init(heldChunk: Int = 0, holdStart: Bool = false, holdFirstRead: Bool = false) {
        self.heldChunk = heldChunk
        self.holdStart = holdStart
        self.holdFirstRead = holdFirstRead
    }

    /// The number of chunk uploads started.
    var chunkCallCount: Int { chunkCalls.withLock { $0 } }

    func startUpload(
        bucket: String, path: String, metadata: StorageMetadata?, size: Int64,
        caller: StorageCaller
    ) async throws -> String {
        callers.withLock { $0.append(caller) }
        if holdStart { await gate.wait() }
        return try await local.startUpload(bucket: bucket, path: path, metadata: metadata, size: size, caller: caller)
    }

    func uploadChunk(session: String, bytes: Data) async throws {
        let number = chunkCalls.withLock { count in
            count += 1
            return count
        }
        if number == heldChunk { await gate.wait() }
        try await local.uploadChunk(session: session, bytes: bytes)
    }

    func finishUpload(session: String) async throws -> StorageMetadata {
        try await local.finishUpload(session: session)
    }

    func cancelUpload(session: String) async {
        await local.cancelUpload(session: session)
    }

    func metadata(bucket: String, path: String, caller: StorageCaller) async throws -> StorageMetadata {
        try await local.metadata(bucket: bucket, path: path, caller: caller)
    }

    func read(
        bucket: String, path: String, range: Range<Int64>, generation: Int64?,
        caller: StorageCaller
    ) async throws -> Data {
        let number = readCalls.withLock { count in
            count += 1
            return count
        }
        if holdFirstRead, number == 1 { await gate.wait() }
        return try await local.read(bucket: bucket, path: path, range: range, generation: generation, caller: caller)
    }

    func updateMetadata(
        bucket: String, path: String, changes: StorageMetadata,
        caller: StorageCaller
    ) async throws -> StorageMetadata {
        try await local.updateMetadata(bucket: bucket, path: path, changes: changes, caller: caller)
    }

    func delete(bucket: String, path: String, caller: StorageCaller) async throws {
        try await local.delete(bucket: bucket, path: path, caller: caller)
    }

    func list(
        bucket: String, path: String, maxResults: Int, pageToken: String?,
        caller: StorageCaller
    ) async throws -> StorageListPage {
        try await local.list(bucket: bucket, path: path, maxResults: maxResults, pageToken: pageToken, caller: caller)
    }

    func downloadURL(bucket: String, path: String, caller: StorageCaller) async throws -> URL {
        try await local.downloadURL(bucket: bucket, path: path, caller: caller)
    }
}

/// The code of the `StorageError` `body` throws, nil when it throws nothing or another error.
func storageErrorCode(_ body: () async throws -> Void) async -> StorageErrorCode? {
    do {
        try await body()
        return nil
    } catch let error as StorageError {
        return error.code
    } catch {
        return nil
    }
}
