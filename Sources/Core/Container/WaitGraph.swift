// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// Who waits for whose creation, process-wide, to turn a cross-thread deadlock into an error.
///
/// A thread about to wait for a creation owned by thread B follows "B waits for a creation owned by C,
/// C waits for …"; if the chain comes back to the waiting thread, every thread in it would wait forever,
/// so the request fails with ``ComponentError/dependencyCycle(_:)`` naming the types on the chain.
/// Only the waiting slow path touches this; cached lookups and unwaited creations never do.
enum WaitGraph {
    /// One thread's wait: for the creation claimed as `claim` in `word`, of `slot`.
    struct Wait: @unchecked Sendable {
        /// The awaited creation's claim word (its owner's stack address, tagged).
        let claim: UInt
        /// The awaited slot's state word, alive while the waiter waits (the waiter is inside a call on its
        /// storage).
        let word: UnsafeMutablePointer<Atomic<UInt>>
        /// The awaited slot, for the cycle message; alive for the same reason.
        let slot: ComponentSlot

        /// Whether the awaited creation is still in progress.
        var isInProgress: Bool { word.pointee.load(ordering: .acquiring) | 1 == SlotWord.waited(claim) }
        /// The thread that owns the awaited creation.
        var owner: UInt { SlotWord.owner(of: claim) }
    }

    private static let waits = Locked<[UInt: Wait]>([:])

    /// Records that the thread whose creation stack has address `waiter` is about to wait for `wait`, or throws
    /// if that would deadlock. Balance with ``finishWaiting(_:)``.
    static func startWaiting(_ waiter: UInt, for wait: Wait) throws(ComponentError) {
        try waits.withLock { waits throws(ComponentError) in
            var chain = [wait]
            var owner = wait.owner
            while owner != waiter {
                guard let next = waits[owner], next.isInProgress, chain.count <= waits.count + 1 else {
                    waits[waiter] = wait
                    return
                }
                chain.append(next)
                owner = next.owner
            }
            throw ComponentError.dependencyCycle(chain.map(\.slot.name))
        }
    }

    /// Records that `waiter` no longer waits.
    static func finishWaiting(_ waiter: UInt) {
        _ = waits.withLock { $0.removeValue(forKey: waiter) }
    }
}
