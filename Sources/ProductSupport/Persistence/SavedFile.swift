// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Reading a file a product saved earlier (a session, an installation, a config, a record log) that may not
/// exist, through FlintCore's `RegularFile`: what is at the path must be a regular file — a FIFO, a socket, a
/// device or a directory is refused at once (``Failure/notRegularFile``), never waited on — and its size limit
/// is checked while reading: a file larger than the limit is refused after reading one byte more than the
/// limit, never read into memory whole.
package enum SavedFile {
    /// Why a saved file could not be read: `RegularFile`'s reasons (``contents(of:maximumSize:)`` answers nil
    /// instead of `missing`).
    package typealias Failure = RegularFile.Failure

    /// The bytes of the file at `url`, or nil when there is no file.
    ///
    /// - Throws: ``Failure/notRegularFile`` when what is at `url` is not a regular file,
    ///   ``Failure/unreadable(_:)`` when it exists but cannot be read, ``Failure/tooLarge(limit:)`` when it holds
    ///   more than `maximumSize` bytes.
    package static func contents(of url: URL, maximumSize: Int = .max) throws(Failure) -> Data? {
        do throws(Failure) {
            return try RegularFile.contents(atPath: url.path, maximumSize: maximumSize)
        } catch .missing {
            return nil
        }
    }
}
