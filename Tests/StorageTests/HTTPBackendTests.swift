import FlintCore
@testable import FlintStorage
import FlintTesting
import Foundation
import Testing

@Suite("The REST protocol (HTTPStorageBackend)")
struct HTTPBackendTests {
    private let chunk = Storage.chunkGranularity

    /// Runs `body` with an instance pointed (useEmulator) at a fake Storage server.
    private func withServer(overrides: [Component] = [],
                            _ body: (Storage, TestHTTPServer) async throws -> Void) async throws {
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
            #expect(uploads.map { $0.headers["X-Goog-Upload-Command"] ?? "" } == ["start", "upload", "upload", "upload", "finalize"])
            #expect(uploads.dropFirst().map { $0.headers["X-Goog-Upload-Offset"] ?? "" }
                == ["0", "\(chunk)", "\(2 * chunk)", "\(2 * chunk + 5)"])
            #expect(uploads.first?.path == "/v0/b/flint-test.appspot.com/o?name=dir%2Fa%20b.bin&uploadType=resumable")
            #expect(try await ref.data(maxSize: 1 << 30) == data)
            let ranges = server.requests.compactMap { $0.headers["Range"] }
            #expect(ranges == ["bytes=0-\(chunk - 1)", "bytes=\(chunk)-\(2 * chunk - 1)", "bytes=\(2 * chunk)-\(2 * chunk + 4)"])
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
            #expect(try await ref.downloadURL().absoluteString
                == "\(server.origin)/v0/b/flint-test.appspot.com/o/d%2Fa?alt=media&token=token-1")
            try await ref.delete()
            #expect(await storageErrorCode { _ = try await ref.getMetadata() } == .objectNotFound)
        }
    }

    @Test(arguments: [(401, StorageErrorCode.unauthenticated), (402, .quotaExceeded), (403, .unauthorized),
                      (404, .objectNotFound), (500, .unknown)])
    func statusesMapToTheSDKsCodes(status: Int, code: StorageErrorCode) async throws {
        try await withTestHTTPServer({ _ in TestHTTPResponse(status: status, body: "no") }) { server in
            let (_, storage) = try makeStorage()
            storage.useEmulator(withHost: server.host, port: server.port)
            #expect(await storageErrorCode { _ = try await storage.reference(withPath: "a").getMetadata() } == code)
        }
    }
}
