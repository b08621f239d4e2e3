// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Observation

/// The one write path of the writable engines (``DocumentSyncEngine``, ``CollectionSyncEngine``): sends a save,
/// update or delete through the engine's remote (`{name}_start` / `_success` / `_fail`), queues it in the
/// ``PendingWriteOutbox`` when it fails (with persistence; `pendingWriteAdded`) and has the engine show the queued
/// write locally at once (see ``PendingWriteOverlay``), and replays the queue.
@MainActor
@Observable
final class SyncWriter<Model: DataSyncModelProtocol> {
    /// How many writes wait in the queue.
    private(set) var pendingWriteCount = 0

    @ObservationIgnored private let outbox: PendingWriteOutbox
    @ObservationIgnored private let events: SyncEventLog
    @ObservationIgnored private let persistenceErrors: SyncPersistenceErrors
    @ObservationIgnored private let savePendingWrites: (([PendingWrite]) throws -> Void)?
    @ObservationIgnored private let remoteWrites: () throws -> SyncRemoteWrites<Model>
    @ObservationIgnored private let writeWillStart: () -> Void
    /// What shows a queued write (the engine's current value and cache); set once the engine is initialized.
    @ObservationIgnored weak var host: (any SyncWriterHost)?

    /// A writer logging to `events` that sends through `remoteWrites` (throwing ``SyncError/appDeleted(name:)``
    /// once the app is gone), calls `writeWillStart` before every write (the engine reconnects a listener that is
    /// down), and whose queue is saved with `savePendingWrites` (nil: no persistence, so a failed write is not
    /// queued), its failures recorded in `persistenceErrors`. Engines make theirs with
    /// ``SyncEngineCore/makeWriter(writes:loadPendingWrites:savePendingWrites:)``.
    init(
        events: SyncEventLog, persistenceErrors: SyncPersistenceErrors,
        remoteWrites: @escaping () throws -> SyncRemoteWrites<Model>, writeWillStart: @escaping () -> Void,
        savePendingWrites: (([PendingWrite]) throws -> Void)?
    ) {
        self.events = events
        self.persistenceErrors = persistenceErrors
        self.outbox = PendingWriteOutbox(events: events)
        self.remoteWrites = remoteWrites
        self.writeWillStart = writeWillStart
        self.savePendingWrites = savePendingWrites
    }

    /// The queued writes, oldest document first.
    var queuedWrites: [PendingWrite] { outbox.writes }

    /// The queued write of the document `id`, if any.
    func queuedWrite(for id: String) -> PendingWrite? {
        outbox.count == 0 ? nil : outbox.write(for: id)
    }

    /// Starts from writes loaded from persistence.
    func load(_ writes: [PendingWrite]) {
        outbox.load(writes)
        pendingWriteCount = outbox.count
    }

    /// Forgets every queued write (the caller saves the empty queue); returns whether there were any.
    func removeAll() -> Bool {
        defer { pendingWriteCount = 0 }
        return outbox.removeAll()
    }

    /// Saves the whole document.
    func save(_ model: Model) async throws {
        var parameters = model.eventParameters
        parameters["document_id"] = model.id
        let write = PendingWrite(documentId: model.id, kind: .save, fields: try SyncModelCoding.fields(of: model))
        try await send("save", write, parameters: parameters) { try await $0.save(model) }
    }

    /// Updates fields (dot-separated paths) of the document `id`.
    func update(id: String, data: [String: SyncValue]) async throws {
        let write = PendingWrite(documentId: id, kind: .update, fields: data)
        try await send("update", write, parameters: ["document_id": id]) { try await $0.update(id, data) }
    }

    /// Deletes the document `id`.
    func delete(id: String) async throws {
        let write = PendingWrite(documentId: id, kind: .delete)
        try await send("delete", write, parameters: ["document_id": id]) { try await $0.delete(id) }
    }

    /// Sends every queued write; those that fail again stay queued. Overlapping calls share one run.
    func sendPendingWrites() async {
        guard let remote = try? remoteWrites() else { return }
        await outbox.sendAll(
            { write in try await remote.send(write) },
            save: { [weak self] writes in self?.saveQueue(writes) })
        pendingWriteCount = outbox.count
    }

    private func send(
        _ name: String, _ pendingWrite: PendingWrite, parameters: [String: String],
        _ operation: (SyncRemoteWrites<Model>) async throws -> Void
    ) async throws {
        let remote = try remoteWrites()
        // Before anything recurses over the fields (the remote's conversion, the queue's JSON): a write that nests
        // deeper than the store keeps is refused, never queued.
        try SyncFieldDepth.check(pendingWrite, maximumDepth: remote.maximumFieldDepth)
        writeWillStart()
        events.track("\(name)_start", parameters)
        do {
            try await operation(remote)
            events.track("\(name)_success", parameters)
        } catch {
            var failure = parameters
            failure["error_description"] = SyncEventLog.describe(error)
            events.track("\(name)_fail", failure)
            try enqueue(pendingWrite, remoteError: error)
            throw error
        }
    }

    private func enqueue(_ write: PendingWrite, remoteError: any Error) throws {
        guard let savePendingWrites else { return }
        defer {
            pendingWriteCount = outbox.count
            if let id = write.documentId, let queued = outbox.write(for: id) { host?.showQueuedWrite(queued) }
        }
        do {
            try outbox.add(write, remoteError: remoteError, save: savePendingWrites)
        } catch {
            persistenceErrors.record(error)
            throw error
        }
    }

    private func saveQueue(_ writes: [PendingWrite]) {
        persistenceErrors.save(savePendingWrites) { try $0(writes) }
    }
}
