// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// Where a persistent ``LocalDatabaseBackend`` keeps its databases: one ``FramedLogFile`` (the record format
/// shared by every product that persists) named `database.flintdb`, with the magic `FLINTDB1`. Its first record
/// is a snapshot, `{"version": 1, "databases": {url: value}}`; each later record is one write made since,
/// `{"d": url, "s": [[path, value], …]}` (values in the export format, priorities under `.priority`).
///
/// - A write is appended and synchronized to the disk (`fsync`) **before** it is applied and acknowledged;
///   when that fails the write fails with ``DatabaseErrorCode/unavailable`` and nothing changed, so an
///   acknowledged write is never lost. The file is cut back to its last whole record after a failed append
///   (``FramedLogFile``), so the bytes of a failed write never spoil the next.
/// - Opening the file, and every ``compactionThreshold`` writes, rewrites it as one snapshot (a temporary file,
///   synchronized and renamed over the old one). A compaction that fails keeps the old file and its records,
///   to try again after the next writes.
/// - Loading replays the records on the snapshot. A final record cut short is a write whose append never
///   returned (so never acknowledged): it is dropped. Any other damage (a checksum that does not match, a
///   wrong magic, a truncated snapshot, a record that does not decode or holds a value the database cannot) is
///   ``DatabaseErrorCode/dataLoss`` naming the file, and the file is left untouched.
final class DatabasePersistence: Sendable {
    /// The file's magic.
    static let magic = Data("FLINTDB1".utf8)
    /// The file's name in the directory.
    static let fileName = "database.flintdb"

    /// The number of records appended after which the file is compacted.
    let compactionThreshold: Int
    /// The file.
    let url: URL
    private let io: PersistenceIO
    /// The open file (nil until ``load()``, or after a compaction that replaced it but could not open the new
    /// one) and the number of records appended since its snapshot.
    private let log = Locked<(file: FramedLogFile?, records: Int)>((nil, 0))

    /// Persistence in `directory` (created if needed), writing through `io` (tests inject failures).
    /// - Throws: ``DatabaseErrorCode/unavailable`` when the directory cannot be created.
    init(directory: URL, io: PersistenceIO = .standard, compactionThreshold: Int = 1_000) throws(DatabaseError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError(
                .unavailable, "Could not create the database directory \(directory.path): \(error.localizedDescription)"
            )
        }
        url = directory.appendingPathComponent(Self.fileName)
        self.io = io
        self.compactionThreshold = max(1, compactionThreshold)
    }

    /// Every database's value: the snapshot with the later records replayed. Then opens the file for
    /// appending, compacted into one snapshot.
    /// - Throws: ``DatabaseErrorCode/dataLoss`` for a damaged file, ``DatabaseErrorCode/unavailable``
    ///   when it cannot be read or rewritten.
    func load() throws(DatabaseError) -> [String: DatabaseNode] {
        var roots: [String: DatabaseNode] = [:]
        for (index, payload) in (try DatabaseRecordFile.read(url: url, magic: Self.magic) ?? []).enumerated() {
            let record = try DatabaseRecordFile.object(payload, url: url, index: index)
            if index == 0 {
                guard record["version"] as? Int == 1, let databases = record["databases"] as? [String: Any] else {
                    throw DatabaseRecordFile.corrupt(url, index: index, "it is not a version 1 snapshot")
                }
                for (database, value) in databases {
                    roots[database] = try DatabaseRecordFile.node(value, url: url, index: index)
                }
                continue
            }
            guard let database = record["d"] as? String else {
                throw DatabaseRecordFile.corrupt(url, index: index, "it is not a write")
            }
            let sets = try DatabaseRecordFile.sets(record["s"], url: url, index: index)
            roots[database] = sets.reduce(roots[database] ?? .null) { $0.setting($1.node, at: $1.path.keys) }
        }
        let file = try DatabaseRecordFile.create(url: url, magic: Self.magic, snapshot: Self.snapshot(roots), io: io)
        log.withLock { $0 = (file, 0) }
        return roots
    }

    /// Appends the write of `sets` to `database` and synchronizes it.
    /// - Throws: ``DatabaseErrorCode/unavailable``: the write was not stored (and must not be applied).
    func record(_ sets: [(path: DatabasePath, node: DatabaseNode)], database: String) throws(DatabaseError) {
        try log.withLock { (log) throws(DatabaseError) in
            guard let file = log.file else {
                throw DatabaseError(
                    .unavailable, "The database file \(url.path) is not open (a compaction replaced it, then failed).")
            }
            try DatabaseRecordFile.append(["d": database, "s": DatabaseRecordFile.encode(sets)], to: file)
            log.records += 1
        }
    }

    /// Rewrites the file as one snapshot of `roots` once ``compactionThreshold`` records were appended since the
    /// last. A failure keeps the old file (nothing is lost) unless it was already replaced, when later writes
    /// fail instead; returns whether it compacted.
    @discardableResult
    func compactIfNeeded(_ roots: [String: DatabaseNode]) -> Bool {
        log.withLock { log in
            guard let file = log.file, log.records >= compactionThreshold else { return false }
            let compacted = DatabaseRecordFile.compact(file, magic: Self.magic, snapshot: Self.snapshot(roots), io: io)
            log.file = compacted
            guard let compacted, compacted !== file else { return false }
            log.records = 0
            return true
        }
    }

    private static func snapshot(_ roots: [String: DatabaseNode]) -> [String: Any] {
        ["version": 1, "databases": roots.mapValues { $0.exportValue ?? NSNull() }]
    }
}
