// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Reading a file a product saved earlier (a session, an installation, a config, a record log) that may not
/// exist, with its size limit checked while reading: a file larger than the limit is refused after reading one
/// byte more than the limit, never read into memory whole.
package enum SavedFile {
    /// Why a saved file could not be read.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file exists but could not be opened or read (a directory at its path, no permission, an I/O
        /// error), with the underlying error's description.
        case unreadable(String)
        /// The file holds more than the limit (the limit, in bytes).
        case tooLarge(limit: Int)

        /// The reason, for an error message that names the file.
        package var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .tooLarge(let limit): "it is larger than \(limit) bytes"
            }
        }
    }

    /// The bytes of the file at `url`, or nil when there is no file.
    ///
    /// - Throws: ``Failure/unreadable(_:)`` when it exists but cannot be read, ``Failure/tooLarge(limit:)`` when it
    ///   holds more than `maximumSize` bytes.
    package static func contents(of url: URL, maximumSize: Int = .max) throws(Failure) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let read = maximumSize == .max ? try handle.readToEnd() : try handle.read(upToCount: maximumSize + 1)
            let data = read ?? Data()
            guard data.count <= maximumSize else { throw Failure.tooLarge(limit: maximumSize) }
            return data
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unreadable("\(error)")
        }
    }
}
