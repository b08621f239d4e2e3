// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
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
/// Each stored object gets a new download token, unless its upload's custom metadata names its tokens under
/// `firebaseStorageDownloadTokens` (comma-separated), as Cloud Storage keeps them; an update's custom metadata can
/// set them too. Either way they become the object's download tokens (``downloadURL(bucket:path:caller:)`` uses the
/// first) and are not kept as custom metadata, as Firebase Storage reports them.
///
/// **In a directory**, uploads are written chunk by chunk to `uploads/`, finished objects live as files in
/// `objects/`, and reads take only the requested range from the file, so memory stays bounded whatever the
/// object size; the metadata of every object is kept in `index.json`, rewritten durably after each change (a
/// temporary file synchronized, then renamed over it) before the change is acknowledged, and read back by the
/// next backend made on the same directory. Everything read back is checked: `index.json` must be a regular
/// file of at most ``maximumIndexSize`` bytes holding well-formed entries whose file names stay inside
/// `objects/`, and it must exist whenever `objects/` holds files; anything else is a ``StorageError`` `unknown`
/// naming the file when the backend is made.
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
    /// How `index.json` is written (the seam for injected write failures).
    private let io: PersistenceIO

    /// The file holding the metadata of a directory's objects.
    public static let indexFileName = "index.json"
    /// The largest `index.json` read (256 MiB, some hundreds of thousands of objects); a change that would make
    /// it larger fails instead of writing an index the next backend could not read.
    public static let maximumIndexSize = 256 << 20

    /// A backend with no objects, in memory; `rules` (nil: everything is allowed) decide each request; `now`
    /// stamps `timeCreated` and `updated` (inject a fixed clock in tests).
    public init(rules: StorageRules? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.rules = rules
        self.now = now
        directory = nil
        io = .standard
    }

    /// A backend keeping its objects in `directory` (created if needed), with the objects a previous backend
    /// left there; unfinished uploads of a previous backend are dropped, and so are files in `objects/` that
    /// `index.json` does not list (left by a crash between storing an object and rewriting the index).
    ///
    /// - Throws: ``StorageError`` `unknown` naming the file when the directory cannot be created, when its
    ///   `index.json` cannot be read (not a regular file, larger than ``maximumIndexSize``, unreadable), is
    ///   damaged (not JSON, an entry without a file or a path, a file name that would leave `objects/`, a file
    ///   listed twice), or is missing while `objects/` holds files (the index was deleted: the objects'
    ///   metadata is lost).
    public convenience init(
        directory: URL, rules: StorageRules? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StorageError) {
        try self.init(directory: directory, rules: rules, now: now, io: .standard)
    }

    /// ``init(directory:rules:now:)`` writing `index.json` through `io` (tests inject write failures).
    init(
        directory: URL, rules: StorageRules? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, io: PersistenceIO
    ) throws(StorageError) {
        self.rules = rules
        self.now = now
        self.directory = directory
        self.io = io
        let files = FileManager.default
        let objects = directory.appendingPathComponent("objects")
        do {
            try? files.removeItem(at: directory.appendingPathComponent("uploads"))
            try files.createDirectory(
                at: directory.appendingPathComponent("uploads"), withIntermediateDirectories: true)
            try files.createDirectory(at: objects, withIntermediateDirectories: true)
        } catch {
            throw StorageError(.unknown, message: "Could not create \(directory.path): \(error)")
        }
        let index = directory.appendingPathComponent(Self.indexFileName)
        let data: Data
        do throws(RegularFile.Failure) {
            data = try RegularFile.contents(
                atPath: index.path, maximumSize: Self.maximumIndexSize, followingSymbolicLinks: false)
        } catch .missing {
            let stored = (try? files.contentsOfDirectory(atPath: objects.path)) ?? []
            guard stored.isEmpty else {
                throw StorageError(
                    .unknown,
                    message:
                        "The index \(index.path) is missing but \(objects.path) holds \(stored.count) object files: their metadata is lost. Restore the index, or empty the directory to start over."
                )
            }
            // An empty index from the start: from now on a missing index beside objects is always a loss.
            try state.withLock { state throws(StorageError) in try saveIndex(state) }
            return
        } catch {
            throw StorageError(.unknown, message: "Could not read \(index.path): \(error).")
        }
        let entries = try Self.entries(in: data, index: index, objects: objects)
        state.withLock { state in
            for (file, metadata, path) in entries {
                state.buckets[metadata.bucket, default: [:]][path] = StoredObject(
                    content: .file(objects.appendingPathComponent(file)), metadata: metadata)
                state.nextGeneration = max(state.nextGeneration, metadata.generation + 1)
            }
        }
        let listed = Set(entries.map(\.file))
        for name in (try? files.contentsOfDirectory(atPath: objects.path)) ?? [] where !listed.contains(name) {
            try? files.removeItem(at: objects.appendingPathComponent(name))
        }
    }

    /// The objects `index.json` lists: each one's file name in `objects`, metadata and path.
    /// - Throws: ``StorageError`` `unknown` naming the index when it is not a list of entries each with a file
    ///   name that stays inside `objects` (``AppFileName``'s plain names: the UUIDs the backend writes), listed
    ///   once, and metadata with a path.
    private static func entries(
        in data: Data, index: URL, objects: URL
    ) throws(StorageError) -> [(file: String, metadata: StorageMetadata, path: String)] {
        func damaged(_ problem: String) -> StorageError {
            StorageError(.unknown, message: "The index \(index.path) is damaged: \(problem). It was left untouched.")
        }
        guard let entries = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
            throw damaged("it is not a JSON list")
        }
        var stored: [(file: String, metadata: StorageMetadata, path: String)] = []
        var names = Set<String>()
        for (position, entry) in entries.enumerated() {
            guard let entry = entry as? [String: Any], let file = entry["file"] as? String,
                let resource = entry["metadata"] as? [String: Any]
            else {
                throw damaged("entry \(position) has no file or no metadata")
            }
            guard AppFileName.isPlain(file) else {
                throw damaged("entry \(position) names the file \"\(file)\", which is not inside \(objects.path)")
            }
            guard names.insert(file).inserted else { throw damaged("the file \(file) is listed twice") }
            let metadata = StorageMetadataJSON.metadata(from: resource)
            guard let path = metadata.path else { throw damaged("entry \(position) has no object path") }
            stored.append((file, metadata, path))
        }
        return stored
    }

    /// The number of uploads started and neither finished nor cancelled.
    public var openUploadCount: Int { state.withLock { $0.uploads.count } }

    /// The object's bytes, or nil (for tests and tools: no rules are checked).
    public func storedData(bucket: String, path: String) -> Data? {
        let content = state.withLock { $0.buckets[bucket]?[StoragePath.normalize(path)]?.content }
        switch content {
        case .memory(let data)?: return data
        case .file(let url)?:
            return try? RegularFile.contents(atPath: url.path, maximumSize: .max, followingSymbolicLinks: false)
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
                do {
                    try RegularFile.handle(appendingAtPath: url.path, creating: true).close()
                } catch {
                    throw StorageError(
                        .unknown, message: "Could not create \(url.path): \(error).", bucket: bucket, object: path)
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
            // Appended without following a symbolic link or blocking on a FIFO planted at the session's file.
            do {
                let handle = try RegularFile.handle(appendingAtPath: file.path, creating: false)
                defer { try? handle.close() }
                try handle.write(contentsOf: bytes)
            } catch {
                throw StorageError(.unknown, message: "Could not write the upload to \(file.path): \(error)")
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
            let chosenTokens = Self.takeDownloadTokens(from: &metadata)
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
            metadata.downloadTokens = chosenTokens ?? UUID().uuidString.lowercased()
            let replaced = state.buckets[upload.bucket]?[upload.path]
            state.buckets[upload.bucket, default: [:]][upload.path] = StoredObject(content: content, metadata: metadata)
            do throws(StorageError) {
                try saveIndex(state, bucket: upload.bucket, object: upload.path)
            } catch {
                state.buckets[upload.bucket]?[upload.path] = replaced
                Self.remove(content)
                throw error
            }
            return (metadata, replaced?.content)
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
            let handle: FileHandle
            do throws(RegularFile.Failure) {
                // A symbolic link planted in place of the object's file is refused, never followed out of the
                // directory.
                handle = try RegularFile.handle(readingAtPath: url.path, followingSymbolicLinks: false)
            } catch .missing {
                // The object was replaced or deleted since: its file is gone.
                throw StorageError(
                    .objectNotFound, message: "Object \(path) changed during the download.",
                    bucket: bucket, object: path)
            } catch {
                throw StorageError(
                    .unknown, message: "Cannot read the file \(url.path) of object \(path): \(error).",
                    bucket: bucket, object: path)
            }
            defer { try? handle.close() }
            do {
                try handle.seek(toOffset: UInt64(lower))
                return try handle.read(upToCount: Int(upper - lower)) ?? Data()
            } catch {
                throw StorageError(
                    .unknown, message: "Cannot read the file \(url.path) of object \(path): \(error).",
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
            let before = object
            object.metadata.apply(changes)
            if let tokens = Self.takeDownloadTokens(from: &object.metadata) {
                object.metadata.downloadTokens = tokens
            }
            object.metadata.changed = []
            object.metadata.metageneration += 1
            object.metadata.updated = time
            state.buckets[bucket]?[path] = object
            do throws(StorageError) {
                try saveIndex(state, bucket: bucket, object: path)
            } catch {
                state.buckets[bucket]?[path] = before
                throw error
            }
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
            do throws(StorageError) {
                try saveIndex(state, bucket: bucket, object: path)
            } catch {
                state.buckets[bucket]?[path] = removed
                throw error
            }
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

    /// The custom metadata key that sets an object's download tokens (comma-separated), as in Cloud Storage.
    static let downloadTokensKey = "firebaseStorageDownloadTokens"

    /// The download tokens `metadata`'s custom metadata sets (``downloadTokensKey``; nil when it sets none), taken
    /// out of it: Firebase Storage reports them as the object's `downloadTokens`, not as custom metadata.
    private static func takeDownloadTokens(from metadata: inout StorageMetadata) -> String? {
        guard let value = metadata.customMetadata?[downloadTokensKey] else { return nil }
        var custom = metadata.customMetadata ?? [:]
        custom[downloadTokensKey] = nil
        metadata.customMetadata = custom.isEmpty ? nil : custom
        let tokens = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return tokens.isEmpty ? nil : tokens.joined(separator: ",")
    }

    /// Rewrites `index.json` (a disk-backed backend only) durably (``PersistenceIO``'s `replaceFile`): every
    /// object's file name and metadata. Called under the lock so that indexes are written in the order of the
    /// changes, and before a change is acknowledged.
    /// - Throws: ``StorageError`` `unknown` naming the index (and the object of the change, `bucket` and `object`)
    ///   when it cannot be written, or would be larger than ``maximumIndexSize``; the index on disk is then the
    ///   previous one.
    private func saveIndex(_ state: State, bucket: String? = nil, object: String? = nil) throws(StorageError) {
        guard let directory else { return }
        let index = directory.appendingPathComponent(Self.indexFileName)
        var entries: [[String: Any]] = []
        for objects in state.buckets.values {
            for object in objects.values {
                guard case .file(let url) = object.content else { continue }
                entries.append([
                    "file": url.lastPathComponent, "metadata": StorageMetadataJSON.resource(of: object.metadata),
                ])
            }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys]) else {
            throw StorageError(
                .unknown, message: "Could not encode the index \(index.path).", bucket: bucket, object: object)
        }
        guard data.count <= Self.maximumIndexSize else {
            throw StorageError(
                .unknown,
                message:
                    "Could not save the index \(index.path): it would be larger than \(Self.maximumIndexSize) bytes, the most a backend reads back.",
                bucket: bucket, object: object)
        }
        let handle: FileHandle
        do throws(FramedLogError) {
            handle = try io.replaceFile(at: index, with: data)
        } catch {
            throw StorageError(
                .unknown, message: "Could not save the index \(index.path): \(error.message)", bucket: bucket,
                object: object)
        }
        // Written, synchronized and renamed into place: a failure to close it changes nothing.
        try? handle.close()
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
