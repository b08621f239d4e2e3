import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a ``PersistenceLog`` writes to its open file: the seam through which tests inject failures (a full
/// disk, a write that stops half way). The default writes to the handle.
struct PersistenceIO: Sendable {
    /// Writes `data` at the handle's current offset; on failure it may have written any prefix of it.
    var write: @Sendable (FileHandle, Data) throws -> Void
    /// Cuts the file to `length` bytes and moves the handle's offset there.
    var truncate: @Sendable (FileHandle, UInt64) throws -> Void

    static let standard = PersistenceIO(
        write: { handle, data in try handle.write(contentsOf: data) },
        truncate: { handle, length in
            try handle.truncate(atOffset: length)
            try handle.seek(toOffset: length)
        })
}

/// The on-disk form of one database of a ``LocalFirestoreBackend``: an append-only log of framed records,
/// one per commit, compacted into a single snapshot record each time the database is opened.
///
/// File format (version 2): the 8-byte magic `FLINTLG2`, then records. A record is a 16-byte header —
/// payload length (UInt32, little endian), FNV-1a-32 of those 4 length bytes, FNV-1a-64 of the payload
/// (UInt64, little endian) — followed by the payload, the JSON `{"seq": n, "docs": [{"path": [...],
/// "doc": {...} | null}]}`. The first record is the snapshot written by compaction (to a temporary file moved
/// over the log, so never torn); each later record is one appended commit.
///
/// Reading: only a final *appended* record cut short (its header incomplete, or its length running past the
/// end of the file, with a valid length check) is a torn, unacknowledged append and is dropped. Anything
/// else — a checksum mismatch anywhere, a bad length check, a truncated snapshot, a wrong magic, JSON that
/// does not decode — is ``FirestoreErrorCode/dataLoss`` and the file is left as it is (no compaction).
///
/// A failed append (disk full) fails its commit and cuts the file back to the end of the last whole record;
/// if that cut fails too, every later append first retries it (and fails while it cannot), so no record is
/// ever written after a partial one.
///
/// Logs of the previous format (`<projectID>/<database>.jsonl`, JSON lines) are read once and rewritten in
/// this format at the new, sanitized path; see ``PersistenceLog/legacyURL(directory:database:)``.
final class PersistenceLog {
    /// One persisted document state.
    private struct Record: Codable {
        var path: [String]
        var doc: StoredDocument?
    }

    /// A document's persisted fields.
    private struct StoredDocument: Codable {
        var fields: [String: Value]
        var version: Int64
        var createTime: Timestamp?
        var updateTime: Timestamp?
    }

    /// One record of the log.
    private struct Line: Codable {
        var seq: Int64
        var docs: [Record]
    }

    static let magic = Data("FLINTLG2".utf8)
    static let headerSize = 16
    static let fileExtension = "flintlog"

    private let url: URL
    private let handle: FileHandle
    private let io: PersistenceIO
    /// The end of the last whole record.
    private var validLength: UInt64
    /// Whether bytes of a failed append may follow `validLength`.
    private var needsRepair = false

    private init(url: URL, handle: FileHandle, io: PersistenceIO, validLength: UInt64) {
        self.url = url
        self.handle = handle
        self.io = io
        self.validLength = validLength
    }

    deinit {
        try? handle.close()
    }

    // MARK: Paths

    /// A file-name component for `id`: its safe characters (letters, digits, `_`, `-`; others become `_`),
    /// at most 40 of them, then `-` and the FNV-1a-64 of the whole ID in hex. Never `.`/`..`, never a `/`,
    /// at most 57 bytes, and distinct IDs get distinct names (up to a hash collision).
    static func safeComponent(_ id: String) -> String {
        let prefix = String(id.unicodeScalars.prefix(40).map { scalar -> Character in
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
    static func open(directory: URL, database: DatabaseID,
                     io: PersistenceIO = .standard) throws(FirestoreError) -> (PersistenceLog, [Document], Int64) {
        let url = url(directory: directory, database: database)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (documents, sequence, migrated) = try load(directory: directory, database: database)
            // Compact: one snapshot record, written beside the log, flushed, and moved over it.
            let snapshot = Line(seq: sequence, docs: documents.values.map(Self.record(for:)))
            var contents = magic
            contents.append(try frame(JSONEncoder().encode(snapshot)))
            let temporary = folder.appendingPathComponent(url.lastPathComponent + ".tmp")
            try contents.write(to: temporary)
            let temporaryHandle = try FileHandle(forWritingTo: temporary)
            try temporaryHandle.synchronize()
            try temporaryHandle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw FirestoreError(.dataLoss, "Cannot replace the persistence file \(url.path) (errno \(errno)).")
            }
            if let migrated { try? FileManager.default.removeItem(at: migrated) }
            let handle = try FileHandle(forWritingTo: url)
            let end = try handle.seekToEnd()
            return (PersistenceLog(url: url, handle: handle, io: io, validLength: end), Array(documents.values), sequence)
        } catch let error as FirestoreError {
            throw error
        } catch {
            throw FirestoreError(.dataLoss, "Cannot open the persistence file \(url.path): \(error)")
        }
    }

    /// The stored documents and last sequence number of `database`, read without writing anything, and the
    /// previous-format file they came from, if any.
    static func load(directory: URL, database: DatabaseID) throws(FirestoreError)
        -> (documents: [ResourcePath: Document], sequence: Int64, legacy: URL?) {
        let url = url(directory: directory, database: database)
        var lines: [Line] = []
        var migrated: URL?
        do {
            if FileManager.default.fileExists(atPath: url.path) {
                lines = try readFramed(try Data(contentsOf: url), url: url)
            } else if let legacy = legacyURL(directory: directory, database: database),
                      FileManager.default.fileExists(atPath: legacy.path) {
                lines = try readLegacy(try Data(contentsOf: legacy), url: legacy)
                migrated = legacy
            }
        } catch let error as FirestoreError {
            throw error
        } catch {
            throw FirestoreError(.dataLoss, "Cannot read the persistence file \(url.path): \(error)")
        }
        var documents: [ResourcePath: Document] = [:]
        var sequence: Int64 = 0
        for line in lines {
            sequence = max(sequence, line.seq)
            for record in line.docs {
                let path = ResourcePath(record.path)
                documents[path] = record.doc.map {
                    Document(path: path, fields: $0.fields, version: $0.version, createTime: $0.createTime,
                             updateTime: $0.updateTime, hasPendingWrites: false)
                }
            }
        }
        return (documents, sequence, migrated)
    }

    /// The records of a version-2 file, without a torn final append; throws `dataLoss` on any other damage.
    private static func readFramed(_ data: Data, url: URL) throws(FirestoreError) -> [Line] {
        let bytes = [UInt8](data)
        func corrupt(_ reason: String) -> FirestoreError {
            FirestoreError(.dataLoss, "The persistence file \(url.path) is corrupt: \(reason). It was left untouched.")
        }
        guard bytes.count >= magic.count, bytes[0..<magic.count].elementsEqual(magic) else {
            throw corrupt("not a Flint Firestore log (bad magic)")
        }
        var lines: [Line] = []
        var offset = magic.count
        let decoder = JSONDecoder()
        while offset < bytes.count {
            let isSnapshot = lines.isEmpty
            let remaining = bytes.count - offset
            if remaining < headerSize {
                if isSnapshot { throw corrupt("the snapshot record is truncated at byte \(offset)") }
                break   // a torn final append: its header was cut short
            }
            let length = readUInt32(bytes, offset)
            let lengthCheck = readUInt32(bytes, offset + 4)
            guard lengthCheck == UInt32(truncatingIfNeeded: fnv1a64(bytes[offset..<offset + 4])) else {
                throw corrupt("bad record header at byte \(offset)")
            }
            if UInt64(length) > UInt64(remaining - headerSize) {
                if isSnapshot { throw corrupt("the snapshot record is truncated at byte \(offset)") }
                break   // a torn final append: its payload was cut short
            }
            let payload = bytes[offset + headerSize..<offset + headerSize + Int(length)]
            guard readUInt64(bytes, offset + 8) == fnv1a64(payload) else {
                throw corrupt("checksum mismatch in the record at byte \(offset)")
            }
            guard let line = try? decoder.decode(Line.self, from: Data(payload)) else {
                throw corrupt("undecodable record at byte \(offset)")
            }
            lines.append(line)
            offset += headerSize + Int(length)
        }
        if lines.isEmpty { throw corrupt("no snapshot record") }
        return lines
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
                if isLast { break }   // no trailing newline: a torn final append
                throw FirestoreError(.dataLoss,
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
        let line = Line(seq: sequence, docs: changes.map { change in
            Record(path: change.path.segments, doc: change.document.map(Self.stored(_:)))
        })
        let record: Data
        do {
            record = try Self.frame(JSONEncoder().encode(line))
        } catch {
            throw FirestoreError(.internal, "Cannot encode a commit for \(url.path): \(error)")
        }
        do {
            if needsRepair {
                try io.truncate(handle, validLength)
                needsRepair = false
            }
        } catch {
            throw FirestoreError(.dataLoss, "Cannot repair the persistence file \(url.path) after a failed write: \(error)")
        }
        do {
            try io.write(handle, record)
            validLength += UInt64(record.count)
        } catch {
            needsRepair = true
            if (try? io.truncate(handle, validLength)) != nil { needsRepair = false }
            throw FirestoreError(.dataLoss, "Cannot write the persistence file \(url.path): \(error)")
        }
    }

    // MARK: Encoding

    /// A record: the header, then the payload.
    static func frame(_ payload: Data) -> Data {
        var data = Data(capacity: headerSize + payload.count)
        let length = UInt32(payload.count)
        let lengthBytes = withUnsafeBytes(of: length.littleEndian) { Data($0) }
        data.append(lengthBytes)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: fnv1a64(lengthBytes)).littleEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: fnv1a64(payload).littleEndian) { data.append(contentsOf: $0) }
        data.append(payload)
        return data
    }

    /// FNV-1a, 64 bits.
    static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    private static func readUInt64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    private static func record(for document: Document) -> Record {
        Record(path: document.path.segments, doc: stored(document))
    }

    private static func stored(_ document: Document) -> StoredDocument {
        StoredDocument(fields: document.fields, version: document.version, createTime: document.createTime,
                       updateTime: document.updateTime)
    }
}
