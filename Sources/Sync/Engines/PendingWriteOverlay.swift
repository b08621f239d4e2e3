// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What an engine shows while writes wait in its queue: the remote's document with its queued write applied, as
/// an offline-first store shows its own writes before the server has them. A queued save shows the saved
/// document, an update the remote document with the fields written (nothing when the remote has none), a delete
/// nothing. With a query, a document that no longer passes its filters is not shown.
enum PendingWriteOverlay {
    /// `server` (the remote's document, nil when it has none) as `write` leaves it.
    static func applying<Model: DataSyncModelProtocol>(
        _ write: PendingWrite, to server: Model?, query: SyncQuery? = nil
    ) -> Model? {
        let fields: [String: SyncValue]
        switch write.kind {
        case .delete:
            return nil
        case .save:
            fields = write.fields
        case .update:
            guard let server, let current = try? SyncModelCoding.fields(of: server) else { return nil }
            fields = SyncFieldUpdate.applying(write.fields, to: current)
        }
        if let query, !SyncQueryEvaluator.matches(query, fields) { return nil }
        return (try? SyncModelCoding.model(Model.self, from: fields)) ?? server
    }

    /// A listener's batch as `writes` leave it: their documents shown as ``applying(_:to:query:)`` says, and for an
    /// initial batch (the whole collection) the documents only a queued save has, appended.
    static func applying<Model: DataSyncModelProtocol>(
        _ writes: [PendingWrite], to changes: SyncCollectionChanges<Model>, query: SyncQuery?
    ) -> SyncCollectionChanges<Model> {
        guard !writes.isEmpty else { return changes }
        let pending = Dictionary(
            writes.compactMap { write in write.documentId.map { ($0, write) } }, uniquingKeysWith: { _, later in later }
        )
        var result = SyncCollectionChanges<Model>(isInitial: changes.isInitial)
        var seen = Set<String>()
        func add(_ id: String, _ server: Model?) {
            seen.insert(id)
            guard let write = pending[id] else {
                if let server { result.updated.append(server) } else { result.deleted.append(id) }
                return
            }
            if let shown = applying(write, to: server, query: query) {
                result.updated.append(shown)
            } else {
                result.deleted.append(id)
            }
        }
        for model in changes.updated { add(model.id, model) }
        for id in changes.deleted { add(id, nil) }
        if changes.isInitial {
            for id in writes.compactMap(\.documentId) where !seen.contains(id) { add(id, nil) }
        }
        return result
    }
}
