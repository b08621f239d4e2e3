// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The Realtime Database's use of FlintProductSupport's ``FramedLogFile`` (the record format every product that
/// persists shares), for the embedded backend's files (``DatabasePersistence``) and the client's disk cache
/// (``DatabaseClientCache``): reading a file that may not exist, its failures as ``DatabaseError``s, and the JSON
/// of the records' values and writes.
///
/// Damage (``FramedLogError/Kind/damaged``) and a record that does not decode are
/// ``DatabaseErrorCode/dataLoss`` naming the file; a file that cannot be read, created or appended to is
/// ``DatabaseErrorCode/unavailable``.
enum DatabaseRecordFile {
    /// The payloads of the file at `url` without a torn final append, or nil when there is no file.
    /// - Throws: ``DatabaseErrorCode/dataLoss`` for a damaged file, ``DatabaseErrorCode/unavailable`` for one
    ///   that cannot be read.
    static func read(url: URL, magic: Data) throws(DatabaseError) -> [Data]? {
        do {
            return try FramedLogFile.readRecords(at: url, magic: magic)
        } catch {
            throw DatabaseError(error)
        }
    }

    /// ``FramedLogFile/create(url:magic:snapshot:io:)`` with `snapshot` as JSON.
    /// - Throws: ``DatabaseErrorCode/unavailable`` when it cannot be written (the old file is then untouched).
    static func create(url: URL, magic: Data, snapshot: Any, io: PersistenceIO) throws(DatabaseError)
        -> FramedLogFile
    {
        do {
            return try FramedLogFile.create(url: url, magic: magic, snapshot: try encode(snapshot, url: url), io: io)
        } catch {
            throw DatabaseError(error)
        }
    }

    /// ``FramedLogFile/append(_:)`` of `record` as JSON: durable once it returns.
    /// - Throws: ``DatabaseErrorCode/unavailable``: it was not stored.
    static func append(_ record: Any, to file: FramedLogFile) throws(DatabaseError) {
        do {
            try file.append(try encode(record, url: file.url))
        } catch {
            throw DatabaseError(error)
        }
    }

    /// Rewrites `file` as one snapshot (``create(url:magic:snapshot:io:)`` at its URL): the new file; `file`
    /// itself when that failed before replacing it (nothing is lost, try again later); nil when it failed after
    /// (the new file holds everything, but appending to `file` would lose the records: later appends must fail).
    static func compact(_ file: FramedLogFile, magic: Data, snapshot: Any, io: PersistenceIO) -> FramedLogFile? {
        let before = fileNumber(file.url)
        do {
            return try create(url: file.url, magic: magic, snapshot: snapshot, io: io)
        } catch {
            return fileNumber(file.url) == before ? file : nil
        }
    }

    /// The file number (inode) of the file at `url`, nil when there is none.
    private static func fileNumber(_ url: URL) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.systemFileNumber].flatMap {
            ($0 as? NSNumber)?.uint64Value ?? ($0 as? UInt64)
        }
    }

    private static func encode(_ object: Any, url: URL) throws(FramedLogError) -> Data {
        do {
            guard JSONSerialization.isValidJSONObject(object) else { throw CocoaError(.coderInvalidValue) }
            return try JSONSerialization.data(withJSONObject: object)
        } catch {
            throw FramedLogError(.unwritable, path: url.path, message: "Cannot encode a record for \(url.path).")
        }
    }

    // MARK: Decoding

    /// The JSON object of record `index` of the file at `url`.
    /// - Throws: ``DatabaseErrorCode/dataLoss`` when it does not parse or is not an object.
    static func object(_ payload: Data, url: URL, index: Int) throws(DatabaseError) -> [String: Any] {
        let parsed: Any?
        do {
            parsed = try DatabaseJSON.jsonObject(from: payload)
        } catch {
            throw corrupt(url, index: index, error.message)
        }
        guard let object = parsed as? [String: Any] else { throw corrupt(url, index: index, "it is not an object") }
        return object
    }

    /// The node a record holds (its export format; server values kept as placeholders, as pending writes hold
    /// them).
    /// - Throws: ``DatabaseErrorCode/dataLoss`` for a value the database cannot hold.
    static func node(_ value: Any?, url: URL, index: Int) throws(DatabaseError) -> DatabaseNode {
        do {
            return try WireServerValues.$keep.withValue(true) { () throws(DatabaseValueError) in
                try DatabaseNode(parsing: value is NSNull ? nil : value, now: 0)
            }
        } catch {
            throw corrupt(url, index: index, "it holds a value the database cannot: \(error)")
        }
    }

    /// The sets of a write, as stored by ``encode(_:)``.
    /// - Throws: ``DatabaseErrorCode/dataLoss`` for anything else.
    static func sets(_ value: Any?, url: URL, index: Int) throws(DatabaseError)
        -> [(path: DatabasePath, node: DatabaseNode)]
    {
        guard let pairs = value as? [Any] else { throw corrupt(url, index: index, "a write has no sets") }
        var sets: [(path: DatabasePath, node: DatabaseNode)] = []
        for pair in pairs {
            guard let pair = pair as? [Any], pair.count == 2, let path = pair[0] as? String,
                let location = path == "/" ? .root : try? DatabasePath(validatingWritePath: path)
            else {
                throw corrupt(url, index: index, "a write's path is malformed")
            }
            sets.append((location, try node(pair[1], url: url, index: index)))
        }
        return sets
    }

    /// `sets` as JSON: `[[path, value in export format], …]`.
    static func encode(_ sets: [(path: DatabasePath, node: DatabaseNode)]) -> [Any] {
        sets.map { [$0.path.description, $0.node.exportValue ?? NSNull()] }
    }

    /// ``DatabaseErrorCode/dataLoss`` for record `index` of the file at `url`.
    static func corrupt(_ url: URL, index: Int, _ problem: String) -> DatabaseError {
        DatabaseError(
            .dataLoss, "The database file \(url.path) is corrupt (record \(index)): \(problem). It was left untouched.")
    }
}

extension DatabaseError {
    /// A damaged file is ``DatabaseErrorCode/dataLoss``; one that cannot be read or written is
    /// ``DatabaseErrorCode/unavailable``; each with the file's message.
    init(_ error: FramedLogError) {
        switch error.kind {
        case .damaged: self.init(.dataLoss, error.message)
        case .unwritable, .unreadable: self.init(.unavailable, error.message)
        }
    }
}
