import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The on-disk form of one database of a ``LocalFirestoreBackend``: an append-only log of JSON lines, one
/// per commit, compacted into a single line each time the database is opened.
///
/// Each line is `{"seq": n, "docs": [{"path": [...], "doc": {...} | null}]}`; a document keeps its fields,
/// version and times. A torn last line (a crash in the middle of an append) is ignored.
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

    /// One line of the log.
    private struct Line: Codable {
        var seq: Int64
        var docs: [Record]
    }

    private let url: URL
    private let handle: FileHandle

    private init(url: URL, handle: FileHandle) {
        self.url = url
        self.handle = handle
    }

    deinit {
        try? handle.close()
    }

    /// Opens (creating if needed) the log of `database` under `directory`, returning it with the stored
    /// documents and the last sequence number.
    static func open(directory: URL, database: DatabaseID) throws(FirestoreError) -> (PersistenceLog, [Document], Int64) {
        let folder = directory.appendingPathComponent(database.projectID, isDirectory: true)
        let url = folder.appendingPathComponent("\(database.database).jsonl")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var documents: [ResourcePath: Document] = [:]
            var sequence: Int64 = 0
            if FileManager.default.fileExists(atPath: url.path) {
                let data = try Data(contentsOf: url)
                let lines = data.split(separator: UInt8(ascii: "\n"))
                let decoder = JSONDecoder()
                for (index, line) in lines.enumerated() {
                    guard let decoded = try? decoder.decode(Line.self, from: line) else {
                        if index == lines.count - 1 { break }   // a torn final append
                        throw FirestoreError(.dataLoss, "The persistence file \(url.path) is corrupt (line \(index + 1)).")
                    }
                    sequence = max(sequence, decoded.seq)
                    for record in decoded.docs {
                        let path = ResourcePath(record.path)
                        documents[path] = record.doc.map {
                            Document(path: path, fields: $0.fields, version: $0.version, createTime: $0.createTime,
                                     updateTime: $0.updateTime, hasPendingWrites: false)
                        }
                    }
                }
            }
            // Compact: one line with every document, written beside the log and moved over it.
            let compacted = Line(seq: sequence, docs: documents.values.map(Self.record(for:)))
            var contents = try JSONEncoder().encode(compacted)
            contents.append(UInt8(ascii: "\n"))
            let temporary = folder.appendingPathComponent("\(database.database).jsonl.tmp")
            try contents.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw FirestoreError(.dataLoss, "Cannot replace the persistence file \(url.path) (errno \(errno)).")
            }
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            return (PersistenceLog(url: url, handle: handle), Array(documents.values), sequence)
        } catch let error as FirestoreError {
            throw error
        } catch {
            throw FirestoreError(.dataLoss, "Cannot open the persistence file \(url.path): \(error)")
        }
    }

    /// Appends one commit's changes.
    func append(sequence: Int64, changes: [BackendChange]) throws(FirestoreError) {
        let line = Line(seq: sequence, docs: changes.map { change in
            Record(path: change.path.segments, doc: change.document.map(Self.stored(_:)))
        })
        do {
            var data = try JSONEncoder().encode(line)
            data.append(UInt8(ascii: "\n"))
            try handle.write(contentsOf: data)
        } catch {
            throw FirestoreError(.dataLoss, "Cannot write the persistence file \(url.path): \(error)")
        }
    }

    private static func record(for document: Document) -> Record {
        Record(path: document.path.segments, doc: stored(document))
    }

    private static func stored(_ document: Document) -> StoredDocument {
        StoredDocument(fields: document.fields, version: document.version, createTime: document.createTime,
                       updateTime: document.updateTime)
    }
}
