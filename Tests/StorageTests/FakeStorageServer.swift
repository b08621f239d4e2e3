// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

@testable import FlintStorage

/// A small in-memory Firebase Storage REST server for ``TestHTTPServer``: resumable uploads (start, upload at
/// the right offset, finalize, cancel), metadata `GET`/`PATCH`, `?alt=media` with ranges, `DELETE` and
/// lists (one page). Objects of every bucket share one namespace.
final class FakeStorageServer: Sendable {
    private struct Upload {
        var name: String
        var data = Data()
        var metadata: [String: Any]
    }

    private struct State {
        var origin = ""
        var objects: [String: (data: Data, metadata: [String: Any])] = [:]
        var uploads: [Int: Upload] = [:]
        var nextUpload = 0
        var nextGeneration = 1
        var uploadCommands = 0
        var failures: [String: Int] = [:]
    }

    /// The upload command (1-based, counting every `upload` command) whose connection is dropped after the
    /// server stored its first `keptBytes` bytes; nil for none.
    private let droppedUpload: Int?
    private let keptBytes: Int

    /// A server dropping upload command `droppedUpload` after keeping `keptBytes` of it.
    init(droppedUpload: Int? = nil, keptBytes: Int = 0) {
        self.droppedUpload = droppedUpload
        self.keptBytes = keptBytes
    }

    /// Makes the next `count` requests with `method` answer 503.
    func failNext(_ count: Int, method: String) {
        state.withLock { $0.failures[method] = count }
    }

    private let state = Locked(State())

    /// Sets the origin the session URLs point to (the server's, once started).
    func setOrigin(_ origin: String) {
        state.withLock { $0.origin = origin }
    }

    /// Answers one request.
    func handle(_ request: TestHTTPRequest) -> TestHTTPResponse {
        let fails = state.withLock { state -> Bool in
            guard let count = state.failures[request.method], count > 0 else { return false }
            state.failures[request.method] = count - 1
            return true
        }
        if fails { return TestHTTPResponse(status: 503, body: "unavailable") }
        let components = URLComponents(string: "http://x" + request.path)
        let query = Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { a, _ in a }
        let parts = request.pathWithoutQuery.split(separator: "/").map {
            String($0).removingPercentEncoding ?? String($0)
        }
        if parts.first == "upload", parts.count == 2, let id = Int(parts[1]) {
            return upload(id: id, request)
        }
        guard parts.count >= 4, parts[0] == "v0", parts[1] == "b", parts[3] == "o" else {
            return TestHTTPResponse(status: 400, body: "bad path")
        }
        if parts.count == 4 {
            if request.method == "POST" { return start(name: query["name"] ?? "", request) }
            return list(prefix: query["prefix"] ?? "")
        }
        let name = parts[4...].joined(separator: "/")
        return state.withLock { state -> TestHTTPResponse in
            guard var object = state.objects[name] else { return TestHTTPResponse(status: 404, body: "Not Found") }
            switch request.method {
            case "DELETE":
                state.objects[name] = nil
                return TestHTTPResponse(status: 204)
            case "PATCH":
                let changes = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
                for (key, value) in changes {
                    if key == "metadata", let keys = value as? [String: Any] {  // merged key by key, as the server
                        var custom = object.metadata["metadata"] as? [String: Any] ?? [:]
                        for (name, value) in keys { custom[name] = value is NSNull ? nil : value }
                        object.metadata["metadata"] = custom
                    } else {
                        object.metadata[key] = value is NSNull ? nil : value
                    }
                }
                object.metadata["metageneration"] = "2"
                state.objects[name] = object
                return Self.json(object.metadata)
            default:
                guard query["alt"] == "media" else { return Self.json(object.metadata) }
                guard let range = request.headers["Range"], range.hasPrefix("bytes=") else {
                    return TestHTTPResponse(status: 200, body: object.data)
                }
                let bounds = range.dropFirst(6).split(separator: "-").compactMap { Int($0) }
                let upper = min(bounds[1] + 1, object.data.count)
                return TestHTTPResponse(
                    status: 206, headers: ["X-Goog-Generation": "\(object.metadata["generation"] ?? "")"],
                    body: object.data.subdata(in: bounds[0]..<upper))
            }
        }
    }

    private func start(name: String, _ request: TestHTTPRequest) -> TestHTTPResponse {
        guard request.headers["X-Goog-Upload-Protocol"] == "resumable",
            request.headers["X-Goog-Upload-Command"] == "start"
        else { return TestHTTPResponse(status: 400) }
        let metadata = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
        return state.withLock { state in
            defer { state.nextUpload += 1 }
            state.uploads[state.nextUpload] = Upload(name: name, metadata: metadata)
            return TestHTTPResponse(
                status: 200,
                headers: [
                    "X-Goog-Upload-URL": "\(state.origin)/upload/\(state.nextUpload)",
                    "X-Goog-Upload-Status": "active",
                ])
        }
    }

    private func upload(id: Int, _ request: TestHTTPRequest) -> TestHTTPResponse {
        state.withLock { state -> TestHTTPResponse in
            guard var upload = state.uploads[id] else { return TestHTTPResponse(status: 404) }
            let command = request.headers["X-Goog-Upload-Command"]
            if command == "query" {
                return TestHTTPResponse(
                    status: 200,
                    headers: [
                        "X-Goog-Upload-Size-Received": "\(upload.data.count)",
                        "X-Goog-Upload-Status": "active",
                    ])
            }
            guard request.headers["X-Goog-Upload-Offset"] == "\(upload.data.count)" else {
                return TestHTTPResponse(status: 400, body: "wrong offset")
            }
            switch command {
            case "upload":
                state.uploadCommands += 1
                if state.uploadCommands == droppedUpload {
                    upload.data.append(request.body.prefix(keptBytes))
                    state.uploads[id] = upload
                    return .closeWithoutResponse
                }
                upload.data.append(request.body)
                state.uploads[id] = upload
                return TestHTTPResponse(status: 200, headers: ["X-Goog-Upload-Status": "active"])
            case "finalize":
                state.uploads[id] = nil
                var metadata = upload.metadata
                metadata["name"] = upload.name
                metadata["bucket"] = "flint-test.appspot.com"
                metadata["size"] = "\(upload.data.count)"
                metadata["generation"] = "\(state.nextGeneration)"
                metadata["metageneration"] = "1"
                metadata["timeCreated"] = "2026-11-23T17:00:00.123Z"
                metadata["updated"] = "2026-11-23T17:00:00.123Z"
                metadata["downloadTokens"] = "token-\(state.nextGeneration)"
                state.nextGeneration += 1
                state.objects[upload.name] = (upload.data, metadata)
                return Self.json(metadata)
            case "cancel":
                state.uploads[id] = nil
                return TestHTTPResponse(status: 200)
            default:
                return TestHTTPResponse(status: 400)
            }
        }
    }

    private func list(prefix: String) -> TestHTTPResponse {
        state.withLock { state in
            var prefixes = Set<String>()
            var items: [[String: Any]] = []
            for name in state.objects.keys.sorted() where name.hasPrefix(prefix) {
                let rest = name.dropFirst(prefix.count)
                if let slash = rest.firstIndex(of: "/") {
                    prefixes.insert(prefix + rest[..<slash] + "/")
                } else {
                    items.append(["name": name, "bucket": "flint-test.appspot.com"])
                }
            }
            return Self.json(["prefixes": prefixes.sorted(), "items": items])
        }
    }

    private static func json(_ object: [String: Any]) -> TestHTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return TestHTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
