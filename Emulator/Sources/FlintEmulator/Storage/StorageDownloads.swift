// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage
import Foundation
import Hummingbird
import NIOCore

/// `GET /v0/b/{bucket}/o/{name}?alt=media`: the object's bytes, whole (200) or the `Range: bytes=…` asked for
/// (206 with `Content-Range`; 416 when it starts past the end), read from the backend in chunks as they are
/// sent, all of the generation the request started with. With `token`, the object's download token, the
/// rules are not asked (a wrong token is a 403).
struct StorageDownloads {
    let backend: LocalStorageBackend

    /// The bytes read from the backend at a time: 1 MiB.
    static let chunkSize: Int64 = 1 << 20

    func download(_ request: EmulatorRequest, bucket: String, name: String, caller: StorageCaller) async throws
        -> Response
    {
        var bypass = false
        if let token = request.query["token"] {
            let tokens = try await StorageService.downloadTokens(bucket: bucket, name: name, backend: backend)
            guard tokens.contains(token) else {
                throw EmulatorHTTPError(.forbidden, "Permission denied: the download token is not the object's.")
            }
            bypass = true
        }
        let metadata: StorageMetadata = try await StorageRulesBypass.run(bypass) {
            try await StorageWireErrors.call { try await backend.metadata(bucket: bucket, path: name, caller: caller) }
        }
        let size = metadata.size
        var headers: HTTPFields = [
            .acceptRanges: "bytes", .contentType: metadata.contentType ?? "application/octet-stream",
            StorageHeaders.generation: "\(metadata.generation)",
            StorageHeaders.metageneration: "\(metadata.metageneration)",
        ]
        if let value = metadata.contentDisposition { headers[.contentDisposition] = value }
        if let value = metadata.cacheControl { headers[.cacheControl] = value }
        if let value = metadata.contentLanguage { headers[.contentLanguage] = value }
        var status = HTTPResponse.Status.ok
        var range: Range<Int64> = 0..<size
        if let header = request.header("Range") {
            guard let asked = Self.range(header, size: size) else {
                throw EmulatorHTTPError(.rangeNotSatisfiable, "The range \(header.prefix(60)) is not satisfiable.")
            }
            if let asked {
                range = asked
                status = .partialContent
                headers[.contentRange] = "bytes \(asked.lowerBound)-\(asked.upperBound - 1)/\(size)"
            }
        }
        headers[.contentLength] = "\(range.count)"
        // The body is written after this returns, outside the task that may skip the rules (an administrator's).
        let skipRules = bypass || StorageRulesBypass.isActive
        let (source, generation, sent) = (backend, metadata.generation, range)
        let body = ResponseBody(contentLength: Int(sent.count)) { writer in
            var offset = sent.lowerBound
            while offset < sent.upperBound {
                let end = min(offset + Self.chunkSize, sent.upperBound)
                let chunk = try await StorageRulesBypass.run(skipRules) {
                    try await source.read(
                        bucket: bucket, path: name, range: offset..<end, generation: generation, caller: caller)
                }
                guard !chunk.isEmpty else { break }
                try await writer.write(ByteBuffer(bytes: chunk))
                offset += Int64(chunk.count)
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// The byte range a `Range` header asks of an object of `size` bytes: `.some(nil)` for a header that is not a
    /// single byte range (ignored: the whole object), nil when the range is not satisfiable.
    static func range(_ header: String, size: Int64) -> Range<Int64>?? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .some(nil) }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return .some(nil) }
        if bounds[0].isEmpty {
            guard let suffix = Int64(bounds[1]), suffix > 0 else { return .some(nil) }
            guard size > 0 else { return nil }
            return .some(max(size - suffix, 0)..<size)
        }
        guard let first = Int64(bounds[0]), first >= 0 else { return .some(nil) }
        let last = bounds[1].isEmpty ? Int64.max : Int64(bounds[1])
        guard let last, last >= first else { return .some(nil) }
        guard first < size else { return nil }
        return .some(first..<(min(last, size - 1) + 1))
    }
}
