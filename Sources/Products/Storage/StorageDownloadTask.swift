// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// A download in progress (Firebase's `StorageDownloadTask`), made by
/// ``StorageReference/getData(maxSize:completion:)-(_,(Result<Data,Error>)->Void)`` (into memory) or
/// ``StorageReference/write(toFile:completion:)-(_,(Result<URL,Error>)->Void)`` (into a file, one chunk in
/// memory at a time).
///
/// The task reads the object's metadata (failing with ``StorageErrorCode/downloadSizeExceeded`` when it is
/// larger than `maxSize`), then its bytes in chunks of the instance's chunk size, each firing `progress`;
/// ``pause()`` takes effect between chunks. Chunks are read from the generation the metadata named, so an
/// object replaced during the download fails it rather than mixing two contents.
public final class StorageDownloadTask: StorageTask {
    let core: StorageTaskCore
    private let maxSize: Int64
    private let received = Locked(Data())
    private let sink: DownloadSink

    /// A download into memory of at most `maxSize` bytes, or into `file` (no size limit).
    init(reference: StorageReference, maxSize: Int64 = .max, file: URL? = nil) {
        core = StorageTaskCore(reference: reference, total: 0, metadata: nil)
        self.maxSize = maxSize
        sink = file.map(DownloadSink.file) ?? .memory(received)
        core.attach(self)
    }

    /// The downloaded bytes, handed over once (the task keeps none afterwards).
    func takeData() -> Data {
        received.withLock { data in
            defer { data = Data() }
            return data
        }
    }

    /// Starts the transfer, or fails at once when the app was deleted.
    ///
    /// The task's factory (`putData`, `putFile`, `getData`, `write(toFile:)`) enqueues it before returning it, so a
    /// later call does nothing (the SDK's `StorageTaskManagement.enqueue()`).
    public func enqueue() {
        guard core.register() else { return }
        let maxSize = maxSize
        let sink = sink
        core.start { core in await Self.transfer(maxSize: maxSize, into: sink, core: core) }
    }

    /// Reads the metadata, then the chunks (waiting while paused).
    private static func transfer(maxSize: Int64, into sink: DownloadSink, core: StorageTaskCore) async {
        let reference = core.reference
        let storage = reference.storage
        do {
            let caller = try await storage.contextProvider.caller()
            var metadata = try await storage.backend.metadata(
                bucket: reference.bucket, path: reference.fullPath,
                caller: caller)
            metadata.storageReference = reference
            guard metadata.size <= maxSize else {
                throw StorageError.downloadSizeExceeded(total: metadata.size, maxSize: maxSize)
            }
            core.setTotal(metadata.size)
            let writer = try sink.open(size: metadata.size)
            let chunk = storage.effectiveChunkSize
            var offset: Int64 = 0
            while offset < metadata.size {
                guard await core.proceed() else {
                    sink.discard()
                    return
                }
                let end = offset + min(chunk, metadata.size - offset)
                let bytes = try await storage.backend.read(
                    bucket: reference.bucket, path: reference.fullPath,
                    range: offset..<end, generation: metadata.generation,
                    caller: caller)
                guard bytes.count == end - offset else {
                    throw StorageError(
                        .unknown, message: "The backend returned \(bytes.count) bytes for \(end - offset).",
                        bucket: reference.bucket, object: reference.fullPath)
                }
                try writer.write(bytes)
                offset = end
                core.progress(offset)
            }
            try writer.close()
            guard await core.proceed() else {
                sink.discard()
                return
            }
            try sink.commit()
            core.succeed(metadata)
        } catch {
            sink.discard()
            core.fail(error as? StorageError ?? StorageError(.unknown, message: String(describing: error)))
        }
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
    /// Resumes a paused download.
    public func resume() { core.resume() }
    /// Fails the download with `cancelled` and drops what was received.
    public func cancel() { core.cancel() }
}
