// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The file operations of a persistent ``LocalDatabaseBackend``: the real ones, or (in tests) ones that fail
/// on purpose. Each either completes, durably, or throws.
struct DatabaseFiles: Sendable {
    /// The file's bytes; nil when it does not exist.
    var read: @Sendable (URL) throws -> Data?
    /// Writes the bytes at the offset of the file (created if needed; at its end when it is shorter, never
    /// leaving a gap), cutting off whatever followed, and flushes them to the disk; returns where they end.
    /// On failure it cuts the file back to where they would have started (as far as it can).
    var append: @Sendable (Data, URL, UInt64) throws -> UInt64
    /// Replaces the file's bytes atomically: written to a temporary file, flushed, renamed over it.
    var replace: @Sendable (Data, URL) throws -> Void
    /// Empties the file (when it exists).
    var truncate: @Sendable (URL) throws -> Void

    /// The operations of the real file system.
    static let system = DatabaseFiles(
        read: { url in
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try Data(contentsOf: url)
        },
        append: { data, url, offset in
            if !FileManager.default.fileExists(atPath: url.path) {
                guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
                }
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            let start = min(offset, try handle.seekToEnd())
            do {
                try handle.truncate(atOffset: start)
                try handle.seek(toOffset: start)
                try handle.write(contentsOf: data)
                try handle.synchronize()
            } catch {
                try? handle.truncate(atOffset: start)
                try? handle.synchronize()
                throw error
            }
            return start + UInt64(data.count)
        },
        replace: { data, url in
            let temporary = url.deletingLastPathComponent().appendingPathComponent(
                ".\(url.lastPathComponent).\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            do {
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try handle.write(contentsOf: data)
                try handle.synchronize()
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else {
                let code = errno
                try? FileManager.default.removeItem(at: temporary)
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
        },
        truncate: { url in
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.synchronize()
        })
}
