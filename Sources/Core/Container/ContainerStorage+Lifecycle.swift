// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// Starting an app's eager components, and shutting the storage down when the app is deleted.
extension ContainerStorage {
    /// Creates every eager component (after the app is published): the configure-time ones, or those among
    /// `slots` (a late library's). Failures go to the monitor; a deletion that overtakes the creations ends them
    /// quietly.
    func instantiateEagerComponents(_ slots: ArraySlice<ComponentSlot>? = nil) {
        for slot in slots ?? eagerSlots[...]
        where slot.role != .alias && slot.timing.isEager(inDefaultApp: isDefaultApp) {
            do {
                _ = try instanceAndCaching(at: slot.index)
            } catch {
                if case .appDeleted = error { return }
                report(error, resolving: slot.name)
            }
        }
    }

    /// Marks the storage deleted and every slot with it: lookups fail with ``ComponentError/appDeleted(name:)``
    /// from now on and no factory starts. Returns the cached instances, latest creation first. Creations still
    /// running are orphaned: their instances come out of ``lateInstances()``. Unpublished boxes and instances stay allocated
    /// until the storage goes away (a reader may be copying a value out of one); views are released, so a
    /// deleted and dropped app frees its storage. Idempotent.
    func shutDown() -> [StoredInstance] {
        deleted.store(true, ordering: .sequentiallyConsistent)
        isShutDown.withLock { $0 = true }
        let slots = allSlots
        var taken: [(UInt, Int)] = []
        var orphans = 0
        for index in 0..<slots.count {
            let pointer = word(index)
            while true {
                let current = pointer.pointee.load(ordering: .acquiring)
                if current == SlotWord.deleted { break }
                if SlotWord.isClaim(current) && current & 1 == 1 {
                    // Waiters sleep on the stripe: change the word under it and wake them.
                    let stripe = SlotStripes.stripe(seed: stripeSeed, index: index)
                    SlotStripes.lock(stripe)
                    let changed = pointer.pointee.compareExchange(
                        expected: current, desired: SlotWord.deleted,
                        ordering: .acquiringAndReleasing
                    ).exchanged
                    if changed { SlotStripes.broadcast(stripe) }
                    SlotStripes.unlock(stripe)
                    guard changed else { continue }
                } else {
                    guard
                        pointer.pointee.compareExchange(
                            expected: current, desired: SlotWord.deleted,
                            ordering: .acquiringAndReleasing
                        ).exchanged
                    else { continue }
                }
                if SlotWord.isClaim(current) {
                    // The creator finishes on its own; it hands its instance over and releases the view.
                    orphans += 1
                } else {
                    if SlotWord.isPublished(current) {
                        taken.append((current, slots[index].sequence))
                    }
                    releaseView(of: index)
                }
                break
            }
        }
        let boxes = taken.sorted { $0.1 > $1.1 }.map(\.0)
        retired.withLock { $0.append(contentsOf: boxes) }
        let waiting = deferredWaiters.withLock { waiters in
            defer { waiters = nil }
            return waiters?.byType.values.flatMap { $0.sorted { $0.key < $1.key }.map(\.value) } ?? []
        }
        for waiter in waiting { waiter.deleted() }
        late.withLock { $0.pending += orphans }
        return boxes.map { StoredInstance(word: $0) }
    }

    /// Waits until every creation orphaned by ``shutDown()`` has ended, and returns what they made (in the
    /// order they ended). Only `delete()` calls this, once.
    func lateInstances() async -> [StoredInstance] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = late.withLock { late -> Bool in
                guard late.pending > 0 else { return true }
                late.continuation = continuation
                return false
            }
            if now { continuation.resume() }
        }
        return late.withLock { late in
            defer { late.instances = [] }
            return late.instances
        }
    }
}

/// Creations that `delete()` orphaned: how many are still running (it may dip below zero while `delete()` is
/// still counting them), what the finished ones made, and `delete()` waiting for the rest.
struct LateCreations {
    var pending = 0
    var instances: [StoredInstance] = []
    var continuation: CheckedContinuation<Void, Never>?
}
