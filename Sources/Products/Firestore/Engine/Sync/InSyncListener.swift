// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A snapshots-in-sync listener (`Firestore.addSnapshotsInSyncListener(_:)`): called once when registered, then
/// after every round of deliveries that raised a snapshot to some listener, and told when the engine stops.
final class InSyncListener: Sendable {
    /// The "still registered" flag (nothing is called once the registration is removed); its closure is unused.
    let slot = ListenerSlot { _ in }
    private let listener: @Sendable () -> Void
    /// Called when the engine terminates (its instance or app is gone).
    let onTerminate: @Sendable () -> Void

    init(_ listener: @escaping @Sendable () -> Void, onTerminate: @escaping @Sendable () -> Void) {
        self.listener = listener
        self.onTerminate = onTerminate
    }

    /// Calls the listener if it is still registered.
    func fire() {
        if slot.isActive { listener() }
    }
}
