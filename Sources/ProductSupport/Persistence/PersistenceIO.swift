// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

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
