/// Who waits for whose creation, process-wide, to turn a cross-thread deadlock into an error.
///
/// A thread about to wait for a creation owned by thread B follows "B waits for a creation owned by C,
/// C waits for …"; if the chain comes back to the waiting thread, every thread in it would wait forever,
/// so the request fails with ``ComponentError/dependencyCycle(_:)`` naming the types on the chain.
/// Only the waiting slow path touches this; cached lookups never do.
enum WaitGraph {
    private static let waits = Locked<[ObjectIdentifier: Creation]>([:])

    /// Waits for `creation` on behalf of `waiter`, or throws if waiting would deadlock.
    static func wait(for creation: Creation, by waiter: CreationStack) throws(ComponentError) {
        let me = ObjectIdentifier(waiter)
        try waits.withLock { waits throws(ComponentError) in
            var chain = [creation]
            var owner = creation.owner
            while owner != me {
                guard let next = waits[owner], !next.isFinished, chain.count <= waits.count + 1 else {
                    waits[me] = creation
                    return
                }
                chain.append(next)
                owner = next.owner
            }
            throw ComponentError.dependencyCycle(chain.map(\.slotName))
        }
        creation.waitUntilFinished()
        _ = waits.withLock { $0.removeValue(forKey: me) }
    }
}
