// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The disk cache of one ``Database`` instance (``Database/isPersistenceEnabled``): the server's data at the
/// locations its listeners received, and its pending (unacknowledged) writes, so that a later instance for the
/// same app and database URL serves that data while offline and still sends the writes.
///
/// A ``FramedLogFile`` with the magic `FLINTDC1` at `<directory>/<app>/<database URL>.flintdbcache`, both
/// components made safe by FlintProductSupport's `AppFileName` (no name leaves `directory`). Its payloads are
/// JSON records: a snapshot written when the file is opened, `{"version": 1, "data": [[path, value, seq], …],
/// "writes": [{"id": n, "s": sets, "w": wire sets}]}`, then appended `{"data": […]}` (the server's value at
/// listened locations), `{"write": {…}}` (a new pending write) and `{"done": id}` (a write acknowledged or
/// refused).
///
/// A write is appended (and synchronized) *before* it applies locally: when that fails the write fails and
/// nothing changes, so a write the app was told about is never lost silently. A torn final append is dropped;
/// any other damage is ``DatabaseErrorCode/dataLoss`` (the instance then fails its operations with it) and the
/// file is left untouched. Failing to append received data or a `done` is not reported: the cache then holds
/// older data, or a later instance sends the write again (a set of the same values).
///
/// Not thread-safe: the engine appends under its lock.
final class DatabaseClientCache {
    /// The file's magic.
    static let magic = Data("FLINTDC1".utf8)

    /// What the file held.
    struct Contents {
        /// The cached server data: every location's value folded into one tree.
        var data: DatabaseNode
        /// The pending writes, oldest first.
        var writes: [DatabaseBackendWrite]
    }

    private let file: FramedLogFile
    /// The sequence number of the next data record.
    private var sequence: Int

    private init(file: FramedLogFile, sequence: Int) {
        self.file = file
        self.sequence = sequence
    }

    /// Where the cache of `appName`'s database at `databaseURL` lives under `directory`.
    static func url(directory: URL, appName: String, databaseURL: String) -> URL {
        directory.appendingPathComponent(AppFileName.make(appName: appName, suffix: ""), isDirectory: true)
            .appendingPathComponent(AppFileName.make(appName: databaseURL, suffix: ".flintdbcache"))
    }

    /// Opens (creating if needed) the cache at `url`, compacted into one snapshot record. When the cached data,
    /// encoded, passes `sizeBytes`, the locations received longest ago are dropped until it fits (pending writes
    /// are always kept).
    /// - Throws: ``DatabaseErrorCode/dataLoss`` for a damaged file (left untouched),
    ///   ``DatabaseErrorCode/unavailable`` for one that cannot be read or written.
    static func open(url: URL, io: PersistenceIO, sizeBytes: Int) throws(DatabaseError)
        -> (DatabaseClientCache, Contents)
    {
        var entries: [DatabasePath: (node: DatabaseNode, sequence: Int)] = [:]
        var writes: [Int: DatabaseBackendWrite] = [:]
        var sequence = 0
        func add(_ value: Any?, index: Int) throws(DatabaseError) {
            guard let rows = value as? [Any] else { throw DatabaseRecordFile.corrupt(url, index: index, "bad data") }
            for row in rows {
                guard let row = row as? [Any], row.count == 3, let order = row[2] as? Int else {
                    throw DatabaseRecordFile.corrupt(url, index: index, "bad data")
                }
                let set = try DatabaseRecordFile.sets([Array(row.prefix(2))], url: url, index: index)[0]
                // A location's value replaces what was cached below it.
                for path in entries.keys where set.path.contains(path) { entries[path] = nil }
                entries[set.path] = (set.node, order)
                sequence = max(sequence, order + 1)
            }
        }
        func enqueue(_ value: Any?, index: Int) throws(DatabaseError) {
            guard let write = value as? [String: Any], let id = write["id"] as? Int else {
                throw DatabaseRecordFile.corrupt(url, index: index, "bad write")
            }
            let sets = try DatabaseRecordFile.sets(write["s"], url: url, index: index)
            let wire = try write["w"].map { (wire) throws(DatabaseError) in
                try DatabaseRecordFile.sets(wire, url: url, index: index)
            }
            writes[id] = DatabaseBackendWrite(sets: sets, wire: wire)
        }
        for (index, payload) in (try DatabaseRecordFile.read(url: url, magic: magic) ?? []).enumerated() {
            let record = try DatabaseRecordFile.object(payload, url: url, index: index)
            if index == 0 {
                guard record["version"] as? Int == 1 else {
                    throw DatabaseRecordFile.corrupt(url, index: index, "it is not a version 1 snapshot")
                }
                try add(record["data"], index: index)
                for write in record["writes"] as? [Any] ?? [] { try enqueue(write, index: index) }
            } else if let data = record["data"] {
                try add(data, index: index)
            } else if let write = record["write"] {
                try enqueue(write, index: index)
            } else if let id = record["done"] as? Int {
                writes[id] = nil
            } else {
                throw DatabaseRecordFile.corrupt(url, index: index, "an unknown record")
            }
        }
        var oldestFirst = entries.sorted { $0.value.sequence < $1.value.sequence }
        var total = oldestFirst.reduce(0) { $0 + size(of: $1.value.node) }
        while total > sizeBytes, let oldest = oldestFirst.first {
            total -= size(of: oldest.value.node)
            oldestFirst.removeFirst()
        }
        let ordered = writes.sorted { $0.key < $1.key }.map(\.value)
        let snapshot: [String: Any] = [
            "version": 1,
            "data": oldestFirst.enumerated().map { index, entry in
                [entry.key.description, entry.value.node.exportValue ?? NSNull(), index] as [Any]
            },
            "writes": ordered.enumerated().map { index, write in encode(write, id: index + 1) },
        ]
        let file = try DatabaseRecordFile.create(url: url, magic: magic, snapshot: snapshot, io: io)
        let data = oldestFirst.reduce(DatabaseNode.null) { $0.setting($1.value.node, at: $1.key.keys) }
        return (DatabaseClientCache(file: file, sequence: oldestFirst.count), Contents(data: data, writes: ordered))
    }

    /// The encoded size of `node`, as the cache limit counts it.
    private static func size(of node: DatabaseNode) -> Int {
        guard let value = node.exportValue, JSONSerialization.isValidJSONObject([value]) else { return 8 }
        return (try? JSONSerialization.data(withJSONObject: [value]))?.count ?? 0
    }

    private static func encode(_ write: DatabaseBackendWrite, id: Int) -> [String: Any] {
        var record: [String: Any] = ["id": id, "s": DatabaseRecordFile.encode(write.sets)]
        if let wire = write.wire { record["w"] = DatabaseRecordFile.encode(wire) }
        return record
    }

    // MARK: Appending

    /// Records pending write `id` (the snapshot numbers the pending writes 1, 2, … in order).
    /// - Throws: ``DatabaseErrorCode/unavailable``: the write must then fail.
    func recordWrite(_ write: DatabaseBackendWrite, id: Int) throws(DatabaseError) {
        try DatabaseRecordFile.append(["write": Self.encode(write, id: id)], to: file)
    }

    /// Records that pending write `id` was acknowledged or refused; a failure is not reported (see the type).
    func recordDone(_ id: Int) {
        try? DatabaseRecordFile.append(["done": id], to: file)
    }

    /// Records the server's values at listened locations; a failure is not reported (see the type).
    func recordData(_ locations: [(path: DatabasePath, node: DatabaseNode)]) {
        guard !locations.isEmpty else { return }
        let rows = locations.map { location -> [Any] in
            defer { sequence += 1 }
            return [location.path.description, location.node.exportValue ?? NSNull(), sequence]
        }
        try? DatabaseRecordFile.append(["data": rows], to: file)
    }
}
