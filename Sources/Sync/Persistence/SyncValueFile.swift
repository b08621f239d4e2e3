// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// One `Codable` value kept in a ``SyncRecordFile`` of a single snapshot record, rewritten whole (atomically)
/// on every save: the document, its ID and the pending-writes queue.
struct SyncValueFile<Value: Codable>: Sendable {
    static var magic: Data { Data("FLSYNCV1".utf8) }
    let url: URL
    let io: SyncFileIO

    /// The stored value, nil when there is no file. A damaged file is set aside and reported.
    func load() throws(SyncError) -> Value? {
        do throws(SyncError) {
            guard let records = try SyncRecordFile.read(url: url, magic: Self.magic) else { return nil }
            guard records.count == 1 else {
                throw SyncError.corruptFile(path: url.path, reason: "unexpected records after the value", movedTo: nil)
            }
            do {
                return try JSONDecoder().decode(Value.self, from: records[0])
            } catch {
                throw SyncError.corruptFile(path: url.path, reason: "undecodable: \(error)", movedTo: nil)
            }
        } catch {
            throw SyncRecordFile.setAside(error, url: url)
        }
    }

    /// Stores `value` (nil removes the file).
    func save(_ value: Value?) throws(SyncError) {
        guard let value else {
            do {
                if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            } catch {
                throw SyncError.persistenceFailed(path: url.path, reason: "\(error)")
            }
            return
        }
        let payload: Data
        do {
            payload = try JSONEncoder().encode(value)
        } catch {
            throw SyncError.persistenceFailed(path: url.path, reason: "unencodable: \(error)")
        }
        _ = try SyncRecordFile.create(url: url, magic: Self.magic, snapshot: payload, io: io)
    }
}
