// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The queue of pending writes: one per document (each collection-level write on its own), in the order their
/// documents first failed.
struct PendingWriteQueue: Sendable, Equatable {
    private(set) var writes: [PendingWrite]

    init(_ writes: [PendingWrite] = []) {
        self.writes = []
        for write in writes { add(write) }
    }

    var count: Int { writes.count }
    var isEmpty: Bool { writes.isEmpty }

    /// Adds `write`, merged into the document's queued write if there is one.
    mutating func add(_ write: PendingWrite) {
        if write.documentId != nil, let index = writes.firstIndex(where: { $0.documentId == write.documentId }) {
            writes[index] = writes[index].merged(with: write)
        } else {
            writes.append(write)
        }
    }

    /// Removes the queued write of `documentId` if it is still `write` (a newer merge stays).
    mutating func remove(_ write: PendingWrite) {
        writes.removeAll { $0 == write }
    }

    mutating func removeAll() { writes.removeAll() }
}
