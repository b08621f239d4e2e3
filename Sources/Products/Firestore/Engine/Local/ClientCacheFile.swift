// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// The persistent cache of one ``Firestore`` instance (``PersistentCacheSettings``): the documents the
/// client received and its pending writes (of every user: the queue is per user, as in the SDK), so that a
/// later instance for the same app and database reads them offline and still sends the writes.
///
/// A ``FramedLogFile`` with the magic `FLINTCC1` at
/// `<directory>/<safe app name>/<safe projectID>/<safe database>.flintcache` (each component made safe by
/// ``PersistenceLog/safeComponent(_:)``, so no ID leaves `directory`). Its payloads are JSON records: a
/// snapshot (every cached document and pending write, written when the file is opened), then appended
/// document updates, enqueued writes and removed writes.
///
/// A write is appended *before* it is applied locally: when the append fails the write fails with
/// ``RPCStatusCode/dataLoss`` and nothing changes, so a write the app was told about is never lost
/// silently. A torn final append (a crash during a write that never returned) is dropped; any other damage
/// makes the instance fail its operations with ``RPCStatusCode/dataLoss``, leaving the file untouched.
/// Failing to append a document update or the removal of an acknowledged write is not reported: the cache
/// then holds an older state, and the write may be sent again by a later instance.
final class ClientCacheFile {
    /// One cached document state.
    struct StoredEntry: Codable {
        var path: [String]
        var doc: StoredDocument?
        var seq: Int64
    }

    /// One pending write.
    struct StoredBatch: Codable {
        var id: Int
        var user: String?
        var localWriteTime: Timestamp
        var mutations: [StoredMutation]
    }

    /// One record.
    enum Record: Codable {
        case snapshot(entries: [StoredEntry], batches: [StoredBatch])
        case documents([StoredEntry])
        case enqueue(StoredBatch)
        case remove(Int)
    }

    /// A pending write read back from the file.
    struct LoadedBatch {
        let id: Int
        let user: String?
        let localWriteTime: Timestamp
        let mutations: [Mutation]
    }

    static let magic = Data("FLINTCC1".utf8)
    static let fileExtension = "flintcache"

    private let file: FramedLogFile
    private let encoder = JSONEncoder()

    private init(file: FramedLogFile) {
        self.file = file
    }

    /// Where the cache of `appName`'s `database` lives under `directory`.
    static func url(directory: URL, appName: String, database: DatabaseID) -> URL {
        directory.appendingPathComponent(PersistenceLog.safeComponent(appName), isDirectory: true)
            .appendingPathComponent(PersistenceLog.safeComponent(database.projectID), isDirectory: true)
            .appendingPathComponent(PersistenceLog.safeComponent(database.database) + "." + fileExtension)
    }

    /// Opens (creating if needed) the cache at `url`, compacted into one snapshot record; returns it with the
    /// cached documents and the pending writes, oldest first. When the cached documents' encoded size passes
    /// `sizeBytes` (``PersistentCacheSettings/unlimitedSizeBytes``: never), those received longest ago are
    /// dropped until it fits; documents that pending writes touch are kept.
    /// - Throws: ``RPCStatusCode/dataLoss`` for a damaged file (left untouched) or one that cannot be written.
    static func open(
        url: URL, io: PersistenceIO = .standard,
        sizeBytes: Int64 = PersistentCacheSettings.unlimitedSizeBytes
    ) throws(FirestoreError)
        -> (ClientCacheFile, [ResourcePath: RemoteDocumentCache.Entry], [LoadedBatch])
    {
        var entries: [ResourcePath: RemoteDocumentCache.Entry] = [:]
        var batches: [Int: LoadedBatch] = [:]
        func corrupt(_ reason: String) -> FirestoreError {
            FirestoreError(.dataLoss, "The cache file \(url.path) is corrupt: \(reason). It was left untouched.")
        }
        func add(_ stored: [StoredEntry]) {
            for entry in stored {
                let path = ResourcePath(entry.path)
                entries[path] = RemoteDocumentCache.Entry(document: entry.doc?.document(at: path), sequence: entry.seq)
            }
        }
        func enqueue(_ stored: StoredBatch) throws(FirestoreError) {
            var mutations: [Mutation] = []
            for mutation in stored.mutations {
                guard let converted = mutation.mutation else { throw corrupt("an unreadable write") }
                mutations.append(converted)
            }
            batches[stored.id] = LoadedBatch(
                id: stored.id, user: stored.user, localWriteTime: stored.localWriteTime,
                mutations: mutations)
        }
        if let payloads = try reportingDataLoss({ () throws(FramedLogError) in
            try FramedLogFile.readRecords(at: url, magic: magic)
        }) {
            let decoder = JSONDecoder()
            for (index, payload) in payloads.enumerated() {
                guard let record = try? decoder.decode(Record.self, from: payload) else {
                    throw corrupt("undecodable record \(index)")
                }
                switch record {
                case .snapshot(let stored, let pending):
                    guard index == 0 else { throw corrupt("a second snapshot") }
                    add(stored)
                    for batch in pending { try enqueue(batch) }
                case .documents(let stored): add(stored)
                case .enqueue(let batch): try enqueue(batch)
                case .remove(let id): batches[id] = nil
                }
            }
        }
        let ordered = batches.values.sorted { $0.id < $1.id }
        if sizeBytes != PersistentCacheSettings.unlimitedSizeBytes {
            let written = Set(ordered.flatMap { $0.mutations.map(\.path) })
            evict(from: &entries, keeping: { written.contains($0) }, sizeBytes: sizeBytes)
        }
        let snapshot = Record.snapshot(
            entries: entries.map {
                StoredEntry(
                    path: $0.key.segments, doc: $0.value.document.map(StoredDocument.init),
                    seq: $0.value.sequence)
            },
            batches: ordered.map {
                StoredBatch(
                    id: $0.id, user: $0.user, localWriteTime: $0.localWriteTime,
                    mutations: $0.mutations.map(StoredMutation.init))
            })
        let payload: Data
        do {
            payload = try JSONEncoder().encode(snapshot)
        } catch {
            throw FirestoreError(.dataLoss, "Cannot encode the cache file \(url.path): \(error)")
        }
        let file = try reportingDataLoss { () throws(FramedLogError) in
            try FramedLogFile.create(url: url, magic: magic, snapshot: payload, io: io)
        }
        return (ClientCacheFile(file: file), entries, ordered)
    }

    /// Drops the entries received longest ago (lowest sequence numbers) until the rest, encoded, take at most
    /// `sizeBytes`; entries that `keeping` names stay.
    static func evict(
        from entries: inout [ResourcePath: RemoteDocumentCache.Entry],
        keeping: (ResourcePath) -> Bool, sizeBytes: Int64
    ) {
        let encoder = JSONEncoder()
        var sizes: [ResourcePath: Int64] = [:]
        var total: Int64 = 0
        for (path, entry) in entries {
            let stored = StoredEntry(
                path: path.segments, doc: entry.document.map(StoredDocument.init), seq: entry.sequence)
            let size = Int64((try? encoder.encode(stored))?.count ?? 0)
            sizes[path] = size
            total += size
        }
        guard total > sizeBytes else { return }
        let oldestFirst = entries.filter { !keeping($0.key) }.sorted {
            $0.value.sequence != $1.value.sequence
                ? $0.value.sequence < $1.value.sequence
                : $0.key.description < $1.key.description
        }
        for (path, _) in oldestFirst where total > sizeBytes {
            entries[path] = nil
            total -= sizes[path] ?? 0
        }
    }

    // MARK: Appending

    /// Records a new pending write of `user`.
    /// - Throws: ``RPCStatusCode/dataLoss``: the write must then fail.
    func recordEnqueue(id: Int, user: String?, localWriteTime: Timestamp, mutations: [Mutation]) throws(FirestoreError)
    {
        try append(
            .enqueue(
                StoredBatch(
                    id: id, user: user, localWriteTime: localWriteTime,
                    mutations: mutations.map(StoredMutation.init))))
    }

    /// Records that a pending write was acknowledged or rejected; a failure is not reported (see the type).
    func recordRemoval(id: Int) {
        try? append(.remove(id))
    }

    /// Records new states of cached documents; a failure is not reported (see the type).
    func recordDocuments(_ changed: [ResourcePath: RemoteDocumentCache.Entry]) {
        guard !changed.isEmpty else { return }
        try? append(
            .documents(
                changed.map {
                    StoredEntry(
                        path: $0.key.segments, doc: $0.value.document.map(StoredDocument.init), seq: $0.value.sequence)
                }))
    }

    private func append(_ record: Record) throws(FirestoreError) {
        let payload: Data
        do {
            payload = try encoder.encode(record)
        } catch {
            throw FirestoreError(.internal, "Cannot encode a record of the cache file \(file.url.path): \(error)")
        }
        try reportingDataLoss { () throws(FramedLogError) in try file.append(payload) }
    }
}
