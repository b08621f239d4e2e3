// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintAuth
import FlintCore
import FlintStorage
import FlintTesting
import Foundation
import Testing

@testable import FlintEmulator

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Storage service: Flint's Storage client and raw v0 REST against the emulator")
struct StorageServiceTests {
    static let bucket = "flint-test.appspot.com"

    /// A Storage instance of a new app using the emulator, with 256 KiB chunks.
    private func storage(_ emulator: FlintEmulator) throws -> Storage {
        let app = try TestApp.make(libraries: [StorageLibrary.self], options: emulatorOptions)
        let storage = try Storage.storage(app: app)
        let endpoint = try #require(emulator.endpoints[.storage])
        storage.useEmulator(withHost: endpoint.host, port: endpoint.port)
        storage.uploadChunkSizeBytes = 256 * 1024
        return storage
    }

    private static let storageOnly = EmulatorConfiguration.ephemeral(services: [.storage])

    private static func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
    }

    private func url(_ emulator: FlintEmulator, _ path: String) -> URL {
        emulator.url(.storage, path)
    }

    @Test func putDataIsResumableInChunksWithProgressAndReadsBack() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let ref = try storage(emulator).reference(withPath: "photos/cat.bin")
            let data = Self.bytes(600 * 1024)
            var metadata = StorageMetadata()
            metadata.contentType = "application/x-cat"
            metadata.customMetadata = ["owner": "ada"]
            let task = ref.putData(data, metadata: metadata)
            var completed: [Int64] = []
            for try await snapshot in task.progressUpdates { completed.append(snapshot.completedUnitCount) }
            #expect(completed.last == Int64(data.count))
            #expect(completed.count >= 3)
            let stored = try await ref.getMetadata()
            #expect(stored.size == Int64(data.count))
            #expect(stored.contentType == "application/x-cat")
            #expect(stored.customMetadata == ["owner": "ada"])
            #expect(stored.md5Hash?.isEmpty == false)
            #expect(stored.generation > 0)
            #expect(try await ref.data(maxSize: 1 << 20) == data)
            #expect(emulator.storageBackend?.storedData(bucket: Self.bucket, path: "photos/cat.bin") == data)
            // The upload went through the resumable protocol and left no session open.
            #expect(emulator.storageBackend?.openUploadCount == 0)
        }
    }

    @Test func getDataLargerThanMaxSizeFails() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let ref = try storage(emulator).reference(withPath: "big")
            try await ref.putDataAsync(Self.bytes(300_000))
            await #expect {
                _ = try await ref.data(maxSize: 1000)
            } throws: { ($0 as? StorageError)?.code == .downloadSizeExceeded }
        }
    }

    @Test func putFileThenDownloadURLIsFetchableWithItsTokenOnly() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("flint-storage-\(UUID()).txt")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data("hello, storage".utf8).write(to: file)
            let ref = try storage(emulator).reference(withPath: "docs/hello world.txt")
            let stored = try await ref.putFileAsync(from: file)
            #expect(stored.contentType == "text/plain")
            let url = try await ref.downloadURL()
            #expect(url.absoluteString.hasPrefix(emulator.endpoints[.storage]!.url.absoluteString + "/v0/b/"))
            let fetched = try await RawHTTP.send("GET", url)
            #expect(fetched.status == 200)
            #expect(String(decoding: fetched.body, as: UTF8.self) == "hello, storage")
            #expect(fetched.headers["content-type"] == "text/plain")
            var wrong = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            wrong.queryItems = [URLQueryItem(name: "alt", value: "media"), URLQueryItem(name: "token", value: "nope")]
            let refused = try await RawHTTP.send("GET", wrong.url!)
            #expect(refused.status == 403)
            #expect((refused.json["error"] as? [String: Any])?["status"] as? String == "PERMISSION_DENIED")
        }
    }

    @Test func rulesJudgeCallersButNotDownloadTokensOrTheOwner() async throws {
        let rules: StorageRules = { request in
            let parts = request.path.split(separator: "/")
            return parts.first == "users" && parts.count >= 2 && request.uid == String(parts[1])
        }
        try await withEmulator(.ephemeral(services: [.auth, .storage]), storageRules: rules) { emulator in
            let app = try TestApp.make(libraries: [AuthLibrary.self, StorageLibrary.self], options: emulatorOptions)
            let auth = try Auth.auth(app: app)
            let authEndpoint = try #require(emulator.endpoints[.auth])
            auth.useEmulator(withHost: authEndpoint.host, port: authEndpoint.port)
            let storage = try Storage.storage(app: app)
            let endpoint = try #require(emulator.endpoints[.storage])
            storage.useEmulator(withHost: endpoint.host, port: endpoint.port)
            let uid = try await auth.createUser(withEmail: "ada@example.com", password: "analytical").user.uid
            let mine = storage.reference(withPath: "users/\(uid)/notes.txt")
            try await mine.putDataAsync(Data("mine".utf8))
            #expect(try await mine.data(maxSize: 100) == Data("mine".utf8))
            await #expect {
                try await storage.reference(withPath: "users/someone-else/x").putDataAsync(Data("x".utf8))
            } throws: { ($0 as? StorageError)?.code == .unauthorized }
            let objectURL = url(emulator, "/v0/b/\(Self.bucket)/o/users%2F\(uid)%2Fnotes.txt")
            let anonymous = try await RawHTTP.send("GET", objectURL)
            #expect(anonymous.status == 403)
            let owner = try await RawHTTP.send("GET", objectURL, headers: ["Authorization": "Bearer owner"])
            #expect(owner.status == 200)
            let ownerMedia = try await RawHTTP.send(
                "GET", URL(string: objectURL.absoluteString + "?alt=media")!, headers: ["Authorization": "Bearer owner"]
            )
            #expect(ownerMedia.status == 200)
            #expect(ownerMedia.body == Data("mine".utf8))
            let downloadURL = try await mine.downloadURL()
            try auth.signOut()
            let withToken = try await RawHTTP.send("GET", downloadURL)
            #expect(withToken.status == 200)
            #expect(withToken.body == Data("mine".utf8))
        }
    }

    @Test func updateMetadataSetsClearsAndMergesCustomKeys() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let ref = try storage(emulator).reference(withPath: "meta/object")
            var initial = StorageMetadata()
            initial.customMetadata = ["keep": "1", "drop": "2"]
            initial.cacheControl = "no-cache"
            try await ref.putDataAsync(Data("x".utf8), metadata: initial)
            var changes = try await ref.getMetadata()
            changes.contentLanguage = "fr"
            changes.cacheControl = nil
            changes.customMetadata = ["keep": "1", "new": "3"]
            let updated = try await ref.updateMetadata(changes)
            #expect(updated.contentLanguage == "fr")
            #expect(updated.cacheControl == nil)
            #expect(updated.customMetadata == ["keep": "1", "new": "3"])
            #expect(updated.metageneration == 2)
            #expect(try await ref.getMetadata().customMetadata == ["keep": "1", "new": "3"])
        }
    }

    @Test func listAndListAllWithPrefixesAndPages() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let root = try storage(emulator).reference(withPath: "album")
            for name in ["a", "b", "c", "d", "e"] { try await root.child(name).putDataAsync(Data(name.utf8)) }
            try await root.child("sub/one").putDataAsync(Data("1".utf8))
            try await root.child("zz/two").putDataAsync(Data("2".utf8))
            let all = try await root.listAll()
            #expect(all.items.map(\.name) == ["a", "b", "c", "d", "e"])
            #expect(all.prefixes.map(\.fullPath) == ["album/sub", "album/zz"])
            let first = try await root.list(maxResults: 3)
            #expect(first.items.map(\.name) == ["a", "b", "c"])
            let token = try #require(first.pageToken)
            let second = try await root.list(maxResults: 3, pageToken: token)
            #expect(second.items.map(\.name) == ["d", "e"])
            #expect(second.prefixes.map(\.name) == ["sub"])
            let secondToken: String = try #require(second.pageToken)
            let third = try await root.list(maxResults: 3, pageToken: secondToken)
            #expect(third.prefixes.map(\.name) == ["zz"])
            #expect(third.pageToken == nil)
            let raw = try await RawHTTP.send(
                "GET", url(emulator, "/v0/b/\(Self.bucket)/o?prefix=album%2F&delimiter=%2F&maxResults=2"))
            #expect(raw.json["prefixes"] as? [String] == [])
            #expect(
                (raw.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["album/a", "album/b"])
            #expect(raw.json["nextPageToken"] as? String != nil)
        }
    }

    @Test func deleteRemovesTheObject() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let ref = try storage(emulator).reference(withPath: "gone")
            try await ref.putDataAsync(Data("x".utf8))
            try await ref.delete()
            await #expect {
                _ = try await ref.getMetadata()
            } throws: { ($0 as? StorageError)?.code == .objectNotFound }
            await #expect {
                try await ref.delete()
            } throws: { ($0 as? StorageError)?.code == .objectNotFound }
        }
    }

    @Test func simpleAndMultipartUploadsAndRangedDownloads() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let objects = url(emulator, "/v0/b/\(Self.bucket)/o")
            let simple = try await RawHTTP.send(
                "POST", URL(string: objects.absoluteString + "?name=raw/simple.txt")!, body: Data("0123456789".utf8),
                headers: ["Content-Type": "text/plain"])
            #expect(simple.status == 200)
            #expect(simple.json["name"] as? String == "raw/simple.txt")
            #expect(simple.json["size"] as? String == "10")
            #expect(simple.json["contentType"] as? String == "text/plain")
            #expect((simple.json["downloadTokens"] as? String)?.isEmpty == false)
            let boundary = "flint-boundary"
            let multipartBody = Data(
                ("--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
                    + #"{"name":"raw/multi.json","metadata":{"k":"v","firebaseStorageDownloadTokens":"chosen"}}"#
                    + "\r\n--\(boundary)\r\nContent-Type: application/json\r\n\r\n[1,2,3]\r\n--\(boundary)--\r\n").utf8)
            let multipart = try await RawHTTP.send(
                "POST", URL(string: objects.absoluteString + "?uploadType=multipart")!, body: multipartBody,
                headers: ["Content-Type": "multipart/related; boundary=\(boundary)"])
            #expect(multipart.status == 200)
            #expect(multipart.json["name"] as? String == "raw/multi.json")
            #expect(multipart.json["metadata"] as? [String: String] == ["k": "v"])
            #expect(multipart.json["downloadTokens"] as? String == "chosen")
            let byChosenToken = try await RawHTTP.send(
                "GET", url(emulator, "/v0/b/\(Self.bucket)/o/raw%2Fmulti.json?alt=media&token=chosen"))
            #expect(byChosenToken.status == 200)
            #expect(
                emulator.storageBackend?.storedData(bucket: Self.bucket, path: "raw/multi.json") == Data("[1,2,3]".utf8)
            )
            let media = url(emulator, "/v0/b/\(Self.bucket)/o/raw%2Fsimple.txt?alt=media")
            let ranged = try await RawHTTP.send("GET", media, headers: ["Range": "bytes=2-5"])
            #expect(ranged.status == 206)
            #expect(String(decoding: ranged.body, as: UTF8.self) == "2345")
            #expect(ranged.headers["content-range"] == "bytes 2-5/10")
            let suffix = try await RawHTTP.send("GET", media, headers: ["Range": "bytes=-3"])
            #expect(String(decoding: suffix.body, as: UTF8.self) == "789")
            let past = try await RawHTTP.send("GET", media, headers: ["Range": "bytes=20-"])
            #expect(past.status == 416)
        }
    }

    @Test func badInputGetsFirebaseShapedErrors() async throws {
        let configuration = EmulatorConfiguration(
            services: [.storage], ports: [.storage: 0], maximumBodySize: 1024)
        try await withEmulator(configuration) { emulator in
            func expectError(_ answer: RawHTTP, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(answer.status == status, sourceLocation: sourceLocation)
                let error = answer.json["error"] as? [String: Any]
                #expect(error?["code"] as? Int == status, sourceLocation: sourceLocation)
                #expect(error?["message"] is String, sourceLocation: sourceLocation)
                #expect(error?["status"] is String, sourceLocation: sourceLocation)
            }
            let objects = "/v0/b/\(Self.bucket)/o"
            _ = try await RawHTTP.send(
                "POST", url(emulator, objects + "?name=x"), body: Data("x".utf8))
            expectError(
                try await RawHTTP.send("PATCH", url(emulator, objects + "/x"), body: Data("{oops".utf8)), 400)
            expectError(
                try await RawHTTP.json("PATCH", url(emulator, objects + "/x"), ["contentType": 5]), 400)
            expectError(try await RawHTTP.send("GET", url(emulator, "/v1/nothing")), 404)
            expectError(try await RawHTTP.send("PUT", url(emulator, objects + "/x")), 405)
            expectError(try await RawHTTP.send("GET", url(emulator, objects + "/missing")), 404)
            for name in ["..%2Fescape", "a%2F..%2F..%2Fb", "%2Fabsolute", "nul%00byte", "a%2F%2Fb", "."] {
                expectError(try await RawHTTP.send("GET", url(emulator, objects + "/" + name)), 400)
                expectError(
                    try await RawHTTP.send("POST", url(emulator, objects + "?name=" + name), body: Data("x".utf8)), 400)
            }
            expectError(try await RawHTTP.send("GET", url(emulator, objects + "?prefix=a&delimiter=%2F")), 400)
            expectError(try await RawHTTP.send("GET", url(emulator, objects + "?maxResults=0")), 400)
            let bigMetadata = try JSONSerialization.data(withJSONObject: [
                "metadata": ["k": String(repeating: "v", count: 4096)]
            ])
            expectError(
                try await RawHTTP.send(
                    "POST", url(emulator, objects + "?name=y&uploadType=resumable"), body: bigMetadata,
                    headers: [
                        "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start",
                        "X-Goog-Upload-Header-Content-Length": "1", "Content-Type": "application/json",
                    ]), 413)
            expectError(
                try await RawHTTP.send(
                    "POST", url(emulator, objects + "?upload_id=nope&upload_protocol=resumable"),
                    headers: ["X-Goog-Upload-Command": "query"]), 404)
            expectError(
                try await RawHTTP.send(
                    "GET", url(emulator, objects + "/x"), headers: ["Authorization": "Firebase not-a-jwt"]), 401)
            // A media upload is not held to the body limit: it streams into the backend.
            let large = Self.bytes(64 * 1024)
            let uploaded = try await RawHTTP.send("POST", url(emulator, objects + "?name=large"), body: large)
            #expect(uploaded.status == 200)
            #expect(emulator.storageBackend?.storedData(bucket: Self.bucket, path: "large") == large)
        }
    }

    @Test func resumableProtocolCommandsByHand() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let start = try await RawHTTP.json(
                "POST", url(emulator, "/v0/b/\(Self.bucket)/o?name=by%2Fhand&uploadType=resumable"),
                ["contentType": "text/plain"],
                headers: [
                    "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start",
                    "X-Goog-Upload-Header-Content-Length": "6",
                ])
            #expect(start.status == 200, "\(String(decoding: start.body, as: UTF8.self))")
            #expect(start.headers["x-goog-upload-status"] == "active")
            let session = try #require(start.headers["x-goog-upload-url"].flatMap(URL.init(string:)))
            #expect(session.host == "127.0.0.1")
            let commands = ["X-Goog-Upload-Protocol": "resumable"]
            let first = try await RawHTTP.send(
                "POST", session, body: Data("abc".utf8),
                headers: commands.merging(["X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": "0"]) { $1 })
            #expect(first.status == 200)
            let wrongOffset = try await RawHTTP.send(
                "POST", session, body: Data("def".utf8),
                headers: commands.merging(["X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": "1"]) { $1 })
            #expect(wrongOffset.status == 400)
            let query = try await RawHTTP.send(
                "POST", session, headers: commands.merging(["X-Goog-Upload-Command": "query"]) { $1 })
            #expect(query.headers["x-goog-upload-size-received"] == "3")
            let tooMuch = try await RawHTTP.send(
                "POST", session, body: Data("defg".utf8),
                headers: commands.merging(["X-Goog-Upload-Command": "upload", "X-Goog-Upload-Offset": "3"]) { $1 })
            #expect(tooMuch.status == 400)
            let last = try await RawHTTP.send(
                "POST", session, body: Data("def".utf8),
                headers: commands.merging(["X-Goog-Upload-Command": "upload, finalize", "X-Goog-Upload-Offset": "3"]) {
                    $1
                })
            #expect(last.status == 200)
            #expect(last.headers["x-goog-upload-status"] == "final")
            #expect(last.json["size"] as? String == "6")
            #expect(last.json["contentType"] as? String == "text/plain")
            #expect(emulator.storageBackend?.storedData(bucket: Self.bucket, path: "by/hand") == Data("abcdef".utf8))
        }
    }

    /// The body of a media upload reaches the backend while the request is still being sent: the service opened
    /// the backend's upload with 1 MiB of the 8 MiB sent, and the rest completes it.
    @Test func aSimpleUploadStreamsIntoTheBackendBeforeItsBodyEnds() async throws {
        try await withEmulator(Self.storageOnly) { emulator in
            let backend = try #require(emulator.storageBackend)
            let socket = try RawSocket(port: emulator.endpoints[.storage]!.port)
            let total = 8 << 20
            let head =
                "POST /v0/b/\(Self.bucket)/o?name=streamed HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Length: \(total)\r\nConnection: close\r\n\r\n"
            let piece = Self.bytes(1 << 20)
            try socket.send(Data(head.utf8) + piece)
            try await waitUntil { backend.openUploadCount == 1 }
            for _ in 1..<8 { try socket.send(piece) }
            let (status, _) = try socket.readResponse()
            #expect(status == 200)
            #expect(backend.openUploadCount == 0)
            #expect(backend.storedData(bucket: Self.bucket, path: "streamed")?.count == total)
        }
    }

    /// Opt-in (`FLINT_MEASURE_MEMORY=1`): the peak resident memory a 1 GiB simple upload adds, into a backend kept
    /// in a directory (so that what the backend keeps is not counted). Printed; expected to stay far below the size.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FLINT_MEASURE_MEMORY"] == "1"))
    func aOneGiBUploadKeepsPeakMemoryFlat() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flint-storage-rss-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Self.storageOnly
        configuration.dataDirectory = directory
        let emulator = try await FlintEmulator.start(configuration: configuration, log: { _ in })
        let total: Int64 = 1 << 30
        let before = Self.peakResidentBytes()
        let socket = try RawSocket(port: emulator.endpoints[.storage]!.port)
        let head =
            "POST /v0/b/\(Self.bucket)/o?name=huge HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Length: \(total)\r\nConnection: close\r\n\r\n"
        try socket.send(Data(head.utf8))
        let piece = Self.bytes(1 << 20)
        for _ in 0..<(total >> 20) { try socket.send(piece) }
        let (status, body) = try socket.readResponse()
        let after = Self.peakResidentBytes()
        try await emulator.stop()
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
        let growth = after - before
        print("flint-emulator storage: peak RSS growth for a 1 GiB simple upload: \(growth >> 20) MiB")
        #expect(growth < total / 4)
    }

    /// The process's peak resident set size (`VmHWM`), in bytes.
    private static func peakResidentBytes() -> Int64 {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int64(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }
}
