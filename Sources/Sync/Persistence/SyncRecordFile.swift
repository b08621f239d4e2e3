// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The sync engines' use of FlintProductSupport's `FramedLogFile` (the record format every product that
/// persists shares): its failures as ``SyncError``s, reading a file that may not exist, and setting a damaged
/// file aside.
enum SyncRecordFile {
    /// `FramedLogFile.create(url:magic:snapshot:io:)`; a failure is ``SyncError/persistenceFailed(path:reason:)``.
    static func create(url: URL, magic: Data, snapshot: Data, io: SyncFileIO) throws(SyncError) -> FramedLogFile {
        do {
            return try FramedLogFile.create(url: url, magic: magic, snapshot: snapshot, io: io)
        } catch {
            throw SyncError(error)
        }
    }

    /// `FramedLogFile.append(_:)`; a failure is ``SyncError/persistenceFailed(path:reason:)``.
    static func append(_ payload: Data, to file: FramedLogFile) throws(SyncError) {
        do {
            try file.append(payload)
        } catch {
            throw SyncError(error)
        }
    }

    /// The payloads of the file at `url`, or nil when there is no file.
    /// - Throws: ``SyncError/corruptFile(path:reason:movedTo:)`` for an unreadable or damaged file.
    static func read(url: URL, magic: Data) throws(SyncError) -> [Data]? {
        do {
            return try FramedLogFile.readRecords(at: url, magic: magic)
        } catch {
            throw SyncError(error)
        }
    }

    /// Moves a damaged file aside (`<name>.corrupt`, replacing an older one) and returns the error saying so.
    static func setAside(_ error: SyncError, url: URL) -> SyncError {
        guard case .corruptFile(let path, let reason, _) = error else { return error }
        let aside = url.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
        return .corruptFile(path: path, reason: reason, movedTo: moved ? aside.path : nil)
    }
}

extension SyncError {
    /// A `FramedLogFile` failure: damage and a file that cannot be read are
    /// ``corruptFile(path:reason:movedTo:)`` (the latter's reason starting `unreadable: `), a write failure
    /// ``persistenceFailed(path:reason:)``.
    init(_ error: FramedLogError) {
        switch error.kind {
        case .damaged: self = .corruptFile(path: error.path, reason: error.reason, movedTo: nil)
        case .unreadable: self = .corruptFile(path: error.path, reason: "unreadable: \(error.reason)", movedTo: nil)
        case .unwritable: self = .persistenceFailed(path: error.path, reason: error.reason)
        }
    }
}
