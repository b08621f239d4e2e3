// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintStorage

@Suite("The REST protocol (HTTPStorageBackend)")
struct HTTPBackendTests {
    private let chunk = Storage.chunkGranularity

    /// Runs `body` with an instance pointed (useEmulator) at a fake Storage server.
    private func withServer(
        overrides: [Component] = [],
        _ body: (Storage, TestHTTPServer) async throws -> Void
    ) async throws {
        let fake = FakeStorageServer()
        try await withTestHTTPServer({ fake.handle($0) }) { server in
            fake.setOrigin(server.origin)
            let (_, storage) = try makeStorage(overrides: overrides)
            storage.useEmulator(withHost: server.host, port: server.port)
            try await body(storage, server)
        }
    }

    @Test func uploadsInChunksAtOffsetsAndDownloadsByRanges() async throws {
        try await withServer { storage, server in
            #expect(storage.emulatorOrigin == server.origin)
            let ref = storage.reference(withPath: "dir/a b.bin")
            let data = testBytes(Int(2 * chunk + 5))
            let metadata = try await ref.putDataAsync(data)
            #expect(metadata.size == 2 * chunk + 5)
            #expect(metadata.path == "dir/a b.bin")
            #expect(metadata.timeCreated == Date(timeIntervalSince1970: 1_795_453_200.123))
            let uploads = server.requests.filter { $0.headers["X-Goog-Upload-Protocol"] == "resumable" }
            #expect(
                uploads.map { $0.headers["X-Goog-Upload-Command"] ?? "" } == [
                    "start", "upload", "upload", "upload", "finalize",
                ])
            #expect(
                uploads.dropFirst().map { $0.headers["X-Goog-Upload-Offset"] ?? "" }
                    == ["0", "\(chunk)", "\(2 * chunk)", "\(2 * chunk + 5)"])
            #expect(uploads.first?.path == "/v0/b/flint-test.appspot.com/o?name=dir%2Fa%20b.bin&uploadType=resumable")
            #expect(try await ref.data(maxSize: 1 << 30) == data)
            let ranges = server.requests.compactMap { $0.headers["Range"] }
            #expect(
                ranges == [
                    "bytes=0-\(chunk - 1)", "bytes=\(chunk)-\(2 * chunk - 1)", "bytes=\(2 * chunk)-\(2 * chunk + 4)",
                ])
        }
    }

    @Test func theUploadStartAnnouncesTheSizeAndContentType() async throws {
        try await withServer { storage, server in
            var metadata = StorageMetadata()
            metadata.contentType = "image/png"
            try await storage.reference(withPath: "a.png").putDataAsync(testBytes(1234), metadata: metadata)
            let start = try #require(server.requests.first { $0.headers["X-Goog-Upload-Command"] == "start" })
            #expect(start.headers["X-Goog-Upload-Header-Content-Length"] == "1234")
            #expect(start.headers["X-Goog-Upload-Header-Content-Type"] == "image/png")
        }
    }

    @Test func aDownloadFailsWhenTheObjectIsReplacedBetweenChunks() async throws {
        try await withServer { storage, _ in
            storage.uploadChunkSizeBytes = chunk
            let ref = storage.reference(withPath: "a.bin")
            try await ref.putDataAsync(testBytes(Int(3 * chunk)))
            let task = ref.getData(maxSize: 1 << 30) { _, _ in }
            let paused = Locked(false)
            task.observe(.progress) { _ in
                if !paused.withLock({
                    let was = $0
                    $0 = true
                    return was
                }) {
                    task.pause()
                }
            }
            try await waitUntil { task.snapshot.status == .pause }
            try await ref.putDataAsync(Data(repeating: 7, count: Int(3 * chunk)))  // a new generation
            task.resume()
            let code = await storageErrorCode { _ = try await task.core.result() }
            #expect(code == .objectNotFound)
        }
    }

    @Test func requestsCarryTheUserAndAppCheckTokens() async throws {
        let auth = FakeAuth(userID: "alice", token: "alice-token")
        let appCheck = FakeAppCheck(token: "app-check-token")
        try await withServer(overrides: auth.components + appCheck.components) { storage, server in
            try await storage.reference(withPath: "a").putDataAsync(Data("a".utf8))
            let requests = server.requests
            #expect(requests.count == 3)
            #expect(requests.allSatisfy { $0.headers["Authorization"] == "Firebase alice-token" })
            #expect(requests.allSatisfy { $0.headers["X-Firebase-AppCheck"] == "app-check-token" })
        }
    }

    @Test func metadataUpdatesListsAndDeletes() async throws {
        try await withServer { storage, server in
            var metadata = StorageMetadata()
            metadata.contentType = "text/plain"
            metadata.customMetadata = ["k": "v"]
            try await storage.reference(withPath: "d/a").putDataAsync(Data("a".utf8), metadata: metadata)
            try await storage.reference(withPath: "d/sub/b").putDataAsync(Data("b".utf8))
            let ref = storage.reference(withPath: "d/a")
            #expect(try await ref.getMetadata().customMetadata == ["k": "v"])
            var changes = StorageMetadata()
            changes.contentType = nil
            let updated = try await ref.updateMetadata(changes)
            #expect(updated.contentType == nil)
            #expect(updated.customMetadata == ["k": "v"])
            #expect(server.requests.last?.bodyText == #"{"contentType":null}"#)
            let listed = try await storage.reference(withPath: "d").listAll()
            #expect(listed.items.map(\.fullPath) == ["d/a"])
            #expect(listed.prefixes.map(\.fullPath) == ["d/sub"])
            #expect(
                try await ref.downloadURL().absoluteString
                    == "\(server.origin)/v0/b/flint-test.appspot.com/o/d%2Fa?alt=media&token=token-1")
            try await ref.delete()
            #expect(await storageErrorCode { _ = try await ref.getMetadata() } == .objectNotFound)
        }
    }

    @Test(arguments: [
        (401, StorageErrorCode.unauthenticated), (402, .quotaExceeded), (403, .unauthorized),
        (404, .objectNotFound), (400, .unknown),
    ])
    func statusesMapToTheSDKsCodes(status: Int, code: StorageErrorCode) async throws {
        try await withTestHTTPServer({ _ in TestHTTPResponse(status: status, body: "no") }) { server in
            let (_, storage) = try makeStorage()
            storage.useEmulator(withHost: server.host, port: server.port)
            #expect(await storageErrorCode { _ = try await storage.reference(withPath: "a").getMetadata() } == code)
        }
    }

    /// Runs `body` with an app whose backend is an ``HTTPStorageBackend`` calling `fake`, retrying for
    /// `maxRetryTime` with a sleep that records its durations instead of waiting.
    private func withRetryingServer(
        _ fake: FakeStorageServer, maxRetryTime: TimeInterval = 120,
        _ body: (Storage, TestHTTPServer, Locked<[Duration]>) async throws -> Void
    ) async throws {
        let slept = Locked<[Duration]>([])
        try await withTestHTTPServer({ fake.handle($0) }) { server in
            fake.setOrigin(server.origin)
            let backend = HTTPStorageBackend(
                origin: try #require(URL(string: server.origin)), maxRetryTime: maxRetryTime,
                sleep: { duration in slept.withLock { $0.append(duration) } })
            let (_, storage) = try makeStorage(backend: backend)
            try await body(storage, server, slept)
        }
    }

    @Test func transientFailuresAreRetriedWithBackoff() async throws {
        let fake = FakeStorageServer()
        try await withRetryingServer(fake) { storage, _, slept in
            let ref = storage.reference(withPath: "a")
            try await ref.putDataAsync(Data("a".utf8))
            fake.failNext(2, method: "GET")
            #expect(try await ref.getMetadata().size == 1)
            #expect(slept.withLock { $0 } == [.seconds(1), .seconds(2)])
        }
    }

    @Test func pastMaxRetryTimeItIsRetryLimitExceeded() async throws {
        let fake = FakeStorageServer()
        try await withRetryingServer(fake, maxRetryTime: 10) { storage, _, slept in
            fake.failNext(100, method: "GET")
            #expect(
                await storageErrorCode { _ = try await storage.reference(withPath: "a").getMetadata() }
                    == .retryLimitExceeded)
            #expect(slept.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(4)])
        }
    }

    @Test func aConnectionDroppedMidUploadResumesFromTheServersOffset() async throws {
        let fake = FakeStorageServer(droppedUpload: 2, keptBytes: 1000)
        try await withRetryingServer(fake) { storage, server, _ in
            let ref = storage.reference(withPath: "a")
            let data = testBytes(Int(3 * chunk))
            try await ref.putDataAsync(data)
            #expect(try await ref.data(maxSize: 1 << 30) == data)
            let commands = server.requests.compactMap { request -> String? in
                guard let command = request.headers["X-Goog-Upload-Command"] else { return nil }
                return "\(command)@\(request.headers["X-Goog-Upload-Offset"] ?? "-")"
            }
            #expect(
                commands == [
                    "start@-", "upload@0", "upload@\(chunk)", "query@\(chunk)",
                    "upload@\(chunk + 1000)", "upload@\(2 * chunk)", "finalize@\(3 * chunk)",
                ])
        }
    }

    @Test func theEmulatorsRetriesFollowTheInstancesSettings() async throws {
        let fake = FakeStorageServer()
        let slept = Locked<[Duration]>([])
        try await withTestHTTPServer({ fake.handle($0) }) { server in
            fake.setOrigin(server.origin)
            let (_, storage) = try makeStorage()
            storage.useEmulator(
                withHost: server.host, port: server.port,
                sleep: { duration in slept.withLock { $0.append(duration) } })
            storage.maxOperationRetryTime = 3
            fake.failNext(100, method: "GET")
            #expect(
                await storageErrorCode { _ = try await storage.reference(withPath: "a").getMetadata() }
                    == .retryLimitExceeded)
            #expect(slept.withLock { $0 } == [.seconds(1), .seconds(2)])
        }
    }
}
