// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file the configuration names (`firebase.json`, a Remote Config template): only a regular file, never
/// larger than a limit, so that a FIFO or a device in its place never blocks the start.
enum EmulatorFile {
    /// The largest Remote Config template read (Firebase's limit is 1 MB of parameters; 4 MiB here).
    static let maximumTemplateSize = 4 << 20

    /// The bytes of the file at `url`, or nil when there is no file.
    ///
    /// - Throws: ``EmulatorStartError/invalidFile(path:problem:)`` when what is there is not a regular file, is
    ///   larger than `maximumSize` or cannot be read.
    static func contents(of url: URL, maximumSize: Int) throws(EmulatorStartError) -> Data? {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            return nil
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .invalidFile(path: url.path, problem: "not a regular file")
        }
        guard let size = attributes[.size] as? NSNumber, size.intValue <= maximumSize else {
            throw .invalidFile(path: url.path, problem: "over \(maximumSize) bytes")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .invalidFile(path: url.path, problem: "unreadable (\(error.localizedDescription))")
        }
    }

    /// Replaces the file at `url` with `data` durably: a new file beside it (never opened through whatever is at
    /// its name), flushed to disk (`fsync`), renamed over `url`. A crash leaves the old file or the new one.
    /// Creates the folder when needed.
    static func replace(_ url: URL, with data: Data) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
