// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync
import Foundation

/// A `DataSyncLogger` that records every event name, in order.
final class RecordingSyncLogger: DataSyncLogger {
    private let recorded = Locked<[String]>([])

    /// The event names so far.
    var names: [String] { recorded.withLock { $0 } }

    /// How many events named `name` were logged.
    func count(_ name: String) -> Int { names.filter { $0 == name }.count }

    func trackEvent(name: String, parameters: [String: String]) {
        recorded.withLock { $0.append(name) }
    }
}

extension PendingWrite {
    /// The write with a fixed `createdAt`, to compare what it does.
    var timeless: PendingWrite {
        var write = self
        write.createdAt = Date(timeIntervalSince1970: 0)
        return write
    }
}
