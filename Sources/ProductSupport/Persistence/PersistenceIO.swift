// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a ``FramedLogFile`` writes to its open file: the seam through which tests inject failures (a full disk, a
/// write that stops half way, a failed `fsync`). ``standard`` writes to the handle.
///
/// The closures run while the file's owner holds its lock: they must only do I/O (or throw), never call back
/// into the owner.
public struct PersistenceIO: Sendable {
    /// Writes `data` at the handle's current offset; on failure it may have written any prefix of it.
    public var write: @Sendable (FileHandle, Data) throws -> Void
    /// Cuts the file to `length` bytes and moves the handle's offset there.
    public var truncate: @Sendable (FileHandle, UInt64) throws -> Void
    /// Makes what was written durable (`fsync`): an append is acknowledged only after it returns, so an
    /// acknowledged write survives a crash of the machine, not only of the process.
    public var synchronize: @Sendable (FileHandle) throws -> Void

    /// Custom behaviour (tests); the defaults are those of ``standard``.
    public init(
        write: @escaping @Sendable (FileHandle, Data) throws -> Void = { handle, data in
            try handle.write(contentsOf: data)
        },
        truncate: @escaping @Sendable (FileHandle, UInt64) throws -> Void = { handle, length in
            try handle.truncate(atOffset: length)
            try handle.seek(toOffset: length)
        },
        synchronize: @escaping @Sendable (FileHandle) throws -> Void = { handle in try handle.synchronize() }
    ) {
        self.write = write
        self.truncate = truncate
        self.synchronize = synchronize
    }

    /// Plain writes, truncation and `fsync`.
    public static let standard = PersistenceIO()
}

extension PersistenceIO {
    /// Replaces the file at `url` with `contents`, durably: writes them (through ``write``) to a new file
    /// `<name>.tmp` beside it (created in place of whatever was there, never opened if it is a FIFO or a
    /// device), makes them durable (``synchronize``), moves that file over `url` and flushes the folder. A
    /// crash leaves the old file or the new one, never a torn one; once it returns, the new contents survive a
    /// crash of the machine. Creates the folder when needed.
    ///
    /// - Returns: a handle open for writing on the new file, at its end (the caller closes it or keeps
    ///   appending to it).
    /// - Throws: ``FramedLogError/Kind/unwritable`` naming `url` when any step fails; the old file is then
    ///   untouched.
    package func replaceFile(at url: URL, with contents: Data) throws(FramedLogError) -> FileHandle {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(url.lastPathComponent + ".tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: temporary)
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                throw FramedLogError(
                    .unwritable, path: url.path,
                    message: "Cannot create \(temporary.path): \(String(cString: strerror(errno))).")
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try write(handle, contents)
                try synchronize(handle)
            } catch {
                try? handle.close()
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? handle.close()
                throw FramedLogError(
                    .unwritable, path: url.path, message: "Cannot replace the file \(url.path): \(reason).")
            }
            Self.synchronizeDirectory(folder)
            return handle
        } catch let error as FramedLogError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FramedLogError(.unwritable, path: url.path, message: "Cannot write the file \(url.path): \(error)")
        }
    }

    /// Flushes `folder`'s entries (the rename that put a new file in place) to disk; best effort, as some file
    /// systems refuse `fsync` on a directory.
    private static func synchronizeDirectory(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}
