// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The disk cache of one ``Database`` instance (``Database/isPersistenceEnabled``): the server's data at the
/// locations its listeners received, and its pending (unacknowledged) writes, so that a later instance for the
/// same app and database URL serves that data while offline and still sends the writes.
///
/// A ``FramedLogFile`` with the magic `FLINTDC1` at `<directory>/<app>/<database URL>.flintdbcache`, both
/// components made safe by FlintProductSupport's `AppFileName` (no name leaves `directory`). Its payloads are
/// JSON records: a snapshot, `{"version": 1, "data": [[path, value, seq], …], "writes": [{"id": n, "s": sets,
/// "w": wire sets}]}`, then appended `{"data": […]}` (the server's values at or inside listened locations; a
/// value replaces what was cached at and below its path), `{"write": {…}}` (a new pending write) and
/// `{"done": id}` (a write acknowledged or refused). The file is rewritten as one snapshot when it is opened
/// and every ``compactionThreshold`` appended records (to a temporary file, renamed over it).
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
        /// The cached values by location: a location's value is newer than those cached above it.
        var entries: [DatabasePath: DatabaseNode]
        /// The cached server data: every location's value folded into one tree.
        var data: DatabaseNode
        /// The pending writes, oldest first.
        var writes: [DatabaseBackendWrite]
    }

    /// The number of records appended after which the file is compacted.
    let compactionThreshold: Int

    /// The file; nil after a compaction that replaced it but could not open the new one (appends then fail).
    private var file: FramedLogFile?
    private let url: URL
    private let io: PersistenceIO
    private let sizeBytes: Int
    /// The cached values, by location, with the sequence number of the record that brought each.
    private var entries: DatabaseCacheEntries
    /// The pending writes, by ID.
    private var writes: [Int: DatabaseBackendWrite]
    /// The sequence number of the next data record.
    private var sequence: Int
    /// The records appended since the last snapshot.
    private var appended = 0

    private init(
        file: FramedLogFile, url: URL, io: PersistenceIO, sizeBytes: Int, compactionThreshold: Int,
        entries: DatabaseCacheEntries, writes: [Int: DatabaseBackendWrite]
    ) {
        self.file = file
        self.compactionThreshold = max(1, compactionThreshold)
        self.url = url
        self.io = io
        self.sizeBytes = sizeBytes
        self.entries = entries
        self.writes = writes
        sequence = entries.nextSequence
    }

    /// Where the cache of `appName`'s database at `databaseURL` lives under `directory`.
    static func url(directory: URL, appName: String, databaseURL: String) -> URL {
        directory.appendingPathComponent(AppFileName.make(appName: appName, suffix: ""), isDirectory: true)
            .appendingPathComponent(AppFileName.make(appName: databaseURL, suffix: ".flintdbcache"))
    }

    /// Opens (creating if needed) the cache at `url`, compacted into one snapshot record (the pending writes
    /// numbered 1, 2, … in order). When the cached data, encoded, passes `sizeBytes`, the locations received
    /// longest ago are dropped until it fits (pending writes are always kept).
    /// - Throws: ``DatabaseErrorCode/dataLoss`` for a damaged file (left untouched),
    ///   ``DatabaseErrorCode/unavailable`` for one that cannot be read or written.
    static func open(url: URL, io: PersistenceIO, sizeBytes: Int, compactionThreshold: Int = 1_000)
        throws(DatabaseError) -> (DatabaseClientCache, Contents)
    {
        var entries = DatabaseCacheEntries()
        var writes: [Int: DatabaseBackendWrite] = [:]
        func add(_ value: Any?, index: Int) throws(DatabaseError) {
            guard let rows = value as? [Any] else { throw DatabaseRecordFile.corrupt(url, index: index, "bad data") }
            for row in rows {
                guard let row = row as? [Any], row.count == 3, let order = row[2] as? Int else {
                    throw DatabaseRecordFile.corrupt(url, index: index, "bad data")
                }
                let set = try DatabaseRecordFile.sets([Array(row.prefix(2))], url: url, index: index)[0]
                entries.store(set.node, sequence: order, at: set.path)
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
        let ordered = writes.sorted { $0.key < $1.key }.map(\.value)
        let numbered = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.offset + 1, $0.element) })
        evict(&entries, sizeBytes: sizeBytes)
        let file = try DatabaseRecordFile.create(
            url: url, magic: magic, snapshot: snapshot(entries, numbered), io: io)
        let cache = DatabaseClientCache(
            file: file, url: url, io: io, sizeBytes: sizeBytes, compactionThreshold: compactionThreshold,
            entries: entries, writes: numbered)
        let byAge = entries.byAge
        let contents = Contents(
            entries: Dictionary(uniqueKeysWithValues: byAge.map { ($0.path, $0.node) }), data: data(byAge),
            writes: ordered)
        return (cache, contents)
    }

    /// The cached values `byAge` (oldest first) folded into one tree.
    private static func data(_ byAge: [DatabaseCacheEntries.Entry]) -> DatabaseNode {
        byAge.reduce(DatabaseNode.null) { $0.setting($1.node, at: $1.path.keys) }
    }

    /// Drops the entries received longest ago (and those below them) until the rest, encoded, take at most
    /// `sizeBytes`.
    private static func evict(_ entries: inout DatabaseCacheEntries, sizeBytes: Int) {
        let byAge = entries.byAge
        var total = byAge.reduce(0) { $0 + size(of: $1.node) }
        for entry in byAge where total > sizeBytes {
            for removed in entries.removeAll(at: entry.path) { total -= size(of: removed.node) }
        }
    }

    /// The snapshot record of `entries` and `writes`.
    private static func snapshot(_ entries: DatabaseCacheEntries, _ writes: [Int: DatabaseBackendWrite])
        -> [String: Any]
    {
        [
            "version": 1,
            "data": entries.byAge.map { entry in
                [entry.path.description, entry.node.exportValue ?? NSNull(), entry.sequence] as [Any]
            },
            "writes": writes.sorted { $0.key < $1.key }.map { encode($0.value, id: $0.key) },
        ]
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

    /// Records pending write `id`.
    /// - Throws: ``DatabaseErrorCode/unavailable``: the write must then fail.
    func recordWrite(_ write: DatabaseBackendWrite, id: Int) throws(DatabaseError) {
        writes[id] = write  // before the append, which may compact
        do {
            try append(["write": Self.encode(write, id: id)])
        } catch {
            writes[id] = nil
            throw error
        }
    }

    /// Records that pending write `id` was acknowledged or refused; a failure is not reported (see the type).
    func recordDone(_ id: Int) {
        guard writes.removeValue(forKey: id) != nil else { return }
        try? append(["done": id])
    }

    /// Records the server's values at locations of listened data; a failure is not reported (see the type).
    func recordData(_ locations: [(path: DatabasePath, node: DatabaseNode)]) {
        guard !locations.isEmpty else { return }
        let rows = locations.map { location -> [Any] in
            defer { sequence += 1 }
            entries.store(location.node, sequence: sequence, at: location.path)
            return [location.path.description, location.node.exportValue ?? NSNull(), sequence]
        }
        try? append(["data": rows])
    }

    /// Appends `record`; every ``compactionThreshold`` records, rewrites the file as one snapshot instead (its
    /// data trimmed to the size limit). A failed compaction keeps the old file, to try again later.
    private func append(_ record: [String: Any]) throws(DatabaseError) {
        guard let file else {
            throw DatabaseError(
                .unavailable, "The cache file \(url.path) is not open (a compaction replaced it, then failed).")
        }
        try DatabaseRecordFile.append(record, to: file)
        appended += 1
        guard appended >= compactionThreshold else { return }
        var trimmed = entries
        Self.evict(&trimmed, sizeBytes: sizeBytes)
        let compacted = DatabaseRecordFile.compact(
            file, magic: Self.magic, snapshot: Self.snapshot(trimmed, writes), io: io)
        self.file = compacted
        guard let compacted, compacted !== file else { return }
        (entries, appended) = (trimmed, 0)
    }
}
