// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Where a ``Storage`` instance's operations go: an app component (one per app; ``StorageLibrary`` registers
/// a ``LocalStorageBackend``; override it to share one backend between apps).
///
/// Every method throws ``StorageError``. Uploads are sessions written in chunks so that tasks report real
/// progress and can pause between chunks: ``startUpload(bucket:path:metadata:size:caller:)``, then
/// ``uploadChunk(session:bytes:)`` for each chunk in order, then ``finishUpload(session:)``, or
/// ``cancelUpload(session:)``. Downloads read byte ranges.
public protocol StorageBackend: Sendable {
    /// Opens an upload of an object of `size` bytes at `path` with the writable fields of `metadata`; returns its
    /// session. Checks the rules (`write`) here. ``finishUpload(session:)`` fails when the session received
    /// another number of bytes (a file that changed size during its upload).
    func startUpload(
        bucket: String, path: String, metadata: StorageMetadata?, size: Int64,
        caller: StorageCaller
    ) async throws -> String
    /// Appends `bytes` to the upload `session`.
    func uploadChunk(session: String, bytes: Data) async throws
    /// Stores the uploaded object (a new generation) and returns its metadata.
    func finishUpload(session: String) async throws -> StorageMetadata
    /// Drops the upload `session` and what it received.
    func cancelUpload(session: String) async
    /// The metadata of the object at `path`; ``StorageErrorCode/objectNotFound`` when there is none.
    func metadata(bucket: String, path: String, caller: StorageCaller) async throws -> StorageMetadata
    /// The bytes `range` (clamped to the object's size) of the object at `path`, of generation `generation`
    /// when given (``StorageErrorCode/objectNotFound`` when it changed since).
    func read(
        bucket: String, path: String, range: Range<Int64>, generation: Int64?,
        caller: StorageCaller
    ) async throws -> Data
    /// Applies the writable fields set on `changes` (nil clears) and returns the new metadata.
    func updateMetadata(
        bucket: String, path: String, changes: StorageMetadata,
        caller: StorageCaller
    ) async throws -> StorageMetadata
    /// Deletes the object at `path`.
    func delete(bucket: String, path: String, caller: StorageCaller) async throws
    /// One page of the folder `path`: at most `maxResults` prefixes and items together, after `pageToken`.
    func list(
        bucket: String, path: String, maxResults: Int, pageToken: String?,
        caller: StorageCaller
    ) async throws -> StorageListPage
    /// A URL from which the object at `path` can be downloaded without credentials.
    func downloadURL(bucket: String, path: String, caller: StorageCaller) async throws -> URL
}
