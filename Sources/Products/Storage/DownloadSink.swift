// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Where a download task puts the bytes: memory (for `getData`), or a file written chunk by chunk through a
/// temporary file next to it, moved into place on success and removed on failure.
enum DownloadSink: Sendable {
    case memory(Locked<Data>)
    case file(URL)

    /// The temporary file of a file download.
    private static func temporary(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).flint-download")
    }

    /// Opens the sink for `size` bytes.
    func open(size: Int64) throws(StorageError) -> Writer {
        switch self {
        case .memory(let data):
            data.withLock {
                $0 = Data()
                $0.reserveCapacity(Int(size))
            }
            return Writer(memory: data, handle: nil)
        case .file(let url):
            let temporary = Self.temporary(for: url)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown)
                }
                return Writer(memory: nil, handle: try FileHandle(forWritingTo: temporary))
            } catch {
                throw StorageError(.unknown, message: "Could not create \(url.path): \(error)")
            }
        }
    }

    /// Moves a finished file into place.
    func commit() throws(StorageError) {
        guard case .file(let url) = self else { return }
        do {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            try FileManager.default.moveItem(at: Self.temporary(for: url), to: url)
        } catch {
            throw StorageError(.unknown, message: "Could not write \(url.path): \(error)")
        }
    }

    /// Drops what a failed download wrote.
    func discard() {
        switch self {
        case .memory(let data): data.withLock { $0 = Data() }
        case .file(let url): try? FileManager.default.removeItem(at: Self.temporary(for: url))
        }
    }

    /// Appends chunks to the sink.
    final class Writer {
        private let memory: Locked<Data>?
        private let handle: FileHandle?

        init(memory: Locked<Data>?, handle: FileHandle?) {
            self.memory = memory
            self.handle = handle
        }

        deinit { try? handle?.close() }

        func write(_ bytes: Data) throws(StorageError) {
            if let memory {
                memory.withLock { $0.append(bytes) }
                return
            }
            do {
                try handle?.write(contentsOf: bytes)
            } catch {
                throw StorageError(.unknown, message: "Could not write the file: \(error)")
            }
        }

        /// Flushes and closes a file.
        func close() throws(StorageError) {
            do {
                try handle?.close()
            } catch {
                throw StorageError(.unknown, message: "Could not close the file: \(error)")
            }
        }
    }
}
