import Foundation

/// How a ``FramedLogFile`` (of a ``PersistenceLog`` or a ``ClientCacheFile``) writes to its open file: the seam through which tests inject failures (a full
/// disk, a write that stops half way). The default writes to the handle.
struct PersistenceIO: Sendable {
    /// Writes `data` at the handle's current offset; on failure it may have written any prefix of it.
    var write: @Sendable (FileHandle, Data) throws -> Void
    /// Cuts the file to `length` bytes and moves the handle's offset there.
    var truncate: @Sendable (FileHandle, UInt64) throws -> Void
    /// Makes what was written durable (`fsync`): an append is acknowledged only after it returns, so an
    /// acknowledged write survives a crash of the machine, not only of the process.
    var synchronize: @Sendable (FileHandle) throws -> Void = { handle in try handle.synchronize() }

    static let standard = PersistenceIO(
        write: { handle, data in try handle.write(contentsOf: data) },
        truncate: { handle, length in
            try handle.truncate(atOffset: length)
            try handle.seek(toOffset: length)
        })
}
