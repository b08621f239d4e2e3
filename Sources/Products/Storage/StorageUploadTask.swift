// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// An upload in progress (Firebase's `StorageUploadTask`), made by
/// ``StorageReference/putData(_:metadata:completion:)-(_,_,(Result<StorageMetadata,Error>)->Void)`` or
/// ``StorageReference/putFile(from:metadata:completion:)-(_,_,(Result<StorageMetadata,Error>)->Void)``.
///
/// The data goes to the backend in chunks of the instance's chunk size (``Storage/uploadChunkSizeBytes``,
/// rounded up to 256 KiB); each chunk fires `progress`, and ``pause()`` takes effect between chunks. Chunks
/// are views of the caller's data, not copies, or reads of the file (one chunk in memory at a time). Success
/// comes after a final `progress` with every byte, with the stored metadata.
public final class StorageUploadTask: StorageTask {
    let core: StorageTaskCore
    private let source: UploadSource
    private let size: Result<Int64, StorageError>
    private let metadata: StorageMetadata?

    init(reference: StorageReference, source: UploadSource, metadata: StorageMetadata?) {
        var metadata = metadata
        if case .file(let url) = source, metadata?.contentType == nil {
            // As the SDK: a file upload without a content type gets its extension's.
            var withType = metadata ?? StorageMetadata()
            withType.contentType = MIMEType.forExtension(url.pathExtension)
            metadata = withType
        }
        let size = Result { () throws(StorageError) -> Int64 in try source.size() }
        core = StorageTaskCore(reference: reference, total: (try? size.get()) ?? 0, metadata: metadata)
        self.source = source
        self.size = size
        self.metadata = metadata
        core.attach(self)
    }

    /// Starts the transfer, or fails at once when the app was deleted or the file cannot be read.
    ///
    /// The task's factory (`putData`, `putFile`, `getData`, `write(toFile:)`) enqueues it before returning it, so a
    /// later call does nothing (the SDK's `StorageTaskManagement.enqueue()`).
    public func enqueue() {
        guard core.register() else { return }
        guard case .success(let size) = size else {
            if case .failure(let error) = size { core.fail(error) }
            return
        }
        let source = source
        let metadata = metadata
        core.start { core in await Self.transfer(source, size: size, metadata: metadata, core: core) }
    }

    /// Opens a session, sends the chunks (waiting while paused), and finishes it.
    private static func transfer(
        _ source: UploadSource, size: Int64, metadata: StorageMetadata?,
        core: StorageTaskCore
    ) async {
        let reference = core.reference
        let storage = reference.storage
        var session: String?
        do {
            let caller = try await storage.contextProvider.caller()
            let opened = try await storage.backend.startUpload(
                bucket: reference.bucket, path: reference.fullPath,
                metadata: metadata, size: size, caller: caller)
            session = opened
            let reader = try source.makeReader(bucket: reference.bucket, object: reference.fullPath)
            let chunk = Int(clamping: storage.effectiveChunkSize)
            var offset: Int64 = 0
            while offset < size {
                guard await core.proceed() else { break }
                let bytes = try reader.next(Int(min(Int64(chunk), size - offset)))
                guard !bytes.isEmpty else {
                    throw StorageError(
                        .unknown, message: "The file shrank during the upload.",
                        bucket: reference.bucket, object: reference.fullPath)
                }
                try await storage.backend.uploadChunk(session: opened, bytes: bytes)
                offset += Int64(bytes.count)
                core.progress(offset)
            }
            if offset == size, await core.proceed() {
                var stored = try await storage.backend.finishUpload(session: opened)
                stored.storageReference = reference
                session = nil
                core.succeed(stored)
            }
        } catch {
            core.fail(error as? StorageError ?? StorageError(.unknown, message: String(describing: error)))
        }
        if let session { await storage.backend.cancelUpload(session: session) }
    }

    // MARK: - StorageTask

    /// The task's current state.
    public var snapshot: StorageTaskSnapshot { core.snapshot }

    /// Calls `handler` on each `status` event (at once too if the task is in `status`); returns its handle.
    @discardableResult
    public func observe(
        _ status: StorageTaskStatus,
        handler: @escaping @Sendable (StorageTaskSnapshot) -> Void
    ) -> String {
        core.observe(status, handler: handler)
    }

    /// Removes the observer with `handle`.
    public func removeObserver(withHandle handle: String) { core.removeObserver(withHandle: handle) }
    /// Removes the observers of `status`.
    public func removeAllObservers(for status: StorageTaskStatus) { core.removeAllObservers(for: status) }
    /// Removes every observer.
    public func removeAllObservers() { core.removeAllObservers() }
    /// Pauses after the chunk in flight.
    public func pause() { core.pause() }
    /// Resumes a paused upload.
    public func resume() { core.resume() }
    /// Fails the upload with `cancelled`; the previous object, if any, stays.
    public func cancel() { core.cancel() }
}
