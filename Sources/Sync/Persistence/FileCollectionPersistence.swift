// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// ``LocalCollectionPersistence`` in files (the role of the seed's `SwiftDataCollectionPersistence`):
/// `<directory>/<managerKey, made safe>/collection.flintsync` and `pending-writes.flintsync`.
///
/// The collection file is a log of checksummed records: a snapshot of every document, then one record per
/// ``applyChanges(updated:deleted:)`` call, appended and synchronized (`fsync`) before it returns, so recording
/// one changed document costs one small append however large the collection is. Loading replays the log and
/// compacts it into a new snapshot; ``replaceCollection(_:)`` writes a new snapshot (the engines call it after a
/// bulk load and once the change records outnumber the documents). A torn final append (a crash
/// mid-write) is dropped; any other damage is ``SyncError/corruptFile(path:reason:movedTo:)``, the file being
/// moved aside to `collection.flintsync.corrupt` and an empty collection started in its place. A failed append
/// throws ``SyncError/persistenceFailed(path:reason:)`` and leaves the file at its last whole record.
public final class FileCollectionPersistence<Model: DataSyncModelProtocol>: LocalCollectionPersistence, Sendable {
    private static var magic: Data { Data("FLSYNCC1".utf8) }

    private struct State {
        var file: FramedLogFile?
    }

    private let state = Locked(State())
    private let io: SyncFileIO
    private let collectionURL: URL
    private let pendingWrites: SyncValueFile<[PendingWrite]>

    /// The folder holding the files.
    public let folder: URL

    /// Files for `managerKey` under `directory`; `io` is the seam for injected write failures.
    public init(directory: URL, managerKey: String, io: SyncFileIO = .standard) {
        folder = directory.appendingPathComponent(SyncFileNames.safeComponent(managerKey), isDirectory: true)
        collectionURL = folder.appendingPathComponent("collection.flintsync")
        pendingWrites = SyncValueFile(url: folder.appendingPathComponent("pending-writes.flintsync"), io: io)
        self.io = io
    }

    /// The stored documents (replaying the log, then compacting it).
    public func loadCollection() throws -> [Model] {
        try state.withLock { state throws(SyncError) in try load(&state) }
    }

    /// Writes a new snapshot holding `models`.
    public func replaceCollection(_ models: [Model]) throws {
        try state.withLock { state throws(SyncError) in
            state.file = nil
            state.file = try SyncRecordFile.create(
                url: collectionURL, magic: Self.magic,
                snapshot: try encode(CollectionRecord(upserts: models, deletes: [])),
                io: io)
        }
    }

    /// Appends one record of changes.
    public func applyChanges(updated: [Model], deleted: [String]) throws {
        guard !updated.isEmpty || !deleted.isEmpty else { return }
        try state.withLock { state throws(SyncError) in
            if state.file == nil { _ = try load(&state) }
            let record = try encode(CollectionRecord(upserts: updated, deletes: deleted))
            try SyncRecordFile.append(record, to: state.file!)
        }
    }

    /// The stored pending writes.
    public func loadPendingWrites() throws -> [PendingWrite] { try pendingWrites.load() ?? [] }
    /// Stores the pending writes.
    public func savePendingWrites(_ writes: [PendingWrite]) throws {
        try pendingWrites.save(writes.isEmpty ? nil : writes)
    }

    private func encode(_ record: CollectionRecord<Model>) throws(SyncError) -> Data {
        do {
            return try JSONEncoder().encode(record)
        } catch {
            throw SyncError.persistenceFailed(path: collectionURL.path, reason: "unencodable: \(error)")
        }
    }

    private func load(_ state: inout State) throws(SyncError) -> [Model] {
        state.file = nil
        let records: [Data]
        do {
            guard let read = try SyncRecordFile.read(url: collectionURL, magic: Self.magic) else {
                state.file = try SyncRecordFile.create(
                    url: collectionURL, magic: Self.magic,
                    snapshot: try encode(CollectionRecord(upserts: [], deletes: [])), io: io)
                return []
            }
            records = read
        } catch {
            let reported = SyncRecordFile.setAside(error, url: collectionURL)
            state.file = try? SyncRecordFile.create(
                url: collectionURL, magic: Self.magic,
                snapshot: try encode(CollectionRecord(upserts: [], deletes: [])), io: io)
            throw reported
        }
        var models: [Model] = []
        var index: [String: Int] = [:]
        do {
            for payload in records {
                let record = try JSONDecoder().decode(CollectionRecord<Model>.self, from: payload)
                for model in record.upserts {
                    if let position = index[model.id] {
                        models[position] = model
                    } else {
                        index[model.id] = models.count
                        models.append(model)
                    }
                }
                for id in record.deletes {
                    guard let position = index.removeValue(forKey: id) else { continue }
                    let last = models.removeLast()
                    if position < models.count {
                        models[position] = last
                        index[last.id] = position
                    }
                }
            }
        } catch {
            let reported = SyncRecordFile.setAside(
                SyncError.corruptFile(path: collectionURL.path, reason: "undecodable record: \(error)", movedTo: nil),
                url: collectionURL)
            state.file = try? SyncRecordFile.create(
                url: collectionURL, magic: Self.magic,
                snapshot: try encode(CollectionRecord(upserts: [], deletes: [])), io: io)
            throw reported
        }
        state.file = try SyncRecordFile.create(
            url: collectionURL, magic: Self.magic,
            snapshot: try encode(CollectionRecord(upserts: models, deletes: [])), io: io)
        return models
    }
}
