// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What a ``SyncWriter`` asks of the engine it writes for (``DocumentSyncEngine``, ``CollectionSyncEngine``).
@MainActor
protocol SyncWriterHost<Model>: AnyObject {
    /// The model written.
    associatedtype Model: DataSyncModelProtocol

    /// The remote's writes.
    /// - Throws: ``SyncError/appDeleted(name:)`` once the engine's app is gone.
    func remoteWrites() throws -> SyncRemoteWrites<Model>
    /// A write is about to be sent: reconnect the listener at once if it is down.
    func writeWillStart()
    /// The document's write was queued (`write` is its queued write, later writes merged in): show it in the
    /// engine's current value and its cache at once.
    func showQueuedWrite(_ write: PendingWrite)
}
