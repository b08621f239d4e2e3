// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An in-memory ``LocalCollectionPersistence`` whose loads and saves can be made to fail; counts whole
/// rewrites and single-change records.
public final class MockLocalCollectionPersistence<Model: DataSyncModelProtocol>: LocalCollectionPersistence {
    private struct Contents {
        var collection: [Model]
        var pendingWrites: [PendingWrite] = []
        var replaceCount = 0
        var changeCount = 0
    }

    private let store: MockPersistenceStore<Contents>

    /// Storage holding `collection`.
    public init(collection: [Model] = []) {
        store = MockPersistenceStore(Contents(collection: collection))
    }

    /// The stored documents.
    public var collection: [Model] { store.contents.collection }
    /// The stored pending writes.
    public var pendingWrites: [PendingWrite] { store.contents.pendingWrites }
    /// How many times the whole collection was rewritten.
    public var replaceCount: Int { store.contents.replaceCount }
    /// How many change records were written.
    public var changeCount: Int { store.contents.changeCount }
    /// Makes every load throw `error` (nil: succeed).
    public func setLoadError(_ error: (any Error)?) { store.setLoadError(error) }
    /// Makes every save throw `error` (nil: succeed).
    public func setSaveError(_ error: (any Error)?) { store.setSaveError(error) }

    /// The stored documents.
    public func loadCollection() throws -> [Model] { try store.load { $0.collection } }
    /// Replaces the stored documents.
    public func replaceCollection(_ models: [Model]) throws {
        try store.save {
            $0.collection = models
            $0.replaceCount += 1
        }
    }
    /// Records changes.
    public func applyChanges(updated: [Model], deleted: [String]) throws {
        try store.save { state in
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
    public func loadPendingWrites() throws -> [PendingWrite] { try store.load { $0.pendingWrites } }
    /// Stores the pending writes.
    public func savePendingWrites(_ writes: [PendingWrite]) throws { try store.save { $0.pendingWrites = writes } }
}
