import Foundation

/// How the file persistence writes to its open files: the seam through which tests inject failures (a full
/// disk, a write that stops half way, a failed `fsync`). ``standard`` writes to the handle.
///
/// The closures run while the persistence holds its file's lock (as FlintFirestore's `PersistenceIO` does):
/// they must only do I/O (or throw), never call back into the persistence or an engine.
public struct SyncFileIO: Sendable {
    /// Writes `data` at the handle's offset; on failure it may have written any prefix of it.
    public var write: @Sendable (FileHandle, Data) throws -> Void
    /// Makes what was written durable (`fsync`).
    public var synchronize: @Sendable (FileHandle) throws -> Void
    /// Cuts the file to a length and moves the offset there.
    public var truncate: @Sendable (FileHandle, UInt64) throws -> Void

    /// Custom behaviour (tests).
    public init(write: @escaping @Sendable (FileHandle, Data) throws -> Void,
                synchronize: @escaping @Sendable (FileHandle) throws -> Void = { try $0.synchronize() },
                truncate: @escaping @Sendable (FileHandle, UInt64) throws -> Void = { handle, length in
                    try handle.truncate(atOffset: length)
                    try handle.seek(toOffset: length)
                }) {
        self.write = write
        self.synchronize = synchronize
        self.truncate = truncate
    }

    /// Plain writes and `fsync`.
    public static let standard = SyncFileIO(write: { handle, data in try handle.write(contentsOf: data) })
}
