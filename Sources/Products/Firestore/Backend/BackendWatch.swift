// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A watch on a database's changes (``FirestoreBackend/watch(database:_:)``).
public struct BackendWatch: Sendable {
    /// Removes the watch.
    public let registration: any ListenerRegistration
    /// The database's last commit sequence number when the watch started: the watcher receives every batch
    /// numbered after it (and may receive some numbered before, which it ignores).
    public let sequenceNumber: Int64

    /// A watch.
    public init(registration: any ListenerRegistration, sequenceNumber: Int64) {
        self.registration = registration
        self.sequenceNumber = sequenceNumber
    }
}
