// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// An in-memory ``LocalCollectionPersistence`` whose loads and saves can be made to fail; counts whole
/// rewrites and single-change records.
public final class MockLocalCollectionPersistence<Model: DataSyncModelProtocol>: LocalCollectionPersistence {
    private struct State {
        var collection: [Model]
        var pendingWrites: [PendingWrite] = []
        var loadError: (any Error)?
        var saveError: (any Error)?
        var replaceCount = 0
        var changeCount = 0
    }

    private let state: Locked<State>

    /// Storage holding `collection`.
    public init(collection: [Model] = []) {
        state = Locked(State(collection: collection))
    }

    /// The stored documents.
    public var collection: [Model] { state.withLock { $0.collection } }
    /// The stored pending writes.
    public var pendingWrites: [PendingWrite] { state.withLock { $0.pendingWrites } }
    /// How many times the whole collection was rewritten.
    public var replaceCount: Int { state.withLock { $0.replaceCount } }
    /// How many change records were written.
    public var changeCount: Int { state.withLock { $0.changeCount } }
    /// Makes every load throw `error` (nil: succeed).
    public func setLoadError(_ error: (any Error)?) { state.withLock { $0.loadError = error } }
    /// Makes every save throw `error` (nil: succeed).
    public func setSaveError(_ error: (any Error)?) { state.withLock { $0.saveError = error } }

    private func read<T>(_ body: (State) -> T) throws -> T {
        try state.withLock { state in
            if let error = state.loadError { throw error }
            return body(state)
        }
    }

    private func write(_ body: (inout State) -> Void) throws {
        try state.withLock { state in
            if let error = state.saveError { throw error }
            body(&state)
        }
    }

    /// The stored documents.
    public func loadCollection() throws -> [Model] { try read { $0.collection } }
    /// Replaces the stored documents.
    public func replaceCollection(_ models: [Model]) throws {
        try write {
            $0.collection = models
            $0.replaceCount += 1
        }
    }
    /// Records changes.
    public func applyChanges(updated: [Model], deleted: [String]) throws {
        try write { state in
            state.changeCount += 1
            for model in updated {
                if let index = state.collection.firstIndex(where: { $0.id == model.id }) {
                    state.collection[index] = model
                } else {
                    state.collection.append(model)
                }
            }
            state.collection.removeAll { deleted.contains($0.id) }
        }
    }
    /// The stored pending writes.
    public func loadPendingWrites() throws -> [PendingWrite] { try read { $0.pendingWrites } }
    /// Stores the pending writes.
    public func savePendingWrites(_ writes: [PendingWrite]) throws { try write { $0.pendingWrites = writes } }
}
