// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The on-disk form of one database of a ``LocalFirestoreBackend``: an append-only log of framed records,
/// one per commit, compacted into a single snapshot record each time the database is opened.
///
/// File format (version 2): a ``FramedLogFile`` with the magic `FLINTLG2`, whose payloads are the JSON
/// `{"seq": n, "docs": [{"path": [...], "doc": {...} | null}]}`. The first record is the snapshot written by
/// compaction; each later record is one appended commit.
///
/// Reading: a torn final append is dropped; any other damage (see ``FramedLogFile``), or JSON that does not
/// decode, is ``RPCStatusCode/dataLoss`` and the file is left as it is (no compaction).
///
/// A failed append (disk full) fails its commit; the file is repaired as ``FramedLogFile`` describes.
///
/// Logs of the previous format (`<projectID>/<database>.jsonl`, JSON lines) are read once and rewritten in
/// this format at the new, sanitized path; see ``PersistenceLog/legacyURL(directory:database:)``.
final class PersistenceLog {
    /// One persisted document state.
    private struct Record: Codable {
        var path: [String]
        var doc: StoredDocument?
    }

    /// One record of the log.
    private struct Line: Codable {
        var seq: Int64
        var docs: [Record]
    }

    static let magic = Data("FLINTLG2".utf8)
    static let headerSize = FramedLogFile.headerSize
    static let fileExtension = "flintlog"

    private let file: FramedLogFile
    private var url: URL { file.url }

    private init(file: FramedLogFile) {
        self.file = file
    }

    // MARK: Paths

    /// A file-name component for `id`: its safe characters (letters, digits, `_`, `-`; others become `_`),
    /// at most 40 of them, then `-` and the FNV-1a-64 of the whole ID in hex. Never `.`/`..`, never a `/`,
    /// at most 57 bytes, and distinct IDs get distinct names (up to a hash collision).
    static func safeComponent(_ id: String) -> String {
        let prefix = String(
            id.unicodeScalars.prefix(40).map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "_", "-": Character(scalar)
                default: "_"
                }
            })
        let hash = String(fnv1a64(Data(id.utf8)), radix: 16)
        return prefix + "-" + String(repeating: "0", count: 16 - hash.count) + hash
    }

    /// Where the log of `database` lives: `<directory>/<safe projectID>/<safe database>.flintlog`.
    static func url(directory: URL, database: DatabaseID) -> URL {
        directory.appendingPathComponent(safeComponent(database.projectID), isDirectory: true)
            .appendingPathComponent(safeComponent(database.database) + "." + fileExtension)
    }

    /// Where the previous format kept the log (`<directory>/<projectID>/<database>.jsonl`), or nil when the
    /// IDs would make that path leave the directory (such a log is not migrated: it was written outside).
    static func legacyURL(directory: URL, database: DatabaseID) -> URL? {
        func plain(_ component: String) -> Bool {
            !component.isEmpty && component != "." && component != ".." && !component.contains("/")
                && !component.contains("\0")
        }
        guard plain(database.projectID), plain(database.database) else { return nil }
        return directory.appendingPathComponent(database.projectID, isDirectory: true)
            .appendingPathComponent("\(database.database).jsonl")
    }

    // MARK: Opening

    /// Opens (creating if needed) the log of `database` under `directory`, returning it with the stored
    /// documents and the last sequence number.
    static func open(
        directory: URL, database: DatabaseID,
        io: PersistenceIO = .standard
    ) throws(FirestoreError) -> (PersistenceLog, [Document], Int64) {
        let url = url(directory: directory, database: database)
        let (documents, sequence, migrated) = try load(directory: directory, database: database)
        // Compact: one snapshot record, written beside the log, flushed, and moved over it.
        let snapshot: Data
        do {
            snapshot = try JSONEncoder().encode(Line(seq: sequence, docs: documents.values.map(Self.record(for:))))
        } catch {
            throw FirestoreError(.dataLoss, "Cannot encode the persistence file \(url.path): \(error)")
        }
        let file = try reportingDataLoss { () throws(FramedLogError) in
            try FramedLogFile.create(url: url, magic: magic, snapshot: snapshot, io: io)
        }
        if let migrated { try? FileManager.default.removeItem(at: migrated) }
        return (PersistenceLog(file: file), Array(documents.values), sequence)
    }

    /// The bytes of the previous-format file at `legacy`, or nil when there is none.
    /// - Throws: ``FirestoreErrorCode/dataLoss`` when it exists but cannot be read.
    private static func readLegacyFile(_ legacy: URL) throws(FirestoreError) -> Data? {
        do {
            return try SavedFile.contents(of: legacy)
        } catch {
            throw FirestoreError(.dataLoss, "Cannot read the persistence file \(legacy.path): \(error)")
        }
    }

    /// The stored documents and last sequence number of `database`, read without writing anything, and the
    /// previous-format file they came from, if any.
    static func load(directory: URL, database: DatabaseID) throws(FirestoreError)
        -> (documents: [ResourcePath: Document], sequence: Int64, legacy: URL?)
    {
        let url = url(directory: directory, database: database)
        var lines: [Line] = []
        var migrated: URL?
        if let payloads = try reportingDataLoss({ () throws(FramedLogError) in
            try FramedLogFile.readRecords(at: url, magic: magic)
        }) {
            lines = try decode(payloads, url: url)
        } else if let legacy = legacyURL(directory: directory, database: database),
            let data = try readLegacyFile(legacy)
        {
            lines = try readLegacy(data, url: legacy)
            migrated = legacy
        }
        var documents: [ResourcePath: Document] = [:]
        var sequence: Int64 = 0
        for line in lines {
            sequence = max(sequence, line.seq)
            for record in line.docs {
                let path = ResourcePath(record.path)
                documents[path] = record.doc.map { $0.document(at: path) }
            }
        }
        return (documents, sequence, migrated)
    }

    /// The lines of a version-2 file's records (``FramedLogFile/readRecords(at:magic:)``); throws `dataLoss` for
    /// a record that does not decode.
    private static func decode(_ payloads: [Data], url: URL) throws(FirestoreError) -> [Line] {
        let decoder = JSONDecoder()
        return try payloads.enumerated().map {
            index, payload throws(FirestoreError) -> Line in
            guard let line = try? decoder.decode(Line.self, from: payload) else {
                throw FirestoreError(
                    .dataLoss,
                    "The persistence file \(url.path) is corrupt: undecodable record "
                        + "\(index). It was left untouched.")
            }
            return line
        }
    }

    /// The lines of a previous-format file (JSON lines). Every append there ended with a newline written in
    /// the same call, so only a final line *without* its newline may be a torn append; any other line that does
    /// not decode is `dataLoss`.
    private static func readLegacy(_ data: Data, url: URL) throws(FirestoreError) -> [Line] {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let decoder = JSONDecoder()
        var result: [Line] = []
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1
            if isLast && line.isEmpty { break }
            guard let decoded = try? decoder.decode(Line.self, from: Data(line)) else {
                if isLast { break }  // no trailing newline: a torn final append
                throw FirestoreError(
                    .dataLoss,
                    "The persistence file \(url.path) is corrupt (line \(index + 1)). It was left untouched.")
            }
            result.append(decoded)
        }
        return result
    }

    // MARK: Appending

    /// Appends one commit's changes; throws (and the commit must not be acknowledged) when they could not be
    /// written, leaving the file ending at its last whole record (or marked for that repair).
    func append(sequence: Int64, changes: [BackendChange]) throws(FirestoreError) {
        let line = Line(
            seq: sequence,
            docs: changes.map { change in
                Record(path: change.path.segments, doc: change.document.map(StoredDocument.init))
            })
        let payload: Data
        do {
            payload = try JSONEncoder().encode(line)
        } catch {
            throw FirestoreError(.internal, "Cannot encode a commit for \(url.path): \(error)")
        }
        try reportingDataLoss { () throws(FramedLogError) in try file.append(payload) }
    }

    // MARK: Encoding

    /// A record: the header, then the payload (``FramedLogFile/frame(_:)``).
    static func frame(_ payload: Data) -> Data {
        FramedLogFile.frame(payload)
    }

    /// FNV-1a, 64 bits (``FramedLogFile/fnv1a64(_:)``).
    static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        FramedLogFile.fnv1a64(bytes)
    }

    private static func record(for document: Document) -> Record {
        Record(path: document.path.segments, doc: StoredDocument(document))
    }
}
