import FlintCore
import Foundation

/// Where a persistent ``LocalDatabaseBackend`` keeps its databases: a snapshot (`snapshot.json`: every
/// database's value at some point) and a journal (`journal.jsonl`: one line per write made since, in order).
///
/// - A write is appended to the journal and flushed to the disk **before** it is applied and acknowledged; when
///   that fails, the write fails and nothing changed. So an acknowledged write is never lost.
/// - Every ``compactionThreshold`` writes, the snapshot is rewritten (to a temporary file, flushed, renamed
///   over the old one) and then the journal emptied. A crash in between replays writes the snapshot already
///   holds, which changes nothing (a journal line holds the values written, not operations); a failure keeps the
///   journal as it is, to try again after the next writes.
/// - Loading replays the journal on the snapshot. A last line without its line end is a write whose append
///   never completed (so never acknowledged): it is dropped. Anything else unreadable is
///   ``DatabaseErrorCode/dataLoss``, naming the file, the line and the problem.
final class DatabasePersistence: Sendable {
    /// The number of journal lines that makes the snapshot be rewritten.
    let compactionThreshold: Int
    private let snapshotURL: URL
    private let journalURL: URL
    private let files: DatabaseFiles
    /// Lines in the journal since the last snapshot.
    private let journalLines = Locked(0)

    /// Persistence in `directory` (created if needed).
    /// - Throws: ``DatabaseErrorCode/unavailable`` when the directory cannot be created.
    init(directory: URL, files: DatabaseFiles = .system, compactionThreshold: Int = 1_000) throws(DatabaseError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DatabaseError(.unavailable, "Could not create the database directory \(directory.path): \(error.localizedDescription)")
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
            let object = try decode(snapshot, file: snapshotURL, line: nil)
            guard let fields = object as? [String: Any], fields["version"] as? Int == 1,
                  let databases = fields["databases"] as? [String: Any] else {
                throw corrupt(snapshotURL, line: nil, "it is not a version 1 snapshot")
            }
            for (database, value) in databases {
                roots[database] = try node(value, file: snapshotURL, line: nil)
            }
        }
        guard let journal = try read(journalURL), !journal.isEmpty else { return roots }
        var lines = journal.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The part after the last line end: a torn append (empty when the journal ends with a line end).
        lines.removeLast()
        for (index, line) in lines.enumerated() {
            let object = try decode(Data(line), file: journalURL, line: index + 1)
            guard let record = object as? [String: Any], let database = record["d"] as? String,
                  let sets = record["s"] as? [Any] else {
                throw corrupt(journalURL, line: index + 1, "it is not a write")
            }
            var root = roots[database] ?? .null
            for set in sets {
                guard let pair = set as? [Any], pair.count == 2, let path = pair[0] as? String,
                      let location = path == "/" ? .root : try? DatabasePath(validating: path) else {
                    throw corrupt(journalURL, line: index + 1, "a write's path is malformed")
                }
                root = root.setting(try node(pair[1], file: journalURL, line: index + 1), at: location.keys)
            }
            roots[database] = root
        }
        journalLines.withLock { $0 = lines.count }
        return roots
    }

    /// Appends the write of `sets` to `database` to the journal and flushes it.
    /// - Throws: ``DatabaseErrorCode/unavailable``: the write was not stored (and must not be applied).
    func record(_ sets: [(path: DatabasePath, node: DatabaseNode)], database: String) throws(DatabaseError) {
        let record: [String: Any] = ["d": database, "s": sets.map { [$0.path.description, $0.node.exportValue ?? NSNull()] }]
        do {
            var line = try JSONSerialization.data(withJSONObject: record, options: [])
            line.append(UInt8(ascii: "\n"))
            try files.append(line, journalURL)
        } catch {
            throw DatabaseError(.unavailable, "Could not store the write in \(journalURL.path): \(error.localizedDescription)")
        }
        journalLines.withLock { $0 += 1 }
    }

    /// Rewrites the snapshot from `roots` and empties the journal once it has ``compactionThreshold`` lines.
    /// A failure leaves the journal as it is (nothing is lost); returns whether it compacted.
    @discardableResult
    func compactIfNeeded(_ roots: [String: DatabaseNode]) -> Bool {
        guard journalLines.withLock({ $0 }) >= compactionThreshold else { return false }
        let databases = roots.reduce(into: [String: Any]()) { $0[$1.key] = $1.value.exportValue ?? NSNull() }
        do {
            let data = try JSONSerialization.data(withJSONObject: ["version": 1, "databases": databases] as [String: Any])
            try files.replace(data, snapshotURL)
            try files.truncate(journalURL)
        } catch {
            return false
        }
        journalLines.withLock { $0 = 0 }
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
        DatabaseError(.dataLoss, "The database file \(file.path)" + (line.map { " (line \($0))" } ?? "")
                      + " is corrupt: \(problem)")
    }
}
