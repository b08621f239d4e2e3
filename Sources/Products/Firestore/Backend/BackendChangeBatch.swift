// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Everything one commit changed, as a ``FirestoreBackend`` streams it to watchers.
public struct BackendChangeBatch: Sendable {
    /// The commit's sequence number: 1, 2, 3… per database, delivered in this order.
    public let sequenceNumber: Int64
    /// The `origin` the committing client passed to ``FirestoreBackend/commit(_:database:caller:origin:)``,
    /// so that it recognizes the acknowledgement of its own writes.
    public let origin: String?
    /// The new state of each changed document.
    public let changes: [BackendChange]

    /// A batch.
    public init(sequenceNumber: Int64, origin: String?, changes: [BackendChange]) {
        self.sequenceNumber = sequenceNumber
        self.origin = origin
        self.changes = changes
    }
}
