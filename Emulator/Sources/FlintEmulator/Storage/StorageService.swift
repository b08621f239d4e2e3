// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage
import Foundation
import Hummingbird

/// The Storage service: Firebase Storage's v0 REST protocol (`/v0/b/{bucket}/o…`, as the SDKs and the Storage
/// emulator speak it) over a ``LocalStorageBackend``: lists, uploads (``StorageUploads``), downloads
/// (``StorageDownloads``), metadata `GET`/`PATCH` and `DELETE`. Every bucket exists.
struct StorageService: EmulatorServiceHandler {
    let backend: LocalStorageBackend
    let sessions = StorageUploadSessions()

    /// The largest `maxResults` of a list (Firebase's limit).
    static let maximumListResults = 1000

    func streamsBody(of request: EmulatorRequest) -> Bool {
        guard request.method == .post, let route = try? Self.route(of: request.path), route.name == nil else {
            return false
        }
        return StorageUploads.streams(request)
    }

    func respond(to request: EmulatorRequest) async throws -> Response {
        if request.path == "/" {
            guard request.method == .get else { throw Self.methodNotAllowed(request) }
            return EmulatorResponse.json(["emulator": "storage"])
        }
        let (bucket, name) = try Self.route(of: request.path)
        let (caller, isAdmin) = try StorageCallerToken.caller(of: request)
        var method = request.method
        if method == .post || method == .put, let override = request.header("X-HTTP-Method-Override") {
            method = HTTPRequest.Method(override.uppercased()) ?? method
        }
        return try await StorageRulesBypass.run(isAdmin) {
            guard let name else {
                switch method {
                case .get: return try await list(request, bucket: bucket, caller: caller)
                case .post:
                    return try await StorageUploads(backend: backend, sessions: sessions).upload(
                        request, bucket: bucket, caller: caller)
                default: throw Self.methodNotAllowed(request)
                }
            }
            switch method {
            case .get:
                if request.query["alt"] == "media" {
                    return try await StorageDownloads(backend: backend).download(
                        request, bucket: bucket, name: name, caller: caller)
                }
                let metadata = try await StorageWireErrors.call {
                    try await backend.metadata(bucket: bucket, path: name, caller: caller)
                }
                return try await Self.objectResponse(metadata, backend: backend)
            case .patch:
                let changes = try StorageObjectJSON.changes(from: try request.jsonObject())
                let metadata = try await StorageWireErrors.call {
                    try await backend.updateMetadata(bucket: bucket, path: name, changes: changes, caller: caller)
                }
                return try await Self.objectResponse(metadata, backend: backend)
            case .delete:
                try await StorageWireErrors.call {
                    try await backend.delete(bucket: bucket, path: name, caller: caller)
                }
                return Response(status: .noContent)
            default:
                throw Self.methodNotAllowed(request)
            }
        }
    }

    /// `GET /v0/b/{bucket}/o?prefix=…&delimiter=/&maxResults=…&pageToken=…`: one page of a folder (`prefix` empty
    /// or ending in `/`; the delimiter `/`, the only one served), as `prefixes` (each ending in `/`), `items`
    /// (`name` and `bucket`) and `nextPageToken`.
    private func list(_ request: EmulatorRequest, bucket: String, caller: StorageCaller) async throws -> Response {
        let folder = try StorageObjectName.folder(ofPrefix: request.query["prefix"] ?? "")
        if let delimiter = request.query["delimiter"], delimiter != "/" {
            throw EmulatorHTTPError(.badRequest, "Invalid argument: only the delimiter / is served.")
        }
        var maxResults = Self.maximumListResults
        if let text = request.query["maxResults"] {
            guard let value = Int(text), (1...Self.maximumListResults).contains(value) else {
                throw EmulatorHTTPError(
                    .badRequest, "Invalid argument: maxResults must be between 1 and \(Self.maximumListResults).")
            }
            maxResults = value
        }
        let page = try await StorageWireErrors.call {
            try await backend.list(
                bucket: bucket, path: folder, maxResults: maxResults, pageToken: request.query["pageToken"],
                caller: caller)
        }
        var object: [String: Any] = [
            "prefixes": page.prefixes.map { $0 + "/" },
            "items": page.items.map { ["name": $0, "bucket": bucket] },
        ]
        if let token = page.pageToken { object["nextPageToken"] = token }
        return EmulatorResponse.json(object)
    }

    // MARK: - Shared

    /// The JSON answer of an object's metadata, with its download tokens.
    static func objectResponse(_ metadata: StorageMetadata, backend: LocalStorageBackend) async throws -> Response {
        let tokens = try await downloadTokens(bucket: metadata.bucket, name: metadata.path ?? "", backend: backend)
        return EmulatorResponse.json(
            StorageObjectJSON.resource(
                of: metadata, downloadTokens: tokens.isEmpty ? nil : tokens.joined(separator: ",")))
    }

    /// The download tokens of an object (the rules not asked).
    static func downloadTokens(bucket: String, name: String, backend: LocalStorageBackend) async throws -> [String] {
        let url = try await StorageRulesBypass.run(true) {
            try await StorageWireErrors.call {
                try await backend.downloadURL(bucket: bucket, path: name, caller: StorageCaller())
            }
        }
        let token = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }
        return token?.value.map { $0.isEmpty ? [] : [$0] } ?? []
    }

    /// The bucket and object name (nil for the bucket's `/o`) of a request path `/v0/b/{bucket}/o[/{name}]`, the
    /// name percent-encoded whole (`a%2Fb`) or by segment, both checked by ``StorageObjectName``.
    static func route(of path: String) throws(EmulatorHTTPError) -> (bucket: String, name: String?) {
        let parts = path.split(separator: "/", maxSplits: 5, omittingEmptySubsequences: false)
        guard parts.count >= 5, parts[0].isEmpty, parts[1] == "v0", parts[2] == "b", parts[4] == "o",
            let bucket = String(parts[3]).removingPercentEncoding
        else {
            throw EmulatorHTTPError(.notFound, "Not found: no route \(path.prefix(200)).")
        }
        let checkedBucket = try StorageObjectName.checkedBucket(bucket)
        guard parts.count == 6 else { return (checkedBucket, nil) }
        guard let name = String(parts[5]).removingPercentEncoding else {
            throw EmulatorHTTPError(.badRequest, "Invalid argument: the object name is not percent-encoded UTF-8.")
        }
        return (checkedBucket, try StorageObjectName.checked(name))
    }

    /// Percent-encodes everything but unreserved characters (`/` too), as object names go in URLs.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static func methodNotAllowed(_ request: EmulatorRequest) -> EmulatorHTTPError {
        EmulatorHTTPError(
            .methodNotAllowed, "Method not allowed: \(request.method.rawValue) \(request.path.prefix(200)).")
    }
}
