// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

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
}
