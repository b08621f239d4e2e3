// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An engine's documents: an array in display order plus an index by ID, so one change costs O(1) whatever
/// the collection's size. New documents are appended; a deletion moves the last document into the gap.
struct CollectionState<T: DataSyncModelProtocol> {
    private(set) var models: [T] = []
    private var index: [String: Int] = [:]

    init(_ models: [T] = []) {
        replace(with: models)
    }

    mutating func replace(with models: [T]) {
        self.models = []
        self.models.reserveCapacity(models.count)
        index = [:]
        index.reserveCapacity(models.count)
        for model in models { upsert(model) }
    }

    func model(id: String) -> T? {
        index[id].map { models[$0] }
    }

    mutating func upsert(_ model: T) {
        if let position = index[model.id] {
            models[position] = model
        } else {
            index[model.id] = models.count
            models.append(model)
        }
    }

    @discardableResult
    mutating func remove(id: String) -> Bool {
        guard let position = index.removeValue(forKey: id) else { return false }
        let last = models.removeLast()
        if position < models.count {
            models[position] = last
            index[last.id] = position
        }
        return true
    }
}
