// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Where a persistent ``LocalDatabaseBackend`` keeps its databases: a snapshot (`snapshot.json`, checksummed like
/// a journal line: every
/// database's value at some point) and a journal (`journal.jsonl`: one line per write made since, in order, each
/// `<FNV-1a-64 of the JSON, 16 hex digits> <JSON>`).
///
/// - A write is appended to the journal and flushed to the disk **before** it is applied and acknowledged; when
///   that fails, the write fails and nothing changed. So an acknowledged write is never lost. Each append
///   is written at the end of the last whole line, so the bytes of a failed one never spoil the next.
/// - Every ``compactionThreshold`` writes, the snapshot is rewritten (to a temporary file, flushed, renamed
///   over the old one) and then the journal emptied. A crash in between replays writes the snapshot already
///   holds, which changes nothing (a journal line holds the values written, not operations); a failure keeps the
///   journal as it is, to try again after the next writes.
/// - Loading replays the journal on the snapshot. A last line without its line end is a write whose append
///   never completed (so never acknowledged): it is dropped. Anything else unreadable (a checksum that does
///   not match, JSON that does not parse, a value the database cannot hold) is
///   ``DatabaseErrorCode/dataLoss``, naming the file, the line and the problem.
final class DatabasePersistence: Sendable {
    /// The number of journal lines that makes the snapshot be rewritten.
    let compactionThreshold: Int
    private let snapshotURL: URL
    private let journalURL: URL
    private let files: DatabaseFiles
    /// The journal's whole lines since the last snapshot, and where the last one ends.
    private let journal = Locked<(lines: Int, length: UInt64)>((0, 0))

    /// Persistence in `directory` (created if needed).
    /// - Throws: ``DatabaseErrorCode/unavailable`` when the directory cannot be created.
    init(directory: URL, files: DatabaseFiles = .system, compactionThreshold: Int = 1_000) throws(DatabaseError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError(
                .unavailable, "Could not create the database directory \(directory.path): \(error.localizedDescription)"
            )
        }
        snapshotURL = directory.appendingPathComponent("snapshot.json")
        journalURL = directory.appendingPathComponent("journal.jsonl")
        self.files = files
        self.compactionThreshold = max(1, compactionThreshold)
    }

    /// Every database's value: the snapshot with the journal replayed.
    /// - Throws: ``DatabaseErrorCode/dataLoss`` for an unreadable file, ``DatabaseErrorCode/unavailable``
    ///   when a file cannot be read at all.
    func load() throws(DatabaseError) -> [String: DatabaseNode] {
        var roots: [String: DatabaseNode] = [:]
        if let snapshot = try read(snapshotURL) {
            let object = try decode(
                try Self.payload(of: Array(snapshot), file: snapshotURL, line: nil), file: snapshotURL, line: nil)
            guard let fields = object as? [String: Any], fields["version"] as? Int == 1,
                let databases = fields["databases"] as? [String: Any]
            else {
                throw corrupt(snapshotURL, line: nil, "it is not a version 1 snapshot")
            }
            for (database, value) in databases {
                roots[database] = try node(value, file: snapshotURL, line: nil)
            }
        }
        guard let journalData = try read(journalURL), !journalData.isEmpty else { return roots }
        var lines = journalData.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The part after the last line end: a torn append (empty when the journal ends with a line end).
        lines.removeLast()
        var length: UInt64 = 0
        for (index, line) in lines.enumerated() {
            length += UInt64(line.count + 1)
            let payload = try Self.payload(of: Array(line), file: journalURL, line: index + 1)
            let object = try decode(payload, file: journalURL, line: index + 1)
            guard let record = object as? [String: Any], let database = record["d"] as? String,
                let sets = record["s"] as? [Any]
            else {
                throw corrupt(journalURL, line: index + 1, "it is not a write")
            }
            var root = roots[database] ?? .null
            for set in sets {
                guard let pair = set as? [Any], pair.count == 2, let path = pair[0] as? String,
                    let location = path == "/" ? .root : try? DatabasePath(validating: path)
                else {
                    throw corrupt(journalURL, line: index + 1, "a write's path is malformed")
                }
                root = root.setting(try node(pair[1], file: journalURL, line: index + 1), at: location.keys)
            }
            roots[database] = root
        }
        self.journal.withLock { $0 = (lines.count, length) }
        return roots
    }

    /// Appends the write of `sets` to `database` to the journal and flushes it.
    /// - Throws: ``DatabaseErrorCode/unavailable``: the write was not stored (and must not be applied).
    func record(_ sets: [(path: DatabasePath, node: DatabaseNode)], database: String) throws(DatabaseError) {
        let record: [String: Any] = [
            "d": database, "s": sets.map { [$0.path.description, $0.node.exportValue ?? NSNull()] },
        ]
        let offset = journal.withLock { $0.length }
        let end: UInt64
        do {
            var line = Self.framed(try JSONSerialization.data(withJSONObject: record, options: []))
            line.append(UInt8(ascii: "\n"))
            end = try files.append(line, journalURL, offset)
        } catch {
            throw DatabaseError(
                .unavailable, "Could not store the write in \(journalURL.path): \(error.localizedDescription)")
        }
        journal.withLock { $0 = ($0.lines + 1, end) }
    }

    /// Rewrites the snapshot from `roots` and empties the journal once it has ``compactionThreshold`` lines.
    /// A failure leaves the journal as it is (nothing is lost); returns whether it compacted.
    @discardableResult
    func compactIfNeeded(_ roots: [String: DatabaseNode]) -> Bool {
        guard journal.withLock({ $0.lines }) >= compactionThreshold else { return false }
        let databases = roots.reduce(into: [String: Any]()) { $0[$1.key] = $1.value.exportValue ?? NSNull() }
        do {
            let data = try JSONSerialization.data(
                withJSONObject: ["version": 1, "databases": databases] as [String: Any])
            try files.replace(Self.framed(data), snapshotURL)
            try files.truncate(journalURL)
        } catch {
            return false
        }
        journal.withLock { $0 = (0, 0) }
        return true
    }

    private func read(_ url: URL) throws(DatabaseError) -> Data? {
        do {
            return try files.read(url)
        } catch {
            throw DatabaseError(.unavailable, "Could not read \(url.path): \(error.localizedDescription)")
        }
    }

    private func decode(_ data: Data, file: URL, line: Int?) throws(DatabaseError) -> Any? {
        do {
            return try DatabaseJSON.jsonObject(from: data)
        } catch {
            throw corrupt(file, line: line, error.message)
        }
    }

    private func node(_ value: Any?, file: URL, line: Int?) throws(DatabaseError) -> DatabaseNode {
        do {
            return try DatabaseNode(parsing: value is NSNull ? nil : value, now: 0)
        } catch {
            throw corrupt(file, line: line, "it holds a value the database cannot: \(error)")
        }
    }

    private func corrupt(_ file: URL, line: Int?, _ problem: String) -> DatabaseError {
        DatabaseError(
            .dataLoss,
            "The database file \(file.path)" + (line.map { " (line \($0))" } ?? "")
                + " is corrupt: \(problem)")
    }
}

extension DatabasePersistence {
    /// FNV-1a, 64 bits: the journal lines' checksum.
    static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

extension DatabasePersistence {
    /// `json` behind its checksum: `<FNV-1a-64, 16 hex digits> <json>`.
    static func framed(_ json: Data) -> Data {
        let checksum = String(fnv1a64(json), radix: 16)
        return Data((String(repeating: "0", count: 16 - checksum.count) + checksum + " ").utf8) + json
    }

    /// The JSON behind a checksummed line.
    /// - Throws: ``DatabaseErrorCode/dataLoss`` when there is no checksum or it does not match.
    fileprivate static func payload(of bytes: [UInt8], file: URL, line: Int?) throws(DatabaseError) -> Data {
        let place = file.path + (line.map { " (line \($0))" } ?? "")
        guard bytes.count > 17, bytes[16] == UInt8(ascii: " "),
            let checksum = UInt64(String(decoding: bytes[0..<16], as: UTF8.self), radix: 16)
        else {
            throw DatabaseError(.dataLoss, "The database file \(place) is corrupt: it has no checksum")
        }
        guard fnv1a64(bytes[17...]) == checksum else {
            throw DatabaseError(.dataLoss, "The database file \(place) is corrupt: its checksum does not match")
        }
        return Data(bytes[17...])
    }
}
