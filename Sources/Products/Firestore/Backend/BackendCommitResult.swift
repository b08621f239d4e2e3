// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a successful commit returns.
public struct BackendCommitResult: Sendable, Hashable {
    /// The commit's sequence number (its ``BackendChangeBatch/sequenceNumber``).
    public let sequenceNumber: Int64
    /// The commit time (the value of server timestamps it wrote).
    public let commitTime: Timestamp

    /// A result.
    public init(sequenceNumber: Int64, commitTime: Timestamp) {
        self.sequenceNumber = sequenceNumber
        self.commitTime = commitTime
    }
}
