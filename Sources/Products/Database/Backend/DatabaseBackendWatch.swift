// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A watch on a ``DatabaseBackend``: the database's value when it started, and a way to stop it.
public final class DatabaseBackendWatch: ListenerRegistration {
    /// The value when the watch started; every later change reaches the watcher.
    let initial: DatabaseNode
    private let onRemove: ClosureListenerRegistration

    init(initial: DatabaseNode, onRemove: @escaping @Sendable () -> Void) {
        self.initial = initial
        self.onRemove = ClosureListenerRegistration(onRemove)
    }

    /// Stops the watch; later calls do nothing.
    public func remove() {
        onRemove.remove()
    }
}
