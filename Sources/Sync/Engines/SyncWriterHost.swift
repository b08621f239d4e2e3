// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// What shows a ``SyncWriter``'s queued writes: the ``DocumentSyncEngine`` itself, the ``CollectionSyncEngine``'s
/// ``CollectionEngineCore``.
@MainActor
protocol SyncWriterHost: AnyObject {
    /// The document's write was queued (`write` is its queued write, later writes merged in): show it in the
    /// engine's current value and its cache at once.
    func showQueuedWrite(_ write: PendingWrite)
}
