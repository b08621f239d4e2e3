// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``StorageBackend`` speaking Firebase Storage's REST protocol (`/v0/b/{bucket}/o`), as the SDKs and the
/// Emulator Suite do: resumable uploads (`X-Goog-Upload-Protocol: resumable`: start, upload at offsets,
/// finalize, cancel), `?alt=media` downloads with byte ranges, metadata `GET`/`PATCH`, `DELETE`, and lists
/// with `prefix`, `delimiter`, `maxResults` and `pageToken`.
///
/// ```swift
/// let backend = HTTPStorageBackend()                                   // production
/// try FlintApp.configure(options: options, overrides: [.instance(backend, as: StorageBackend.self)])
/// storage.useEmulator(withHost: "127.0.0.1", port: 9199)               // or per instance
/// ```
///
/// Requests carry `Authorization: Firebase <ID token>` and `X-Firebase-AppCheck` when the caller has them,
/// only over HTTPS or to a loopback host: a caller with a token and a plain-HTTP origin of another host fails with
/// `unauthenticated`, as the SDK. The same rule applies to every URL a request goes to, the upload session URL the
/// server hands back (`X-Goog-Upload-URL`) included, and a session URL on another origin (scheme, host and port)
/// than the one the upload started on is refused: the upload fails with ``StorageErrorCode/unknown`` before any
/// request goes there. An error answer is a ``StorageError`` with the SDK's code, message and
/// `userInfo` (its status and body too). Every request goes through FlintProductSupport's `URLSessionCalls` on a
/// session that refuses redirects.
///
/// **Retries.** A request that fails transiently (no answer, a dropped connection, 408, 429 or 5xx) is sent
/// again after 1, 2, 4, … (at most 32) seconds, as long as the time waited stays within `maxRetryTime`; then it
/// fails with ``StorageErrorCode/retryLimitExceeded``. An upload chunk that failed so first asks the server how
/// much it received (`X-Goog-Upload-Command: query`) and sends only the rest, so nothing is lost or sent twice.
///
/// **Bounds.** The retry time of an operation's kind (``Storage/maxUploadRetryTime``,
/// ``Storage/maxDownloadRetryTime``, ``Storage/maxOperationRetryTime``, or `maxRetryTime`; at least
/// ``minimumRequestTime``) also bounds each of its requests as a whole, from its start to the answer's last byte:
/// a request still running then (a server dribbling its answer) is cancelled and counts as a transient failure. A
/// download's answer is read against the size of the range it asked for, and every other answer against
/// ``maximumResponseSize``, as it arrives: past the limit the connection is closed and the request fails
/// (``StorageErrorCode/downloadSizeExceeded`` for a download, ``StorageErrorCode/unknown`` otherwise), having
/// buffered no more than the limit.
public final class HTTPStorageBackend: StorageBackend {
    /// The largest answer read to a request that is not a download (metadata, lists, uploads): 4 MiB.
    public static let maximumResponseSize = 4 << 20
    /// The shortest time a request is given, whatever its kind's retry time (60 s).
    public static let minimumRequestTime: TimeInterval = 60

    /// The origin requests go to, e.g. `https://firebasestorage.googleapis.com`.
    public let origin: URL
    /// How long, in seconds of backoff waited, one operation keeps retrying transient failures (unless the
    /// backend follows a ``Storage`` instance's settings: see ``Storage/useEmulator(withHost:port:)``).
    public let maxRetryTime: TimeInterval
    /// The retry time of each kind of request.
    private let retryTime: @Sendable (RetryKind) -> TimeInterval
    private let sleep: @Sendable (Duration) async throws -> Void
    /// Whether tokens may go over plain HTTP to a host that is not loopback (read at each request).
    private let allowsInsecureTokens: @Sendable () -> Bool
    /// What every request fails with: the emulator host was refused.
    private let originFailure: StorageError?
    private let session: URLSession
    /// Open uploads by session URL: the next offset and the caller's headers.
    private let uploads = Locked<[String: Upload]>([:])

    private struct Upload {
        var offset: Int64
        var headers: [String: String]
    }

    /// A backend calling `origin` (production unless given), retrying transient failures for up to
    /// `maxRetryTime` seconds of backoff; `sleep` waits between attempts (inject one in tests).
    public convenience init(
        origin: URL = URL(string: "https://firebasestorage.googleapis.com")!, maxRetryTime: TimeInterval = 120,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.init(origin: origin, maxRetryTime: maxRetryTime, retryTime: { _ in maxRetryTime }, sleep: sleep)
    }

    /// What a request is, for its retry time.
    enum RetryKind: Sendable {
        case upload, download, operation
    }

    /// A backend whose retry times come from `retryTime` (e.g. a ``Storage`` instance's settings), that sends
    /// tokens over plain HTTP to a host that is not loopback when `allowsInsecureTokens` says so (a ``Storage``
    /// instance's `allowInsecureTokenAttachment`), and whose every request fails with `originFailure` when set (an
    /// emulator host that was refused).
    init(
        origin: URL, maxRetryTime: TimeInterval, retryTime: @escaping @Sendable (RetryKind) -> TimeInterval,
        allowsInsecureTokens: @escaping @Sendable () -> Bool = { false }, originFailure: StorageError? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.origin = origin
        self.maxRetryTime = maxRetryTime
        self.retryTime = retryTime
        self.allowsInsecureTokens = allowsInsecureTokens
        self.originFailure = originFailure
        self.sleep = sleep
        session = CredentialSafeSession.make()
    }

    // MARK: - StorageBackend

    /// `POST /v0/b/{bucket}/o?name={path}&uploadType=resumable` with `X-Goog-Upload-Command: start`, the total
    /// size (`X-Goog-Upload-Header-Content-Length`), the content type when set
    /// (`X-Goog-Upload-Header-Content-Type`) and the metadata as JSON; the session is the answer's
    /// `X-Goog-Upload-URL`.
    public func startUpload(
        bucket: String, path: String, metadata: StorageMetadata?, size: Int64,
        caller: StorageCaller
    ) async throws -> String {
        let url = try objectsURL(bucket: bucket, query: [("name", path), ("uploadType", "resumable")])
        let headers = try credentials(caller, for: url)
        var request = makeRequest(url, method: "POST", headers: headers)
        request.setValue("resumable", forHTTPHeaderField: "X-Goog-Upload-Protocol")
        request.setValue("start", forHTTPHeaderField: "X-Goog-Upload-Command")
        request.setValue("\(size)", forHTTPHeaderField: "X-Goog-Upload-Header-Content-Length")
        if let contentType = metadata?.contentType {
            request.setValue(contentType, forHTTPHeaderField: "X-Goog-Upload-Header-Content-Type")
        }
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = StorageMetadataJSON.body(of: metadata, name: path, onlyChanged: false)
        let (_, response) = try await send(request, .upload, bucket: bucket, path: path)
        guard let session = response.value(forHTTPHeaderField: "X-Goog-Upload-URL"),
            let sessionURL = URL(string: session)
        else {
            throw StorageError(
                .unknown, message: "The server did not start a resumable upload.", bucket: bucket,
                object: path)
        }
        guard Self.origin(of: sessionURL) == Self.origin(of: url) else {
            throw StorageError(
                .unknown,
                message: "The server handed back an upload URL on another origin (\(sessionURL.host ?? "no host")): "
                    + "refused.",
                bucket: bucket, object: path)
        }
        uploads.withLock { $0[session] = Upload(offset: 0, headers: headers) }
        return session
    }

    /// `POST {session}` with `X-Goog-Upload-Command: upload` and `X-Goog-Upload-Offset`; after a transient
    /// failure, asks the server's offset (`query`) and sends the bytes it lacks.
    public func uploadChunk(session: String, bytes: Data) async throws {
        let start = try openUpload(session).offset
        let end = start + Int64(bytes.count)
        var isRetry = false
        try await retrying(.upload, bucket: nil, path: nil) { (deadline) async throws -> Void in
            var upload = try openUpload(session)
            if isRetry {
                upload.offset = try await receivedSize(session, upload: upload, deadline: deadline)
                uploads.withLock { $0[session]?.offset = upload.offset }
            }
            isRetry = true
            guard upload.offset < end else { return }
            guard upload.offset >= start else {
                throw StorageError(
                    .unknown, message: "The server lost bytes it had acknowledged (offset \(upload.offset)).")
            }
            var request = try uploadRequest(session, command: "upload", upload: upload)
            request.httpBody = bytes.dropFirst(Int(upload.offset - start))
            _ = try await sendOnce(request, deadline: deadline, bucket: nil, path: nil)
            uploads.withLock { $0[session]?.offset = end }
        }
    }

    /// What the server received of the upload (`X-Goog-Upload-Command: query` → `X-Goog-Upload-Size-Received`).
    private func receivedSize(_ session: String, upload: Upload, deadline: ContinuousClock.Instant) async throws
        -> Int64
    {
        let request = try uploadRequest(session, command: "query", upload: upload)
        let (_, response) = try await sendOnce(request, deadline: deadline, bucket: nil, path: nil)
        guard let size = response.value(forHTTPHeaderField: "X-Goog-Upload-Size-Received").flatMap({ Int64($0) }) else {
            throw StorageError(.unknown, message: "The server did not say how much of the upload it received.")
        }
        return size
    }

    /// `POST {session}` with `X-Goog-Upload-Command: finalize`; the answer is the object's metadata.
    public func finishUpload(session: String) async throws -> StorageMetadata {
        let upload = try openUpload(session)
        let request = try uploadRequest(session, command: "finalize", upload: upload)
        let (body, _) = try await send(request, .upload, bucket: nil, path: nil)
        uploads.withLock { _ = $0.removeValue(forKey: session) }
        return try StorageMetadataJSON.metadata(from: body)
    }

    /// `POST {session}` with `X-Goog-Upload-Command: cancel` (errors ignored).
    public func cancelUpload(session: String) async {
        guard let upload = uploads.withLock({ $0.removeValue(forKey: session) }),
            let request = try? uploadRequest(session, command: "cancel", upload: upload)
        else { return }
        _ = try? await send(request, bucket: nil, path: nil)
    }

    /// `GET /v0/b/{bucket}/o/{path}`.
    public func metadata(bucket: String, path: String, caller: StorageCaller) async throws -> StorageMetadata {
        let url = try objectURL(bucket: bucket, path: path)
        let (body, _) = try await send(
            makeRequest(url, method: "GET", headers: try credentials(caller, for: url)),
            bucket: bucket, path: path)
        return try StorageMetadataJSON.metadata(from: body)
    }

    /// `GET /v0/b/{bucket}/o/{path}?alt=media` with `Range: bytes={first}-{last}`. With `generation`, an answer
    /// whose `X-Goog-Generation` names another generation (the object was replaced between two chunks) fails
    /// with `objectNotFound`, as the embedded backend does, instead of mixing two objects' bytes; a server that
    /// sends no such header cannot be checked.
    public func read(
        bucket: String, path: String, range: Range<Int64>, generation: Int64?,
        caller: StorageCaller
    ) async throws -> Data {
        guard !range.isEmpty else { return Data() }
        let url = try objectURL(bucket: bucket, path: path, query: [("alt", "media")])
        var request = makeRequest(url, method: "GET", headers: try credentials(caller, for: url))
        request.setValue("bytes=\(range.lowerBound)-\(range.upperBound - 1)", forHTTPHeaderField: "Range")
        let (body, response) = try await send(
            request, .download, maximumSize: Int(clamping: range.count), bucket: bucket, path: path)
        if let generation, let served = response.value(forHTTPHeaderField: "X-Goog-Generation").flatMap({ Int64($0) }),
            served != generation
        {
            throw StorageError(
                .objectNotFound, message: "Object \(path) changed during the download.",
                bucket: bucket, object: path)
        }
        return body
    }

    /// `PATCH /v0/b/{bucket}/o/{path}` with the fields set (null clears).
    public func updateMetadata(
        bucket: String, path: String, changes: StorageMetadata,
        caller: StorageCaller
    ) async throws -> StorageMetadata {
        let url = try objectURL(bucket: bucket, path: path)
        var request = makeRequest(url, method: "PATCH", headers: try credentials(caller, for: url))
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = StorageMetadataJSON.body(of: changes, onlyChanged: true)
        let (body, _) = try await send(request, bucket: bucket, path: path)
        return try StorageMetadataJSON.metadata(from: body)
    }

    /// `DELETE /v0/b/{bucket}/o/{path}`.
    public func delete(bucket: String, path: String, caller: StorageCaller) async throws {
        let url = try objectURL(bucket: bucket, path: path)
        _ = try await send(
            makeRequest(url, method: "DELETE", headers: try credentials(caller, for: url)),
            bucket: bucket, path: path)
    }

    /// `GET /v0/b/{bucket}/o?prefix={path}/&delimiter=/&maxResults=…&pageToken=…`.
    public func list(
        bucket: String, path: String, maxResults: Int, pageToken: String?,
        caller: StorageCaller
    ) async throws -> StorageListPage {
        var query = [("prefix", path.isEmpty ? "" : path + "/"), ("delimiter", "/"), ("maxResults", "\(maxResults)")]
        if let pageToken { query.append(("pageToken", pageToken)) }
        let url = try objectsURL(bucket: bucket, query: query)
        let (body, _) = try await send(
            makeRequest(url, method: "GET", headers: try credentials(caller, for: url)),
            bucket: bucket, path: path)
        let object = try StorageMetadataJSON.object(from: body)
        let prefixes = (object["prefixes"] as? [String] ?? []).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let items = (object["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        return StorageListPage(prefixes: prefixes, items: items, pageToken: object["nextPageToken"] as? String)
    }

    /// The object's `?alt=media&token=…` URL, from its metadata's first download token.
    public func downloadURL(bucket: String, path: String, caller: StorageCaller) async throws -> URL {
        let metadata = try await metadata(bucket: bucket, path: path, caller: caller)
        guard let token = metadata.downloadTokens?.split(separator: ",").first else {
            throw StorageError(.unknown, message: "The object has no download token.", bucket: bucket, object: path)
        }
        return try objectURL(bucket: bucket, path: path, query: [("alt", "media"), ("token", String(token))])
    }

    // MARK: - Internals

    /// `{origin}/v0/b/{bucket}/o` with `query`.
    private func objectsURL(bucket: String, query: [(String, String)]) throws(StorageError) -> URL {
        try url(path: "/v0/b/\(Self.encode(bucket))/o", query: query)
    }

    /// `{origin}/v0/b/{bucket}/o/{percent-encoded path}` with `query`.
    private func objectURL(bucket: String, path: String, query: [(String, String)] = []) throws(StorageError) -> URL {
        try url(path: "/v0/b/\(Self.encode(bucket))/o/\(Self.encode(path))", query: query)
    }

    private func url(path: String, query: [(String, String)]) throws(StorageError) -> URL {
        var text = origin.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if !query.isEmpty {
            text += "?" + query.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw StorageError(.invalidArgument, message: "Could not make a URL from \(text).")
        }
        return url
    }

    /// Percent-encodes everything but unreserved characters (so `/` becomes `%2F`, as the API wants).
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The caller's credential headers (every request's first step, so a refused emulator host fails here). Tokens
    /// go only where FlintProductSupport's `TokenTransport` allows (HTTPS, a loopback host, or
    /// `allowInsecureTokenAttachment`): a caller with a token and another URL fails with `unauthenticated`, as the
    /// SDK's authorizer does, rather than sending the request without them (``checkTokenTransport(_:)`` applies the
    /// same rule again to every request as it is sent).
    private func credentials(_ caller: StorageCaller, for url: URL) throws(StorageError) -> [String: String] {
        if let originFailure { throw originFailure }
        var headers: [String: String] = [:]
        if let token = caller.authToken { headers["Authorization"] = "Firebase \(token)" }
        if let token = caller.appCheckToken { headers["X-Firebase-AppCheck"] = token }
        try checkTokens(headers.keys, to: url)
        return headers
    }

    /// The header fields that carry tokens.
    private static let tokenHeaders = ["Authorization", "X-Firebase-AppCheck"]

    /// Fails with `unauthenticated` when `request` carries a token to a URL `TokenTransport` does not allow.
    private func checkTokenTransport(_ request: URLRequest) throws(StorageError) {
        guard let url = request.url else { return }
        try checkTokens(Self.tokenHeaders.filter { request.value(forHTTPHeaderField: $0) != nil }, to: url)
    }

    private func checkTokens(_ headers: some Collection<String>, to url: URL) throws(StorageError) {
        guard headers.isEmpty || TokenTransport.allowsTokens(to: url, allowingInsecure: allowsInsecureTokens()) else {
            throw StorageError(.unauthenticated, message: TokenTransport.refusalMessage(host: url.host ?? ""))
        }
    }

    /// The origin of `url`: its scheme and host (lowercased) and port (the scheme's default when it names none).
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    private func makeRequest(_ url: URL, method: String, headers: [String: String]) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 600)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    private func openUpload(_ session: String) throws(StorageError) -> Upload {
        guard let upload = uploads.withLock({ $0[session] }) else {
            throw StorageError(.unknown, message: "The upload session \(session) is not open.")
        }
        return upload
    }

    /// A `POST` to the session URL with `X-Goog-Upload-Command: command` at the upload's offset.
    private func uploadRequest(_ session: String, command: String, upload: Upload) throws(StorageError) -> URLRequest {
        guard let url = URL(string: session) else {
            throw StorageError(.unknown, message: "The upload session \(session) is not a URL.")
        }
        var request = makeRequest(url, method: "POST", headers: upload.headers)
        request.setValue("resumable", forHTTPHeaderField: "X-Goog-Upload-Protocol")
        request.setValue(command, forHTTPHeaderField: "X-Goog-Upload-Command")
        request.setValue("\(upload.offset)", forHTTPHeaderField: "X-Goog-Upload-Offset")
        return request
    }

    /// A transient failure: worth another attempt.
    private struct Transient: Error {
        let error: StorageError
    }

    /// Runs `attempt` until it succeeds, fails for good, or the backoff would exceed ``maxRetryTime``
    /// (`retryLimitExceeded`). Each attempt gets the deadline its requests must finish by: the kind's retry time
    /// (at least ``minimumRequestTime``) after the attempt started.
    private func retrying<T>(
        _ kind: RetryKind, bucket: String?, path: String?,
        _ attempt: (ContinuousClock.Instant) async throws -> T
    ) async throws -> T {
        let maxRetryTime = retryTime(kind)
        var delay: TimeInterval = 1
        var waited: TimeInterval = 0
        while true {
            do {
                let seconds = maxRetryTime.isFinite ? min(max(maxRetryTime, Self.minimumRequestTime), 1e9) : 1e9
                return try await attempt(.now + .seconds(seconds))
            } catch let transient as Transient {
                guard waited + delay <= maxRetryTime else {
                    throw StorageError(
                        .retryLimitExceeded,
                        message:
                            "Max retry time for operation exceeded, please try again. Last error: \(transient.error.message)",
                        bucket: bucket, object: path)
                }
                do {
                    try await sleep(.seconds(delay))
                } catch {
                    throw StorageError(.cancelled, bucket: bucket, object: path)
                }
                waited += delay
                delay = min(delay * 2, 32)
            }
        }
    }

    /// Sends `request` with retries; an answer outside 2xx fails with the SDK's mapping of its status.
    private func send(
        _ request: URLRequest, _ kind: RetryKind = .operation, maximumSize: Int = maximumResponseSize,
        bucket: String?, path: String?
    ) async throws -> (Data, HTTPURLResponse) {
        try await retrying(kind, bucket: bucket, path: path) { deadline in
            try await sendOnce(request, deadline: deadline, maximumSize: maximumSize, bucket: bucket, path: path)
        }
    }

    /// Sends `request` once, to finish by `deadline`, reading at most `maximumSize` bytes of answer (past it a
    /// download fails with `downloadSizeExceeded`, anything else with `unknown`); transient failures (the deadline
    /// passing included) throw ``Transient``. A request carrying tokens to a URL they may not go to fails with
    /// `unauthenticated` before it is sent.
    private func sendOnce(
        _ request: URLRequest, deadline: ContinuousClock.Instant, maximumSize: Int = maximumResponseSize,
        bucket: String?, path: String?
    ) async throws -> (Data, HTTPURLResponse) {
        try checkTokenTransport(request)
        let data: Data
        let response: URLResponse
        do {
            let remaining = ContinuousClock.now.duration(to: deadline)
            let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18
            (data, response) = try await URLSessionCalls.data(
                for: request, in: session, deadline: max(seconds, 0.001), maximumSize: maximumSize)
        } catch {
            if (error as? URLError)?.code == .cancelled || Task.isCancelled {
                throw StorageError(.cancelled, bucket: bucket, object: path)
            }
            if (error as? URLError)?.code == .dataLengthExceedsMaximum {
                let isDownload = request.value(forHTTPHeaderField: "Range") != nil
                guard !isDownload else {
                    // The answer's whole size is unknown: past the limit is all that is known.
                    throw StorageError.downloadSizeExceeded(total: Int64(maximumSize) + 1, maxSize: Int64(maximumSize))
                }
                throw StorageError(
                    .unknown, message: "The server's answer is larger than the \(maximumSize) bytes asked for.",
                    bucket: bucket, object: path)
            }
            throw Transient(
                error: StorageError(
                    .unknown, message: "The request failed: \(error.localizedDescription)",
                    bucket: bucket, object: path))
        }
        guard let http = response as? HTTPURLResponse else {
            throw StorageError(.unknown, message: "The answer is not HTTP.", bucket: bucket, object: path)
        }
        guard (200..<300).contains(http.statusCode) else {
            let isTransient = http.statusCode == 408 || http.statusCode == 429 || (500..<600).contains(http.statusCode)
            guard !isTransient else {
                throw Transient(
                    error: StorageError(
                        .unknown, message: "HTTP \(http.statusCode)", bucket: bucket,
                        object: path))
            }
            throw StorageError(
                Self.code(forStatus: http.statusCode), bucket: bucket, object: path, responseStatus: http.statusCode,
                responseBody: data.isEmpty ? nil : String(decoding: data, as: UTF8.self))
        }
        return (data, http)
    }

    /// The SDK's mapping of server statuses: 401 unauthenticated, 402 quotaExceeded, 403 unauthorized,
    /// 404 objectNotFound, anything else unknown (408, 429 and 5xx are retried first).
    static func code(forStatus status: Int) -> StorageErrorCode {
        switch status {
        case 401: .unauthenticated
        case 402: .quotaExceeded
        case 403: .unauthorized
        case 404: .objectNotFound
        default: .unknown
        }
    }
}
