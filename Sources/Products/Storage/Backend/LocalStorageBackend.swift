import FlintCore
import Foundation

/// The embedded Storage backend (the default ``StorageBackend`` of every app): objects in memory per bucket,
/// with metadata, generations, MD5 hashes and download tokens, and optional security rules as a Swift closure.
///
/// ```swift
/// let backend = LocalStorageBackend(rules: { $0.uid != nil })     // signed-in users only
/// try FlintApp.configure(options: options,
///                        overrides: [.instance(backend, as: StorageBackend.self)])
/// ```
///
/// Every bucket exists. An upload is kept aside until its last chunk and only then replaces the object, so a
/// cancelled or failed upload leaves the previous object as it was.
public final class LocalStorageBackend: StorageBackend {
    /// One stored object.
    private struct StoredObject {
        var data: Data
        var metadata: StorageMetadata
    }

    /// One upload in progress.
    private struct Upload {
        var bucket: String
        var path: String
        var metadata: StorageMetadata?
        var data = Data()
        var md5 = MD5()
    }

    private struct State {
        var buckets: [String: [String: StoredObject]] = [:]
        var uploads: [String: Upload] = [:]
        var nextSession = 0
        var nextGeneration: Int64 = 1
    }

    private let state = Locked(State())
    private let rules: StorageRules?
    private let now: @Sendable () -> Date

    /// A backend with no objects; `rules` (nil: everything is allowed) decide each request; `now` stamps
    /// `timeCreated` and `updated` (inject a fixed clock in tests).
    public init(rules: StorageRules? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.rules = rules
        self.now = now
    }

    /// The number of uploads started and neither finished nor cancelled.
    public var openUploadCount: Int { state.withLock { $0.uploads.count } }

    /// The object's bytes, or nil (for tests and tools: no rules are checked).
    public func storedData(bucket: String, path: String) -> Data? {
        state.withLock { $0.buckets[bucket]?[StoragePath.normalize(path)]?.data }
    }

    // MARK: - StorageBackend

    /// Checks the rules and opens a session.
    public func startUpload(bucket: String, path: String, metadata: StorageMetadata?,
                            caller: StorageCaller) async throws -> String {
        try check(.write, bucket: bucket, path: path, caller: caller)
        return state.withLock { state in
            defer { state.nextSession += 1 }
            let session = "upload-\(state.nextSession)"
            state.uploads[session] = Upload(bucket: bucket, path: path, metadata: metadata)
            return session
        }
    }

    /// Appends to the session's data and its MD5 (hashed outside the lock: a session's chunks come in order).
    public func uploadChunk(session: String, bytes: Data) async throws {
        var md5 = try state.withLock { state throws(StorageError) in
            guard let upload = state.uploads[session] else { throw Self.noSession(session) }
            return upload.md5
        }
        md5.update(bytes)
        try state.withLock { state throws(StorageError) in
            guard state.uploads[session] != nil else { throw Self.noSession(session) }
            state.uploads[session]!.data.append(bytes)
            state.uploads[session]!.md5 = md5
        }
    }

    /// Replaces the object with the session's data, as a new generation, with its MD5; when the upload's
    /// metadata carries an `md5Hash` that differs, fails with `nonMatchingChecksum` and stores nothing.
    public func finishUpload(session: String) async throws -> StorageMetadata {
        let time = now()
        return try state.withLock { state throws(StorageError) in
            guard let upload = state.uploads.removeValue(forKey: session) else { throw Self.noSession(session) }
            let md5Hash = upload.md5.finalize().base64EncodedString()
            if let expected = upload.metadata?.md5Hash, expected != md5Hash {
                throw StorageError(.nonMatchingChecksum,
                                   message: "The uploaded content's MD5 \(md5Hash) does not match the expected \(expected).",
                                   bucket: upload.bucket, object: upload.path)
            }
            var metadata = StorageMetadata()
            if let given = upload.metadata { metadata.apply(given) }
            metadata.changed = []
            metadata.bucket = upload.bucket
            metadata.path = upload.path
            metadata.size = Int64(upload.data.count)
            metadata.md5Hash = md5Hash
            metadata.generation = state.nextGeneration
            state.nextGeneration += 1
            metadata.metageneration = 1
            metadata.timeCreated = time
            metadata.updated = time
            metadata.downloadTokens = UUID().uuidString.lowercased()
            state.buckets[upload.bucket, default: [:]][upload.path] = StoredObject(data: upload.data, metadata: metadata)
            return metadata
        }
    }

    /// Forgets the session.
    public func cancelUpload(session: String) async {
        _ = state.withLock { $0.uploads.removeValue(forKey: session) }
    }

    /// The stored metadata.
    public func metadata(bucket: String, path: String, caller: StorageCaller) async throws -> StorageMetadata {
        try check(.read, bucket: bucket, path: path, caller: caller)
        return try object(bucket: bucket, path: path) { $0.metadata }
    }

    /// A copy of the range's bytes only.
    public func read(bucket: String, path: String, range: Range<Int64>, generation: Int64?,
                     caller: StorageCaller) async throws -> Data {
        try check(.read, bucket: bucket, path: path, caller: caller)
        return try object(bucket: bucket, path: path) { object throws(StorageError) in
            if let generation, object.metadata.generation != generation {
                throw StorageError(.objectNotFound, message: "Object \(path) changed during the download.",
                                   bucket: bucket, object: path)
            }
            let size = Int64(object.data.count)
            let lower = Int(min(max(range.lowerBound, 0), size))
            let upper = Int(min(max(range.upperBound, Int64(lower)), size))
            let start = object.data.startIndex
            return Data(object.data[(start + lower)..<(start + upper)])
        }
    }

    /// Applies the changes and bumps the metageneration.
    public func updateMetadata(bucket: String, path: String, changes: StorageMetadata,
                               caller: StorageCaller) async throws -> StorageMetadata {
        try check(.write, bucket: bucket, path: path, caller: caller)
        let time = now()
        return try state.withLock { state throws(StorageError) in
            guard var object = state.buckets[bucket]?[path] else { throw Self.notFound(bucket, path) }
            object.metadata.apply(changes)
            object.metadata.metageneration += 1
            object.metadata.updated = time
            state.buckets[bucket]?[path] = object
            return object.metadata
        }
    }

    /// Removes the object.
    public func delete(bucket: String, path: String, caller: StorageCaller) async throws {
        try check(.delete, bucket: bucket, path: path, caller: caller)
        try state.withLock { state throws(StorageError) in
            guard state.buckets[bucket]?.removeValue(forKey: path) != nil else { throw Self.notFound(bucket, path) }
        }
    }

    /// Prefixes and items sorted together by path; the page token is the last path of the page.
    public func list(bucket: String, path: String, maxResults: Int, pageToken: String?,
                     caller: StorageCaller) async throws -> StorageListPage {
        try check(.list, bucket: bucket, path: path, caller: caller)
        let folder = path.isEmpty ? "" : path + "/"
        let entries: [(path: String, isPrefix: Bool)] = state.withLock { state in
            var prefixes = Set<String>()
            var items: [String] = []
            for key in (state.buckets[bucket] ?? [:]).keys where key.hasPrefix(folder) {
                let rest = key.dropFirst(folder.count)
                if let slash = rest.firstIndex(of: "/") {
                    prefixes.insert(folder + rest[..<slash])
                } else {
                    items.append(key)
                }
            }
            return (prefixes.map { ($0, true) } + items.map { ($0, false) }).sorted { $0.path < $1.path }
        }
        let remaining = entries.drop { entry in pageToken.map { entry.path <= $0 } ?? false }
        let page = remaining.prefix(maxResults)
        let token = remaining.count > page.count ? page.last?.path : nil
        return StorageListPage(prefixes: page.filter(\.isPrefix).map(\.path),
                               items: page.filter { !$0.isPrefix }.map(\.path), pageToken: token)
    }

    /// `https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{path}?alt=media&token={token}`.
    public func downloadURL(bucket: String, path: String, caller: StorageCaller) async throws -> URL {
        let metadata = try await metadata(bucket: bucket, path: path, caller: caller)
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#&=+")
        let object = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let token = metadata.downloadTokens?.split(separator: ",").first.map(String.init) ?? ""
        guard let url = URL(string: "https://firebasestorage.googleapis.com/v0/b/\(bucket)/o/\(object)?alt=media&token=\(token)") else {
            throw StorageError(.unknown, message: "Could not make a download URL.", bucket: bucket, object: path)
        }
        return url
    }

    // MARK: - Internals

    /// Fails with `unauthorized` when the rules deny the request. Runs the rules without any lock held.
    private func check(_ operation: StorageRulesRequest.Operation, bucket: String, path: String,
                       caller: StorageCaller) throws(StorageError) {
        guard let rules else { return }
        let request = StorageRulesRequest(operation: operation, bucket: bucket, path: path, uid: caller.uid)
        guard rules(request) else {
            throw StorageError(.unauthorized, message: "User does not have permission to access gs://\(bucket)/\(path).",
                               bucket: bucket, object: path)
        }
    }

    /// `body` applied to the stored object, or `objectNotFound`.
    private func object<T>(bucket: String, path: String,
                           _ body: (StoredObject) throws(StorageError) -> T) throws(StorageError) -> T {
        try state.withLock { state throws(StorageError) in
            guard let object = state.buckets[bucket]?[path] else { throw Self.notFound(bucket, path) }
            return try body(object)
        }
    }

    private static func noSession(_ session: String) -> StorageError {
        StorageError(.unknown, message: "The upload session \(session) does not exist.")
    }

    private static func notFound(_ bucket: String, _ path: String) -> StorageError {
        StorageError(.objectNotFound, message: "Object \(path) does not exist.", bucket: bucket, object: path)
    }
}
