// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import Foundation

/// A ``PersistenceIO`` that fails when told to: the `n`th write (1-based, counting the snapshot a file is
/// created with; a partial one writes half its bytes and leaves them), the `n`th synchronization, the `n`th
/// truncation.
final class FaultyIO: Sendable {
    private let failingWrites: Set<Int>
    private let partialWrites: Set<Int>
    private let failingSynchronizations: Set<Int>
    private let failingTruncations: Set<Int>
    private let counts = Locked((writes: 0, synchronizations: 0, truncations: 0))

    init(
        failingWrites: Set<Int> = [], partialWrites: Set<Int> = [], failingSynchronizations: Set<Int> = [],
        failingTruncations: Set<Int> = []
    ) {
        self.failingWrites = failingWrites
        self.partialWrites = partialWrites
        self.failingSynchronizations = failingSynchronizations
        self.failingTruncations = failingTruncations
    }

    /// The writes made so far (failed ones included).
    var writes: Int { counts.withLock { $0.writes } }

    var io: PersistenceIO {
        PersistenceIO(
            write: { [self] handle, data in
                let count = counts.withLock { counts in
                    counts.writes += 1
                    return counts.writes
                }
                if failingWrites.contains(count) { throw POSIXError(.ENOSPC) }
                if partialWrites.contains(count) {
                    try handle.write(contentsOf: data.prefix(data.count / 2))
                    throw POSIXError(.EIO)
                }
                try handle.write(contentsOf: data)
            },
            truncate: { [self] handle, length in
                let count = counts.withLock { counts in
                    counts.truncations += 1
                    return counts.truncations
                }
                if failingTruncations.contains(count) { throw POSIXError(.EIO) }
                try handle.truncate(atOffset: length)
                try handle.seek(toOffset: length)
            },
            synchronize: { [self] handle in
                let count = counts.withLock { counts in
                    counts.synchronizations += 1
                    return counts.synchronizations
                }
                if failingSynchronizations.contains(count) { throw POSIXError(.EIO) }
                try handle.synchronize()
            })
    }
}
