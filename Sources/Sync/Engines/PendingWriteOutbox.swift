// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The writes that failed and wait to be sent again, shared by the document and collection engines: one per
/// document (later writes merge into it, see ``PendingWriteQueue``), saved after every change, and sent again
/// by one run at a time (overlapping calls share the run, so a write is never sent twice).
@MainActor
final class PendingWriteOutbox {
    private var queue = PendingWriteQueue()
    private var run: Task<Void, Never>?
    private let events: SyncEventLog

    /// An empty outbox whose events go to `events`.
    init(events: SyncEventLog) {
        self.events = events
    }

    /// The number of queued writes.
    var count: Int { queue.count }

    /// The queued writes, oldest document first.
    var writes: [PendingWrite] { queue.writes }

    /// The queued write of `documentId`, if any.
    func write(for documentId: String) -> PendingWrite? {
        queue.writes.first { $0.documentId == documentId }
    }

    /// Starts from writes loaded from persistence.
    func load(_ writes: [PendingWrite]) {
        queue = PendingWriteQueue(writes)
    }

    /// Forgets every queued write; returns whether there were any.
    func removeAll() -> Bool {
        defer { queue.removeAll() }
        return !queue.isEmpty
    }

    /// Queues `write`, whose remote attempt failed with `remoteError`, and saves the queue with `save`
    /// (`pendingWriteAdded`).
    /// - Throws: ``SyncError/pendingWriteNotPersisted(remoteError:reason:)`` when the queue cannot be saved.
    func add(
        _ write: PendingWrite, remoteError: any Error,
        save: ([PendingWrite]) throws -> Void
    ) throws(SyncError) {
        queue.add(write)
        var parameters = ["pending_write_count": String(queue.count)]
        if let id = write.documentId { parameters["document_id"] = id }
        events.track("pendingWriteAdded", parameters)
        do {
            try save(queue.writes)
        } catch {
            throw SyncError.pendingWriteNotPersisted(
                remoteError: SyncEventLog.describe(remoteError), reason: SyncEventLog.describe(error))
        }
    }

    /// Sends every queued write with `send` (`syncPendingWrites_start` / `_complete`); those that fail stay
    /// queued. Then hands the queue to `save`. A call made while a run is in progress waits for that run.
    func sendAll(
        _ send: @escaping @MainActor (PendingWrite) async throws -> Void,
        save: @escaping @MainActor ([PendingWrite]) -> Void
    ) async {
        if let run {
            await run.value
            return
        }
        let task = Task { @MainActor in await self.sendOnce(send, save: save) }
        run = task
        await task.value
        run = nil
    }

    private func sendOnce(
        _ send: @MainActor (PendingWrite) async throws -> Void,
        save: @MainActor ([PendingWrite]) -> Void
    ) async {
        guard !queue.isEmpty else { return }
        events.track("syncPendingWrites_start", ["pending_write_count": String(queue.count)])
        var synced = 0
        for write in queue.writes {
            do {
                try await send(write)
                queue.remove(write)
                synced += 1
            } catch {
                continue
            }
        }
        save(queue.writes)
        events.track(
            "syncPendingWrites_complete",
            ["synced_count": String(synced), "pending_write_count": String(queue.count)])
        if queue.isEmpty { events.track("pendingWritesCleared") }
    }
}
