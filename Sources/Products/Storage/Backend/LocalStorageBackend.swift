// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// The embedded Storage backend (the default ``StorageBackend`` of every app): objects per bucket, with
/// metadata, generations, MD5 hashes and download tokens, and optional security rules as a Swift closure;
/// in memory, or in a directory.
///
/// ```swift
/// let backend = LocalStorageBackend(rules: { $0.uid != nil })     // signed-in users only, in memory
/// let onDisk = try LocalStorageBackend(directory: appSupport.appendingPathComponent("storage"))
/// try FlintApp.configure(options: options,
///                        overrides: [.instance(backend, as: StorageBackend.self)])
/// ```
///
/// Every bucket exists. An upload is kept aside until its last chunk and only then replaces the object, so a
/// cancelled or failed upload leaves the previous object as it was.
///
/// **In a directory**, uploads are written chunk by chunk to `uploads/`, finished objects live as files in
/// `objects/`, and reads take only the requested range from the file, so memory stays bounded whatever the
/// object size; the metadata of every object is kept in `index.json`, rewritten after each change, and read
/// back by the next backend made on the same directory.
public final class LocalStorageBackend: StorageBackend {
    /// Where an object's or an upload's bytes are.
    private enum Content {
        case memory(Data)
        case file(URL)
    }

    /// One stored object.
    private struct StoredObject {
        var content: Content
        var metadata: StorageMetadata
    }

    /// One upload in progress.
    private struct Upload {
        var bucket: String
        var path: String
        var metadata: StorageMetadata?
        var content: Content
        var size: Int64 = 0
        /// The size announced at the start.
        var expectedSize: Int64
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
    /// The directory of a disk-backed backend; nil in memory.
    private let directory: URL?

    /// A backend with no objects, in memory; `rules` (nil: everything is allowed) decide each request; `now`
    /// stamps `timeCreated` and `updated` (inject a fixed clock in tests).
    public init(rules: StorageRules? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.rules = rules
        self.now = now
        directory = nil
    }

    /// A backend keeping its objects in `directory` (created if needed), with the objects a previous backend
    /// left there; unfinished uploads of a previous backend are dropped.
    ///
    /// - Throws: ``StorageError`` `unknown` when the directory cannot be created or its index read.
    public init(
        directory: URL, rules: StorageRules? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StorageError) {
        self.rules = rules
        self.now = now
        self.directory = directory
        let files = FileManager.default
        do {
            try? files.removeItem(at: directory.appendingPathComponent("uploads"))
            try files.createDirectory(
                at: directory.appendingPathComponent("uploads"), withIntermediateDirectories: true)
            try files.createDirectory(
                at: directory.appendingPathComponent("objects"), withIntermediateDirectories: true)
        } catch {
            throw StorageError(.unknown, message: "Could not create \(directory.path): \(error)")
        }
        let index = directory.appendingPathComponent("index.json")
        guard files.fileExists(atPath: index.path) else { return }
        guard let data = try? Data(contentsOf: index),
            let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
        else {
            throw StorageError(.unknown, message: "Could not read \(index.path).")
        }
        state.withLock { state in
            for entry in entries {
                guard let file = entry["file"] as? String, let resource = entry["metadata"] as? [String: Any] else {
                    continue
                }
                let metadata = StorageMetadataJSON.metadata(from: resource)
                guard let path = metadata.path else { continue }
                let url = directory.appendingPathComponent("objects").appendingPathComponent(file)
                state.buckets[metadata.bucket, default: [:]][path] = StoredObject(
                    content: .file(url), metadata: metadata)
                state.nextGeneration = max(state.nextGeneration, metadata.generation + 1)
            }
        }
    }

    /// The number of uploads started and neither finished nor cancelled.
    public var openUploadCount: Int { state.withLock { $0.uploads.count } }

    /// The object's bytes, or nil (for tests and tools: no rules are checked).
    public func storedData(bucket: String, path: String) -> Data? {
        let content = state.withLock { $0.buckets[bucket]?[StoragePath.normalize(path)]?.content }
        switch content {
        case .memory(let data)?: return data
        case .file(let url)?: return try? Data(contentsOf: url)
        case nil: return nil
        }
    }

    // MARK: - StorageBackend

    /// Checks the rules and opens a session (in a directory: an empty file under `uploads/`).
    public func startUpload(
        bucket: String, path: String, metadata: StorageMetadata?, size: Int64,
        caller: StorageCaller
    ) async throws -> String {
        try check(.write, bucket: bucket, path: path, caller: caller)
        return try state.withLock { state throws(StorageError) in
            let session = "upload-\(state.nextSession)"
            var content = Content.memory(Data())
            if let directory {
                let url = directory.appendingPathComponent("uploads").appendingPathComponent(session)
                guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                    throw StorageError(.unknown, message: "Could not create \(url.path).", bucket: bucket, object: path)
                }
                content = .file(url)
            }
            state.nextSession += 1
            state.uploads[session] = Upload(
                bucket: bucket, path: path, metadata: metadata, content: content,
                expectedSize: size)
            return session
        }
    }

    /// Appends to the session's data and its MD5 (hashed, and written to disk, outside the lock: a session's
    /// chunks come in order). In a directory the chunk is hashed while it is written, on another thread.
    public func uploadChunk(session: String, bytes: Data) async throws {
        let (previous, file) = try state.withLock { state throws(StorageError) -> (MD5, URL?) in
            guard let upload = state.uploads[session] else { throw Self.noSession(session) }
            if case .file(let url) = upload.content { return (upload.md5, url) }
            return (upload.md5, nil)
        }
        async let hashed = Self.hash(bytes, after: previous)
        if let file {
            do {
                let handle = try FileHandle(forWritingTo: file)
                defer { try? handle.close() }
                try handle.seekToEnd()
                try handle.write(contentsOf: bytes)
            } catch {
                throw StorageError(.unknown, message: "Could not write the upload: \(error)")
            }
        }
        let md5 = await hashed
        try state.withLock { state throws(StorageError) in
            guard var upload = state.uploads.removeValue(forKey: session) else { throw Self.noSession(session) }
            if case .memory(var data) = upload.content {
                upload.content = .memory(Data())  // the only reference left is `data`: appended in place
                data.append(bytes)
                upload.content = .memory(data)
            }
            upload.size += Int64(bytes.count)
            upload.md5 = md5
            state.uploads[session] = upload
        }
    }

    /// `md5` continued with `bytes`.
    private static func hash(_ bytes: Data, after md5: MD5) async -> MD5 {
        var md5 = md5
        md5.update(bytes)
        return md5
    }

    /// Replaces the object with the session's data, as a new generation, with its MD5; when the upload's
    /// metadata carries an `md5Hash` that differs, fails with `nonMatchingChecksum` and stores nothing.
    public func finishUpload(session: String) async throws -> StorageMetadata {
        let time = now()
        let (metadata, replaced) = try state.withLock { state throws(StorageError) -> (StorageMetadata, Content?) in
            guard let upload = state.uploads.removeValue(forKey: session) else { throw Self.noSession(session) }
            guard upload.size == upload.expectedSize else {
                Self.remove(upload.content)
                throw StorageError(
                    .unknown,
                    message: "The upload received \(upload.size) bytes of the \(upload.expectedSize) announced.",
                    bucket: upload.bucket, object: upload.path)
            }
            let md5Hash = upload.md5.finalize().base64EncodedString()
            if let expected = upload.metadata?.md5Hash, expected != md5Hash {
                Self.remove(upload.content)
                throw StorageError(
                    .nonMatchingChecksum,
                    message: "The uploaded content's MD5 \(md5Hash) does not match the expected \(expected).",
                    bucket: upload.bucket, object: upload.path)
            }
            var content = upload.content
            if case .file(let url) = content, let directory {
                let destination = directory.appendingPathComponent("objects").appendingPathComponent(UUID().uuidString)
                do {
                    try FileManager.default.moveItem(at: url, to: destination)
                } catch {
                    throw StorageError(
                        .unknown, message: "Could not store the object: \(error)",
                        bucket: upload.bucket, object: upload.path)
                }
                content = .file(destination)
            }
            var metadata = StorageMetadata()
            if let given = upload.metadata { metadata.setWritableFields(from: given) }
            metadata.changed = []
            metadata.bucket = upload.bucket
            metadata.path = upload.path
            metadata.size = upload.size
            metadata.md5Hash = md5Hash
            metadata.generation = state.nextGeneration
            state.nextGeneration += 1
            metadata.metageneration = 1
            metadata.timeCreated = time
            metadata.updated = time
            metadata.downloadTokens = UUID().uuidString.lowercased()
            let replaced = state.buckets[upload.bucket]?[upload.path]?.content
            state.buckets[upload.bucket, default: [:]][upload.path] = StoredObject(content: content, metadata: metadata)
            saveIndex(state)
            return (metadata, replaced)
        }
        if let replaced { Self.remove(replaced) }
        return metadata
    }

    /// Forgets the session (and removes its file).
    public func cancelUpload(session: String) async {
        let upload = state.withLock { $0.uploads.removeValue(forKey: session) }
        if let upload { Self.remove(upload.content) }
    }

    /// The stored metadata.
    public func metadata(bucket: String, path: String, caller: StorageCaller) async throws -> StorageMetadata {
        try check(.read, bucket: bucket, path: path, caller: caller)
        return try object(bucket: bucket, path: path) { $0.metadata }
    }

    /// A copy of the range's bytes only (read from the file outside the lock, in a directory).
    public func read(
        bucket: String, path: String, range: Range<Int64>, generation: Int64?,
        caller: StorageCaller
    ) async throws -> Data {
        try check(.read, bucket: bucket, path: path, caller: caller)
        let (content, size) = try object(bucket: bucket, path: path) { object throws(StorageError) in
            if let generation, object.metadata.generation != generation {
                throw StorageError(
                    .objectNotFound, message: "Object \(path) changed during the download.",
                    bucket: bucket, object: path)
            }
            return (object.content, object.metadata.size)
        }
        let lower = min(max(range.lowerBound, 0), size)
        let upper = min(max(range.upperBound, lower), size)
        switch content {
        case .memory(let data):
            let start = data.startIndex
            return Data(data[(start + Int(lower))..<(start + Int(upper))])
        case .file(let url):
            do {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                try handle.seek(toOffset: UInt64(lower))
                return try handle.read(upToCount: Int(upper - lower)) ?? Data()
            } catch {
                // The object was replaced or deleted since: its file is gone.
                throw StorageError(
                    .objectNotFound, message: "Object \(path) changed during the download.",
                    bucket: bucket, object: path)
            }
        }
    }

    /// Applies the changes and bumps the metageneration.
    public func updateMetadata(
        bucket: String, path: String, changes: StorageMetadata,
        caller: StorageCaller
    ) async throws -> StorageMetadata {
        try check(.write, bucket: bucket, path: path, caller: caller)
        let time = now()
        return try state.withLock { state throws(StorageError) in
            guard var object = state.buckets[bucket]?[path] else { throw Self.notFound(bucket, path) }
            object.metadata.apply(changes)
            object.metadata.metageneration += 1
            object.metadata.updated = time
            state.buckets[bucket]?[path] = object
            saveIndex(state)
            return object.metadata
        }
    }

    /// Removes the object (and its file).
    public func delete(bucket: String, path: String, caller: StorageCaller) async throws {
        try check(.delete, bucket: bucket, path: path, caller: caller)
        let removed = try state.withLock { state throws(StorageError) -> StoredObject in
            guard let removed = state.buckets[bucket]?.removeValue(forKey: path) else {
                throw Self.notFound(bucket, path)
            }
            saveIndex(state)
            return removed
        }
        Self.remove(removed.content)
    }

    /// Prefixes and items sorted together by path; the page token is the last path of the page.
    public func list(
        bucket: String, path: String, maxResults: Int, pageToken: String?,
        caller: StorageCaller
    ) async throws -> StorageListPage {
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
        return StorageListPage(
            prefixes: page.filter(\.isPrefix).map(\.path),
            items: page.filter { !$0.isPrefix }.map(\.path), pageToken: token)
    }

    /// `https://firebasestorage.googleapis.com/v0/b/{bucket}/o/{path}?alt=media&token={token}`.
    public func downloadURL(bucket: String, path: String, caller: StorageCaller) async throws -> URL {
        let metadata = try await metadata(bucket: bucket, path: path, caller: caller)
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#&=+")
        let object = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let token = metadata.downloadTokens?.split(separator: ",").first.map(String.init) ?? ""
        guard
            let url = URL(
                string: "https://firebasestorage.googleapis.com/v0/b/\(bucket)/o/\(object)?alt=media&token=\(token)")
        else {
            throw StorageError(.unknown, message: "Could not make a download URL.", bucket: bucket, object: path)
        }
        return url
    }

    // MARK: - Internals

    /// Rewrites `index.json` (a disk-backed backend only): every object's file name and metadata. Called under
    /// the lock so that indexes are written in the order of the changes.
    private func saveIndex(_ state: State) {
        guard let directory else { return }
        var entries: [[String: Any]] = []
        for objects in state.buckets.values {
            for object in objects.values {
                guard case .file(let url) = object.content else { continue }
                entries.append([
                    "file": url.lastPathComponent, "metadata": StorageMetadataJSON.resource(of: object.metadata),
                ])
            }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys]) else { return }
        try? data.write(to: directory.appendingPathComponent("index.json"), options: .atomic)
    }

    /// Removes a file's content.
    private static func remove(_ content: Content) {
        if case .file(let url) = content { try? FileManager.default.removeItem(at: url) }
    }

    /// Fails with `unauthorized` when the rules deny the request. Runs the rules without any lock held.
    private func check(
        _ operation: StorageRulesRequest.Operation, bucket: String, path: String,
        caller: StorageCaller
    ) throws(StorageError) {
        guard let rules else { return }
        let request = StorageRulesRequest(operation: operation, bucket: bucket, path: path, uid: caller.uid)
        guard rules(request) else {
            throw StorageError(
                .unauthorized, message: "User does not have permission to access gs://\(bucket)/\(path).",
                bucket: bucket, object: path)
        }
    }

    /// `body` applied to the stored object, or `objectNotFound`.
    private func object<T>(
        bucket: String, path: String,
        _ body: (StoredObject) throws(StorageError) -> T
    ) throws(StorageError) -> T {
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
