// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintStorage
import Foundation

/// Moves an upload's request body into a backend upload session as it arrives, in chunks of ``chunkSize``, so
/// that an upload of any size holds at most one chunk in the service (what the backend keeps is its own: in
/// memory, the object; in a directory, nothing).
enum StorageUploadStream {
    /// The bytes gathered before they are handed to the backend: 1 MiB.
    static let chunkSize = 1 << 20

    /// What a write did: the bytes handed to the backend, and the error that stopped it, if any.
    struct Outcome {
        var written: Int64
        var error: (any Error)?
    }

    /// Writes the body of `request` (its stream, or its collected body when it was not streamed) into
    /// `session`, refusing (400) to go past `limit` bytes. Bytes received before a failure (the client went away,
    /// the body went past the limit) are handed to the backend all the same, as a resumable upload counts them.
    static func write(
        _ request: EmulatorRequest, into session: String, limit: Int64, backend: LocalStorageBackend
    ) async -> Outcome {
        var written: Int64 = 0
        var pending = Data()
        pending.reserveCapacity(chunkSize)
        func flush() async throws {
            guard !pending.isEmpty else { return }
            try await StorageWireErrors.call { try await backend.uploadChunk(session: session, bytes: pending) }
            written += Int64(pending.count)
            pending.removeAll(keepingCapacity: true)
        }
        do {
            guard let stream = request.bodyStream else {
                guard Int64(request.body.count) <= limit else { throw overLimit(limit) }
                pending = request.body
                try await flush()
                return Outcome(written: written)
            }
            for try await buffer in stream {
                guard written + Int64(pending.count) + Int64(buffer.readableBytes) <= limit else {
                    throw overLimit(limit)
                }
                pending.append(contentsOf: buffer.readableBytesView)
                if pending.count >= chunkSize { try await flush() }
            }
            try await flush()
            return Outcome(written: written)
        } catch {
            do { try await flush() } catch { return Outcome(written: written, error: error) }
            return Outcome(written: written, error: error)
        }
    }

    private static func overLimit(_ limit: Int64) -> EmulatorHTTPError {
        EmulatorHTTPError(.badRequest, "Invalid argument: the upload is larger than the \(limit) bytes announced.")
    }
}
