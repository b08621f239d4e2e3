// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The collection engines' streams over a remote's change batches.
enum CollectionStreams {
    /// The whole matching array after every batch.
    static func collection<T: DataSyncModelProtocol>(
        _ remote: any RemoteCollectionGroupService<T>, query: SyncQuery,
        relays: StreamRelays
    ) -> AsyncThrowingStream<[T], any Error> {
        relays.relay { continuation in
            var state = CollectionState<T>()
            for try await changes in remote.streamCollectionUpdates(query: query) {
                if changes.isInitial { state.replace(with: []) }
                for model in changes.updated { state.upsert(model) }
                for id in changes.deleted { state.remove(id: id) }
                continuation.yield(state.models)
            }
        }
    }

    /// Updated documents and deleted IDs, each stream with its own listener.
    static func updates<T: DataSyncModelProtocol>(
        _ remote: any RemoteCollectionGroupService<T>, query: SyncQuery,
        relays: StreamRelays
    )
        -> (updates: AsyncThrowingStream<T, any Error>, deletions: AsyncThrowingStream<String, any Error>)
    {
        let updates = relays.relay { (continuation: AsyncThrowingStream<T, any Error>.Continuation) in
            for try await changes in remote.streamCollectionUpdates(query: query) {
                for model in changes.updated { continuation.yield(model) }
            }
        }
        let deletions = relays.relay { (continuation: AsyncThrowingStream<String, any Error>.Continuation) in
            for try await changes in remote.streamCollectionUpdates(query: query) {
                for id in changes.deleted { continuation.yield(id) }
            }
        }
        return (updates, deletions)
    }
}
