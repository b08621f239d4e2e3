// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// One registered listener: the closure the engine delivers to and its "still active" flag, checked just
/// before each delivery (so nothing is delivered once `remove()` has returned).
final class ListenerSlot: Sendable {
    let deliver: @Sendable (ViewEvent) -> Void
    private let active = Atomic<Bool>(true)

    init(_ deliver: @escaping @Sendable (ViewEvent) -> Void) {
        self.deliver = deliver
    }

    /// Whether events should still be delivered.
    var isActive: Bool { active.load(ordering: .acquiring) }

    /// Stops deliveries; true for the call that stopped them.
    @discardableResult
    func deactivate() -> Bool {
        active.exchange(false, ordering: .acquiringAndReleasing)
    }
}
