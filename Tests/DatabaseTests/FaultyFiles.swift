// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

@testable import FlintDatabase

/// File operations that fail when told to: the `n`th append (1-based; a partial one writes half its bytes and
/// leaves them), every replace, every truncate (after truncating, when told so).
final class FaultyFiles: Sendable {
    private let failingAppends: Set<Int>
    private let partialAppends: Set<Int>
    private let failReplace: Bool
    private let failTruncate: Bool
    private let truncateBeforeFailing: Bool
    private let appends = Locked(0)

    init(
        failingAppends: Set<Int> = [], partialAppends: Set<Int> = [], failReplace: Bool = false,
        failTruncate: Bool = false,
        truncateBeforeFailing: Bool = false
    ) {
        self.truncateBeforeFailing = truncateBeforeFailing
        self.failingAppends = failingAppends
        self.partialAppends = partialAppends
        self.failReplace = failReplace
        self.failTruncate = failTruncate
    }

    var files: DatabaseFiles {
        var files = DatabaseFiles.system
        let system = DatabaseFiles.system
        files.append = { [self] data, url, offset in
            let count = appends.withLock { count in
                count += 1
                return count
            }
            if failingAppends.contains(count) { throw POSIXError(.ENOSPC) }
            if partialAppends.contains(count) {
                _ = try system.append(data.prefix(data.count / 2), url, offset)
                throw POSIXError(.EIO)
            }
            return try system.append(data, url, offset)
        }
        files.replace = { [failReplace] data, url in
            if failReplace { throw POSIXError(.EIO) }
            try system.replace(data, url)
        }
        files.truncate = { [failTruncate, truncateBeforeFailing] url in
            if truncateBeforeFailing { try system.truncate(url) }
            if failTruncate { throw POSIXError(.EIO) }
            try system.truncate(url)
        }
        return files
    }
}
