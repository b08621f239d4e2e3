// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage
import Foundation
import Hummingbird

/// The Storage service's uploads, all `POST /v0/b/{bucket}/o?name={name}`, by protocol (`X-Goog-Upload-Protocol`,
/// or `uploadType`): `media` (also without either: the body is the object, `Content-Type` its content type),
/// `multipart` (a JSON metadata part and a data part) and `resumable` (`X-Goog-Upload-Command: start` with the
/// metadata as JSON and the size in `X-Goog-Upload-Header-Content-Length`, answered with the session's
/// `X-Goog-Upload-URL`; then `upload` at `X-Goog-Upload-Offset`, `query`, `finalize` — also `upload, finalize` —
/// and `cancel` on that URL). Media and resumable `upload` bodies stream into the backend; a multipart body is
/// read up to the service's body limit.
struct StorageUploads {
    let backend: LocalStorageBackend
    let sessions: StorageUploadSessions

    /// The granularity of resumable chunks announced to clients: 256 KiB.
    static let chunkGranularity = 256 * 1024

    /// Whether an upload request's body streams into the backend: a media upload's, or a resumable `upload`.
    static func streams(_ request: EmulatorRequest) -> Bool {
        if request.query["upload_id"] != nil { return command(of: request).contains("upload") }
        return uploadProtocol(of: request) == "media"
    }

    private static func uploadProtocol(of request: EmulatorRequest) -> String {
        (request.header("X-Goog-Upload-Protocol") ?? request.query["uploadType"] ?? "media").lowercased()
    }

    private static func command(of request: EmulatorRequest) -> String {
        (request.header("X-Goog-Upload-Command") ?? "").lowercased()
    }

    /// The answer to an upload request to `bucket`.
    func upload(_ request: EmulatorRequest, bucket: String, caller: StorageCaller) async throws -> Response {
        if let id = request.query["upload_id"] {
            return try await resumable(id, request: request, bucket: bucket)
        }
        switch Self.uploadProtocol(of: request) {
        case "media":
            return try await media(request, bucket: bucket, caller: caller)
        case "multipart":
            return try await multipart(request, bucket: bucket, caller: caller)
        case "resumable":
            guard Self.command(of: request) == "start" else {
                throw EmulatorHTTPError(.badRequest, "Invalid argument: a resumable upload starts with command start.")
            }
            return try await start(request, bucket: bucket, caller: caller)
        case let other:
            throw EmulatorHTTPError(.badRequest, "Invalid argument: unknown upload protocol \(other.prefix(40)).")
        }
    }

    // MARK: - Media and multipart

    private func media(_ request: EmulatorRequest, bucket: String, caller: StorageCaller) async throws -> Response {
        let name = try StorageObjectName.checked(try Self.name(of: request, metadata: [:]))
        guard let length = request.header("Content-Length").flatMap({ Int64($0) }), length >= 0 else {
            throw EmulatorHTTPError(.lengthRequired, "Invalid argument: a media upload needs a Content-Length.")
        }
        var metadata = StorageMetadata()
        metadata.contentType = request.header("Content-Type")
        let session = try await StorageWireErrors.call {
            try await backend.startUpload(bucket: bucket, path: name, metadata: metadata, size: length, caller: caller)
        }
        let outcome = await StorageUploadStream.write(request, into: session, limit: length, backend: backend)
        if let error = outcome.error {
            await backend.cancelUpload(session: session)
            throw error
        }
        let stored = try await StorageWireErrors.call { try await backend.finishUpload(session: session) }
        return try await StorageService.objectResponse(stored, backend: backend)
    }

    private func multipart(_ request: EmulatorRequest, bucket: String, caller: StorageCaller) async throws
        -> Response
    {
        let parts = try StorageMultipart(body: request.body, contentType: request.header("Content-Type"))
        let name = try StorageObjectName.checked(try Self.name(of: request, metadata: parts.metadata))
        var metadata = try StorageObjectJSON.uploadMetadata(from: parts.metadata)
        if metadata.contentType == nil, let type = parts.contentType { metadata.contentType = type }
        let session = try await StorageWireErrors.call {
            try await backend.startUpload(
                bucket: bucket, path: name, metadata: metadata, size: Int64(parts.data.count), caller: caller)
        }
        do {
            try await StorageWireErrors.call { try await backend.uploadChunk(session: session, bytes: parts.data) }
        } catch {
            await backend.cancelUpload(session: session)
            throw error
        }
        let stored = try await StorageWireErrors.call { try await backend.finishUpload(session: session) }
        return try await StorageService.objectResponse(stored, backend: backend)
    }

    /// The object name: the `name` parameter, or the metadata's `name`.
    private static func name(of request: EmulatorRequest, metadata: [String: Any]) throws(EmulatorHTTPError)
        -> String
    {
        guard let name = request.query["name"] ?? metadata["name"] as? String else {
            throw EmulatorHTTPError(.badRequest, "Invalid argument: an upload needs a name parameter.")
        }
        return name
    }

    // MARK: - Resumable

    private func start(_ request: EmulatorRequest, bucket: String, caller: StorageCaller) async throws -> Response {
        let body = try request.jsonObject()
        let name = try StorageObjectName.checked(try Self.name(of: request, metadata: body))
        guard let size = request.header("X-Goog-Upload-Header-Content-Length").flatMap({ Int64($0) }), size >= 0
        else {
            throw EmulatorHTTPError(
                .badRequest, "Invalid argument: a resumable upload needs X-Goog-Upload-Header-Content-Length.")
        }
        var metadata = try StorageObjectJSON.uploadMetadata(from: body)
        if let type = request.header("X-Goog-Upload-Header-Content-Type") { metadata.contentType = type }
        let host = try Self.host(of: request)
        let backendSession = try await StorageWireErrors.call {
            try await backend.startUpload(bucket: bucket, path: name, metadata: metadata, size: size, caller: caller)
        }
        let id = sessions.open(
            .init(bucket: bucket, name: name, backendSession: backendSession, size: size))
        let url =
            "http://\(host)/v0/b/\(StorageService.encode(bucket))/o?name=\(StorageService.encode(name))"
            + "&upload_id=\(id)&upload_protocol=resumable"
        return Self.status(
            "active",
            extra: [
                StorageHeaders.uploadURL: url, StorageHeaders.uploadChunkGranularity: "\(Self.chunkGranularity)",
                StorageHeaders.uploadID: id,
            ])
    }

    /// A command on the open upload `id`.
    private func resumable(_ id: String, request: EmulatorRequest, bucket: String) async throws -> Response {
        guard try sessions.session(id).bucket == bucket else {
            throw EmulatorHTTPError(.notFound, "No such upload: \(id.prefix(64)).")
        }
        let command = Self.command(of: request)
        let commands = Set(command.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        switch commands {
        case ["query"]:
            let session = try sessions.session(id)
            return Self.status("active", extra: [StorageHeaders.uploadSizeReceived: "\(session.received)"])
        case ["cancel"]:
            if let session = sessions.close(id) { await backend.cancelUpload(session: session.backendSession) }
            return Self.status("cancelled")
        case ["upload"], ["upload", "finalize"]:
            let session = try sessions.claim(id)
            if let offset = request.header("X-Goog-Upload-Offset"), Int64(offset) != session.received {
                sessions.release(id, received: session.received)
                throw EmulatorHTTPError(
                    .badRequest,
                    "Invalid argument: X-Goog-Upload-Offset \(offset.prefix(20)) is not the \(session.received) "
                        + "bytes received.")
            }
            let outcome = await StorageUploadStream.write(
                request, into: session.backendSession, limit: session.size - session.received, backend: backend)
            sessions.release(id, received: session.received + outcome.written)
            if let error = outcome.error { throw error }
            guard commands.contains("finalize") else {
                return Self.status(
                    "active", extra: [StorageHeaders.uploadSizeReceived: "\(session.received + outcome.written)"])
            }
            return try await finalize(id)
        case ["finalize"]:
            return try await finalize(id)
        default:
            throw EmulatorHTTPError(
                .badRequest, "Invalid argument: unknown upload command \(command.prefix(40)).")
        }
    }

    private func finalize(_ id: String) async throws -> Response {
        guard let session = sessions.close(id) else { throw EmulatorHTTPError(.notFound, "No such upload.") }
        let stored = try await StorageWireErrors.call {
            try await backend.finishUpload(session: session.backendSession)
        }
        var response = try await StorageService.objectResponse(stored, backend: backend)
        response.headers[StorageHeaders.uploadStatus] = "final"
        return response
    }

    /// An empty answer with `X-Goog-Upload-Status: status` and `extra` headers.
    private static func status(_ status: String, extra: [StorageHeaders.Name: String] = [:]) -> Response {
        var headers: HTTPFields = [StorageHeaders.uploadStatus: status]
        for (name, value) in extra { headers[name] = value }
        headers[.contentLength] = "0"
        return Response(status: .ok, headers: headers)
    }

    /// The request's authority (its `Host`: the authority the client reached the service at, for the upload URL), checked to
    /// be a host name or address with an optional port: nothing else can enter the upload URL.
    private static func host(of request: EmulatorRequest) throws(EmulatorHTTPError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        guard let host = request.authority, !host.isEmpty, host.count <= 300, host.allSatisfy(allowed.contains)
        else {
            throw EmulatorHTTPError(.badRequest, "Invalid argument: a resumable upload needs a valid Host header.")
        }
        return host
    }
}
