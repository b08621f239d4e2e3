// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How the collection engines (``CollectionSyncEngine``, ``CollectionGroupSyncEngine``) fold a listener's batches into
/// their cache and its persistence: one piece of code for both.
@MainActor
enum CollectionCacheUpdate {
    /// Replaces the cache with `models` and writes them as a new snapshot.
    static func replace<T: DataSyncModelProtocol>(
        _ state: inout CollectionState<T>, changesSinceSnapshot: inout Int, with models: [T],
        persist: ((any LocalCollectionPersistence<T>) throws -> Void) -> Void
    ) {
        state.replace(with: models)
        changesSinceSnapshot = 0
        persist { try $0.replaceCollection(models) }
    }

    /// Applies a batch: an initial one replaces the cache; otherwise upserts and removals (`documentUpdated` /
    /// `documentDeleted`), written as one change record. Once the change records outnumber the documents (and
    /// 1,000), one new snapshot, so the file stays proportional to the collection at an amortized O(1) per change.
    static func apply<T: DataSyncModelProtocol>(
        _ changes: SyncCollectionChanges<T>, to state: inout CollectionState<T>, changesSinceSnapshot: inout Int,
        events: SyncEventLog, persist: ((any LocalCollectionPersistence<T>) throws -> Void) -> Void
    ) {
        if changes.isInitial {
            replace(&state, changesSinceSnapshot: &changesSinceSnapshot, with: changes.updated, persist: persist)
            return
        }
        for model in changes.updated {
            state.upsert(model)
            if events.isEnabled {
                var parameters = model.eventParameters
                parameters["document_id"] = model.id
                events.track("documentUpdated", parameters)
            }
        }
        var deleted: [String] = []
        for id in changes.deleted where state.remove(id: id) {
            deleted.append(id)
            events.track("documentDeleted", ["document_id": id])
        }
        persist { try $0.applyChanges(updated: changes.updated, deleted: deleted) }
        changesSinceSnapshot += 1
        if changesSinceSnapshot > max(1_000, state.models.count) {
            changesSinceSnapshot = 0
            let models = state.models
            persist { try $0.replaceCollection(models) }
        }
    }
}
