// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a file that must be a regular file, with a size limit, without ever blocking on what is not one.
///
/// The file is opened non-blocking and its type checked on the open descriptor (no window between a check and the
/// open): a FIFO, a socket, a device or a directory at the path is refused at once instead of hanging the reader,
/// and a file larger than the limit is refused after reading at most one byte more than the limit. Shared by every
/// reader of a file the user or an earlier run left on disk (options files here, the products' saved files).
package enum RegularFile {
    /// Why a file could not be read.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Nothing exists at the path.
        case missing
        /// Something that is not a regular file (a directory, a FIFO, a socket, a device) is at the path.
        case notRegularFile
        /// The file holds more than the limit (the limit, in bytes).
        case tooLarge(limit: Int)
        /// The file could not be opened or read (no permission, an I/O error), with the system's reason.
        case unreadable(String)

        /// The reason, for an error message that names the file.
        package var description: String {
            switch self {
            case .missing: "there is no file"
            case .notRegularFile: "it is not a regular file"
            case .tooLarge(let limit): "it is larger than \(limit) bytes"
            case .unreadable(let reason): reason
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `maximumSize` of them. Without `followingSymbolicLinks`, a
    /// symbolic link at `path` (its last component) is not followed but refused as ``Failure/notRegularFile``, so a
    /// link planted where a file belongs cannot make the reader read a file elsewhere.
    ///
    /// - Throws: ``Failure/missing`` when nothing is at `path`, ``Failure/notRegularFile`` when what is there is
    ///   not a regular file, ``Failure/tooLarge(limit:)`` past `maximumSize` bytes, ``Failure/unreadable(_:)``
    ///   when it cannot be opened or read.
    package static func contents(
        atPath path: String, maximumSize: Int, followingSymbolicLinks: Bool = true
    ) throws(Failure) -> Data {
        let (descriptor, size) = try openDescriptor(atPath: path, followingSymbolicLinks: followingSymbolicLinks)
        defer { close(descriptor) }
        if size > maximumSize { throw .tooLarge(limit: maximumSize) }
        // The size may change while reading: read to the end, but never more than one byte past the limit.
        let ceiling = maximumSize < Int.max ? maximumSize + 1 : Int.max
        var data = Data(count: min(ceiling, size + 1))
        var filled = 0
        while true {
            if filled == data.count {
                guard data.count < ceiling else { break }
                data.count = data.count > ceiling / 2 ? ceiling : data.count * 2
            }
            let count = data.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            filled += count
        }
        guard filled <= maximumSize else { throw .tooLarge(limit: maximumSize) }
        data.count = filled
        return data
    }

    /// A handle reading the regular file at `path` (opened after the same checks as
    /// ``contents(atPath:maximumSize:)``, then switched back to blocking reads), for a reader that reads parts of
    /// the file (a range of a stored object) rather than all of it. The handle closes the file when released.
    /// Without `followingSymbolicLinks`, a symbolic link at `path` is refused as ``Failure/notRegularFile``.
    ///
    /// - Throws: ``Failure/missing`` when nothing is at `path`, ``Failure/notRegularFile`` when what is there is
    ///   not a regular file, ``Failure/unreadable(_:)`` when it cannot be opened.
    package static func handle(
        readingAtPath path: String, followingSymbolicLinks: Bool = true
    ) throws(Failure) -> FileHandle {
        let (descriptor, _) = try openDescriptor(atPath: path, followingSymbolicLinks: followingSymbolicLinks)
        return try blockingHandle(descriptor)
    }

    /// A handle appending to the regular file at `path`, never following a symbolic link there (a link planted
    /// where a file belongs is refused as ``Failure/notRegularFile``, so a writer cannot be made to write a file
    /// elsewhere) and never blocking on what is not a regular file. With `creating`, the file must not exist yet
    /// and is created with mode 0600; without it, it must exist. The handle closes the file when released.
    ///
    /// - Throws: ``Failure/missing`` when nothing is at `path` (without `creating`), ``Failure/notRegularFile``
    ///   when what is there is not a regular file, ``Failure/unreadable(_:)`` when it cannot be opened (with
    ///   `creating`, also when something is already at `path`).
    package static func handle(appendingAtPath path: String, creating: Bool) throws(Failure) -> FileHandle {
        let (descriptor, _) = try openDescriptor(
            atPath: path, flags: O_WRONLY | O_APPEND | (creating ? O_CREAT | O_EXCL : 0),
            followingSymbolicLinks: false)
        return try blockingHandle(descriptor)
    }

    /// A handle on `descriptor`, switched back to blocking I/O, which closes it when released; the descriptor is
    /// closed when switching fails.
    private static func blockingHandle(_ descriptor: Int32) throws(Failure) -> FileHandle {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(reason)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// A descriptor open with `flags` (read-only by default) on the regular file at `path`, non-blocking, and the
    /// file's size; the caller closes it. A new file is created with mode 0600.
    private static func openDescriptor(
        atPath path: String, flags: Int32 = O_RDONLY, followingSymbolicLinks: Bool
    ) throws(Failure) -> (descriptor: Int32, size: Int) {
        let descriptor = open(
            path, flags | O_NONBLOCK | O_CLOEXEC | (followingSymbolicLinks ? 0 : O_NOFOLLOW), mode_t(0o600))
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing }
            // Opening a FIFO for reading never blocks with O_NONBLOCK, and for writing without a reader fails with
            // ENXIO, as a socket at the path does; a symbolic link with O_NOFOLLOW fails with ELOOP.
            if code == ENXIO || code == EISDIR || (!followingSymbolicLinks && code == ELOOP) { throw .notRegularFile }
            throw .unreadable(String(cString: strerror(code)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile
        }
        return (descriptor, Int(status.st_size))
    }
}
