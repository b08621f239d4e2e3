// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// A place in a bucket: a folder or an object (Firebase's `StorageReference`).
///
/// ```swift
/// let avatars = storage.reference().child("users/\(uid)/avatars")
/// let ref = avatars.child("me.png")          // fullPath "users/<uid>/avatars/me.png", name "me.png"
/// let task = ref.putData(png, metadata: nil) { metadata, error in … }
/// ```
///
/// References are cheap values; two references are equal when their bucket and path are.
public final class StorageReference: Sendable, Hashable, CustomStringConvertible {
    /// The instance the reference belongs to.
    public let storage: Storage
    /// The path from the bucket's root, without leading or trailing slashes (`""` for the root).
    public let fullPath: String

    init(storage: Storage, path: String) {
        self.storage = storage
        self.fullPath = path
    }

    /// The bucket.
    public var bucket: String { storage.bucket }
    /// The last path component (`""` for the root).
    public var name: String { StoragePath.lastComponent(of: fullPath) }
    /// `gs://bucket/path`.
    public var description: String { "gs://\(bucket)/\(fullPath)" }

    /// The reference at `path` under this one (slashes normalized).
    public func child(_ path: String) -> StorageReference {
        StorageReference(storage: storage, path: StoragePath.appending(path, to: fullPath))
    }

    /// The folder above this reference, nil for the root.
    public func parent() -> StorageReference? {
        StoragePath.parent(of: fullPath).map { StorageReference(storage: storage, path: $0) }
    }

    /// The root of the bucket.
    public func root() -> StorageReference {
        StorageReference(storage: storage, path: "")
    }

    /// Equal when the bucket and path are (and the app).
    public static func == (lhs: StorageReference, rhs: StorageReference) -> Bool {
        lhs.storage.appName == rhs.storage.appName && lhs.bucket == rhs.bucket && lhs.fullPath == rhs.fullPath
    }

    /// Hashes the app, bucket and path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.appName)
        hasher.combine(bucket)
        hasher.combine(fullPath)
    }

    // MARK: - Uploads

    /// Uploads `data` with the writable fields of `metadata`, in chunks of the instance's chunk size; the
    /// task starts at once. `completion` gets the stored metadata, or the error.
    @discardableResult
    public func putData(
        _ data: Data, metadata: StorageMetadata? = nil,
        completion: (@Sendable (StorageMetadata?, (any Error)?) -> Void)? = nil
    ) -> StorageUploadTask {
        startUpload(.data(data), metadata: metadata, completion: completion)
    }

    /// Uploads `data` and returns the stored metadata; `onProgress` gets the progress of each chunk.
    /// Cancelling the calling task cancels the upload.
    ///
    /// - Throws: ``StorageError`` (`unauthorized` when rules deny it, `cancelled`, …).
    @discardableResult
    public func putDataAsync(
        _ data: Data, metadata: StorageMetadata? = nil,
        onProgress: (@Sendable (Progress?) -> Void)? = nil
    ) async throws -> StorageMetadata {
        try await upload(.data(data), metadata: metadata, onProgress: onProgress)
    }

    /// Uploads the file at `fileURL` (read one chunk at a time, never whole) with the writable fields of
    /// `metadata`; the task starts at once. Without a content type in `metadata`, the object gets the one of
    /// the file's extension (`application/octet-stream` when unknown), as in the SDK. A file that cannot be
    /// read fails the task with `unknown`.
    @discardableResult
    public func putFile(
        from fileURL: URL, metadata: StorageMetadata? = nil,
        completion: (@Sendable (StorageMetadata?, (any Error)?) -> Void)? = nil
    ) -> StorageUploadTask {
        startUpload(.file(fileURL), metadata: metadata, completion: completion)
    }

    /// Uploads the file at `url` and returns the stored metadata; `onProgress` gets the progress of each
    /// chunk. Cancelling the calling task cancels the upload.
    ///
    /// - Throws: ``StorageError`` (`unknown` for a file that cannot be read, `unauthorized`, `cancelled`, …).
    @discardableResult
    public func putFileAsync(
        from url: URL, metadata: StorageMetadata? = nil,
        onProgress: (@Sendable (Progress?) -> Void)? = nil
    ) async throws -> StorageMetadata {
        try await upload(.file(url), metadata: metadata, onProgress: onProgress)
    }

    /// Starts an upload task from `source`, calling `completion` with its outcome.
    private func startUpload(
        _ source: UploadSource, metadata: StorageMetadata?,
        completion: (@Sendable (StorageMetadata?, (any Error)?) -> Void)?
    ) -> StorageUploadTask {
        let task = StorageUploadTask(reference: self, source: source, metadata: metadata)
        if let completion {
            task.core.onCompletion { result in
                switch result {
                case .success(let metadata): completion(metadata, nil)
                case .failure(let error): completion(nil, error)
                }
            }
        }
        task.enqueue()
        return task
    }

    /// Runs an upload task from `source` and returns the stored metadata, reporting each chunk's progress.
    private func upload(
        _ source: UploadSource, metadata: StorageMetadata?,
        onProgress: (@Sendable (Progress?) -> Void)?
    ) async throws -> StorageMetadata {
        let task = StorageUploadTask(reference: self, source: source, metadata: metadata)
        if let onProgress { task.observe(.progress) { onProgress($0.progress) } }
        task.enqueue()
        return try await task.core.result()
    }

    // MARK: - Downloads

    /// Downloads the object into the file at `fileURL` (replacing it; intermediate folders are created),
    /// one chunk in memory at a time, through a temporary file moved into place on success; the task
    /// starts at once. `completion` gets `fileURL`, or the error.
    @discardableResult
    public func write(
        toFile fileURL: URL,
        completion: (@Sendable (URL?, (any Error)?) -> Void)? = nil
    ) -> StorageDownloadTask {
        let task = StorageDownloadTask(reference: self, file: fileURL)
        if let completion {
            task.core.onCompletion { result in
                switch result {
                case .success: completion(fileURL, nil)
                case .failure(let error): completion(nil, error)
                }
            }
        }
        task.enqueue()
        return task
    }

    /// Downloads the object into the file at `fileURL` and returns `fileURL`; `onProgress` gets the progress
    /// of each chunk. Cancelling the calling task cancels the download.
    ///
    /// - Throws: ``StorageError`` `objectNotFound`, `unauthorized`, `cancelled`, `unknown` when the file
    ///   cannot be written.
    @discardableResult
    public func writeAsync(
        toFile fileURL: URL,
        onProgress: (@Sendable (Progress?) -> Void)? = nil
    ) async throws -> URL {
        let task = StorageDownloadTask(reference: self, file: fileURL)
        if let onProgress { task.observe(.progress) { onProgress($0.progress) } }
        task.enqueue()
        _ = try await task.core.result()
        return fileURL
    }

    /// Downloads the object into memory, failing with ``StorageErrorCode/downloadSizeExceeded`` when it is
    /// larger than `maxSize` bytes; the task starts at once.
    @discardableResult
    public func getData(
        maxSize: Int64,
        completion: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> StorageDownloadTask {
        let task = StorageDownloadTask(reference: self, maxSize: maxSize)
        task.core.onCompletion { [task] result in
            switch result {
            case .success: completion(task.takeData(), nil)
            case .failure(let error): completion(nil, error)
            }
        }
        task.enqueue()
        return task
    }

    /// The object's bytes (at most `maxSize`). Cancelling the calling task cancels the download.
    ///
    /// - Throws: ``StorageError`` `downloadSizeExceeded` when the object is larger than `maxSize`,
    ///   `objectNotFound`, `unauthorized`, `cancelled`.
    public func data(maxSize: Int64) async throws -> Data {
        let task = StorageDownloadTask(reference: self, maxSize: maxSize)
        task.enqueue()
        _ = try await task.core.result()
        return task.takeData()
    }

    /// A URL from which anyone can download the object.
    ///
    /// - Throws: ``StorageError`` `objectNotFound`, `unauthorized`.
    public func downloadURL() async throws -> URL {
        try await storage.run(on: fullPath) { [self] in
            let caller = try await storage.contextProvider.caller()
            return try await storage.backend.downloadURL(bucket: bucket, path: fullPath, caller: caller)
        }
    }

    // MARK: - Metadata

    /// The object's metadata.
    ///
    /// - Throws: ``StorageError`` `objectNotFound`, `unauthorized`.
    public func getMetadata() async throws -> StorageMetadata {
        try await storage.run(on: fullPath) { [self] in
            let caller = try await storage.contextProvider.caller()
            var metadata = try await storage.backend.metadata(bucket: bucket, path: fullPath, caller: caller)
            metadata.storageReference = self
            return metadata
        }
    }

    /// Changes the writable fields set on `metadata` (a field set to nil is cleared) and returns the object's
    /// new metadata.
    ///
    /// - Throws: ``StorageError`` `objectNotFound`, `unauthorized`.
    @discardableResult
    public func updateMetadata(_ metadata: StorageMetadata) async throws -> StorageMetadata {
        try await storage.run(on: fullPath) { [self] in
            let caller = try await storage.contextProvider.caller()
            var updated = try await storage.backend.updateMetadata(
                bucket: bucket, path: fullPath, changes: metadata,
                caller: caller)
            updated.storageReference = self
            return updated
        }
    }

    /// Deletes the object.
    ///
    /// - Throws: ``StorageError`` `objectNotFound`, `unauthorized`.
    public func delete() async throws {
        try await storage.run(on: fullPath) { [self] in
            let caller = try await storage.contextProvider.caller()
            try await storage.backend.delete(bucket: bucket, path: fullPath, caller: caller)
        }
    }

    // MARK: - Listing

    /// The first page of at most `maxResults` (1 … 1000) folders and objects directly under this reference.
    ///
    /// - Throws: ``StorageError`` `invalidArgument` for a `maxResults` out of range, `unauthorized`.
    public func list(maxResults: Int64) async throws -> StorageListResult {
        try await list(maxResults: maxResults, pageToken: nil)
    }

    /// The page after `pageToken` (a previous page's ``StorageListResult/pageToken``).
    ///
    /// - Throws: the errors of ``list(maxResults:)``.
    public func list(maxResults: Int64, pageToken: String?) async throws -> StorageListResult {
        guard (1...1000).contains(maxResults) else {
            throw StorageError(
                .invalidArgument,
                message: "Argument 'maxResults' must be between 1 and 1000 inclusive, was \(maxResults).")
        }
        let page = try await storage.run(on: fullPath) { [self] in
            let caller = try await storage.contextProvider.caller()
            return try await storage.backend.list(
                bucket: bucket, path: fullPath, maxResults: Int(maxResults),
                pageToken: pageToken, caller: caller)
        }
        return StorageListResult(
            prefixes: page.prefixes.map { StorageReference(storage: storage, path: $0) },
            items: page.items.map { StorageReference(storage: storage, path: $0) },
            pageToken: page.pageToken)
    }

    /// Every folder and object directly under this reference, all pages together.
    ///
    /// - Throws: the errors of ``list(maxResults:)``.
    public func listAll() async throws -> StorageListResult {
        var prefixes: [StorageReference] = []
        var items: [StorageReference] = []
        var token: String?
        repeat {
            let page = try await list(maxResults: 1000, pageToken: token)
            prefixes += page.prefixes
            items += page.items
            token = page.pageToken
        } while token != nil
        return StorageListResult(prefixes: prefixes, items: items, pageToken: nil)
    }
}
