// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// The slow path of a lookup: creating a slot's instance, one creation per slot at a time.
///
/// The protocol, for every creation: **claim** the slot (a compare-and-swap of its state word, ``SlotWord``, from
/// empty or uncacheable to a claim naming this thread's ``CreationStack``), check that `delete()` has not begun
/// (``ContainerStorage/abandonIfDeleted(_:claim:restoring:)``), **run** the factory with no lock held, then either
/// **publish** the instance (cached) or **hand the slot over** back to uncacheable or empty
/// (``ContainerStorage/handOver(_:claim:to:orphaning:)``), waking the threads that wait for it on the slot's stripe
/// (``SlotStripes``). A creation that `delete()` overtook is **orphaned**: what it made goes to `delete()`, and its
/// caller gets ``ComponentError/appDeleted(name:)``. Other threads that find a claim wait for it
/// (``WaitGraph`` turns a wait that would never end into a cycle error).
extension ContainerStorage {
    /// The fresh-instance fast path, specialized for `T`: claims the slot (one compare-and-swap; a running
    /// creation or any other state takes the general path), runs the slot's typed factory with no box in between
    /// and hands the slot back. A box is made only if the factory now asks to be cached. Runs of one factory
    /// never overlap, so a factory that starts caching creates its instance exactly once.
    @inlinable
    func makeUncacheable<T: Sendable>(_ slot: ComponentSlot, as type: T.Type) throws(ComponentError) -> T {
        let stack = CreationStack.current
        if let cycle = stack.cycle(reentering: slot) { throw .dependencyCycle(cycle) }
        let claim = SlotWord.claim(by: stack.address)
        guard
            word(slot.index).pointee.compareExchange(
                expected: SlotWord.uncacheable, desired: claim, ordering: .acquiring
            ).exchanged
        else {
            return try Self.value(of: creation(slot), as: T.self)
        }
        try abandonIfDeleted(slot, claim: claim, restoring: SlotWord.uncacheable)
        let view = claimedView(for: slot)
        let started = isMonitored ? Self.monotonicNow() : nil
        var isCacheable = false
        let made: T?
        stack.push(slot)
        do {
            // The `typedFactory` of a slot keyed by `T` is a `TypedFactory<T>`, kept alive by the slot's component.
            made = try Unmanaged<TypedFactory<T>>.fromOpaque(slot.typedFactory.unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { try $0.make(view, &isCacheable) }
            stack.pop()
        } catch {
            stack.pop()
            try handOver(slot, claim: claim, to: SlotWord.uncacheable)
            throw factoryError(error, in: slot)
        }
        guard let made else {
            try handOver(slot, claim: claim, to: SlotWord.uncacheable)
            throw .factoryReturnedNil(type: slot.name)
        }
        if let started { reportCreation(of: slot, startedAt: started, isCached: isCacheable) }
        guard isCacheable else {
            try handOver(
                slot, claim: claim, to: SlotWord.uncacheable, orphaning: StoredInstance(box: InstanceBox<T>(made)))
            return made
        }
        _ = try publish(StoredInstance(box: InstanceBox<T>(made)), in: slot, claim: claim)
        return made
    }

    /// The restricted container `slot`'s factory receives, created once and kept in the slot's line. Call only
    /// while holding the slot's claim: the claim holder is the only thread that reads or writes the view of a
    /// live slot.
    @usableFromInline
    func claimedView(for slot: ComponentSlot) -> ComponentContainer {
        let pointer = view(slot.index)
        let bits = pointer.pointee.load(ordering: .relaxed)
        if bits != 0 {
            return Unmanaged<ComponentContainer>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
                .takeUnretainedValue()
        }
        let view = ComponentContainer(storage: self, requester: slot)
        pointer.pointee.store(UInt(bitPattern: Unmanaged.passRetained(view).toOpaque()), ordering: .relaxed)
        return view
    }

    /// Checked right after claiming `slot`, before its factory starts: if `delete()` has begun (it may not have
    /// reached this slot yet), hands the claim back to `previous` for `delete()` to mark, and throws
    /// ``ComponentError/appDeleted(name:)``. Sequentially consistent with the store in ``shutDown()``: a claim
    /// that reads false here was made before the deletion began, and `delete()` waits for its creation.
    @usableFromInline
    func abandonIfDeleted(_ slot: ComponentSlot, claim: UInt, restoring previous: UInt) throws(ComponentError) {
        guard deleted.load(ordering: .sequentiallyConsistent) else { return }
        try handOver(slot, claim: claim, to: previous)
        throw .appDeleted(name: appName)
    }

    /// Hands a claimed slot over to `word` (a box, uncacheable or empty), waking the creation's waiters.
    /// Returns false when `delete()` orphaned the creation meanwhile (the word is then left deleted).
    @usableFromInline
    func finish(_ slot: ComponentSlot, claim: UInt, to newWord: UInt) -> Bool {
        let pointer = word(slot.index)
        if pointer.pointee.compareExchange(expected: claim, desired: newWord, ordering: .releasing).exchanged {
            return true
        }
        // Someone waits (or the app was deleted): the waiters sleep on the slot's stripe.
        let stripe = SlotStripes.stripe(seed: stripeSeed, index: slot.index)
        SlotStripes.lock(stripe)
        let handed = pointer.pointee.compareExchange(
            expected: SlotWord.waited(claim), desired: newWord,
            ordering: .releasing
        ).exchanged
        if handed { SlotStripes.broadcast(stripe) }
        SlotStripes.unlock(stripe)
        return handed
    }

    /// Hands the claimed slot over to `newWord` (see ``finish(_:claim:to:)``); when `delete()` orphaned the creation
    /// meanwhile, hands `made` (what the creation made, if anything) to `delete()` instead and throws
    /// ``ComponentError/appDeleted(name:)``. The one ending of every claim that does not publish an instance.
    @inlinable @inline(__always)
    func handOver(
        _ slot: ComponentSlot, claim: UInt, to newWord: UInt, orphaning made: @autoclosure () -> StoredInstance? = nil
    ) throws(ComponentError) {
        guard finish(slot, claim: claim, to: newWord) else { throw orphaned(slot, made: made()) }
    }

    /// Publishes `instance` as the cached instance of the claimed slot, its reference handed to the slot's line,
    /// and returns the published word; or, if the app was deleted meanwhile, hands the instance to `delete()` and
    /// throws ``ComponentError/appDeleted(name:)``.
    @usableFromInline
    func publish(_ instance: consuming StoredInstance, in slot: ComponentSlot, claim: UInt) throws(ComponentError)
        -> UInt
    {
        slot.sequence = creationSequence.wrappingAdd(1, ordering: .relaxed).newValue
        let word = instance.takeWord()
        guard finish(slot, claim: claim, to: word) else {
            let instance = StoredInstance(word: word)
            SlotWord.release(word)
            throw orphaned(slot, made: instance)
        }
        return word
    }

    /// A creation that `delete()` orphaned has ended: its instance (if any) goes to `delete()`, which notifies
    /// it, and the slot's view, which only this thread could still be using, is released.
    @usableFromInline
    func orphaned(_ slot: ComponentSlot, made box: StoredInstance?) -> ComponentError {
        releaseView(of: slot.index)
        let continuation = late.withLock { late -> CheckedContinuation<Void, Never>? in
            if let box { late.instances.append(box) }
            late.pending -= 1
            guard late.pending == 0 else { return nil }
            defer { late.continuation = nil }
            return late.continuation
        }
        continuation?.resume()
        return .appDeleted(name: appName)
    }

    /// Releases the view kept in line `index`. Only when no thread can claim the slot any more, or by the claim
    /// holder.
    func releaseView(of index: Int) {
        let bits = view(index).pointee.exchange(0, ordering: .acquiringAndReleasing)
        if bits != 0 { Unmanaged<ComponentContainer>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }

    /// A factory's thrown error as reported: a ``ComponentError`` passes through, anything else is
    /// ``ComponentError/factoryFailed(type:reason:)``.
    @usableFromInline
    func factoryError(_ error: any Error, in slot: ComponentSlot) -> ComponentError {
        if let error = error as? ComponentError { return error }
        return .factoryFailed(type: slot.name, reason: String(describing: error))
    }

    /// The time since a fixed origin on the continuous clock, for timing factory runs. A `Duration` rather than
    /// a `ContinuousClock.Instant` because `Duration` is frozen: an optional one costs no value-witness calls.
    @usableFromInline
    static func monotonicNow() -> Duration {
        clockOrigin.duration(to: .now)
    }

    private static let clockOrigin = ContinuousClock.now

    /// Tells the monitor about a factory run that started at `started` (a ``monotonicNow()`` reading).
    @usableFromInline
    func reportCreation(of slot: ComponentSlot, startedAt started: Duration, isCached: Bool) {
        monitor?.componentCreated(
            ComponentCreationEvent(
                typeName: slot.name, appName: appName, libraryName: slot.libraryName,
                duration: Self.monotonicNow() - started, isCached: isCached, timing: slot.timing))
    }

    /// The slow path: claim the slot and run its factory, or wait for the thread that does. No lock is held
    /// while a factory runs; a claim and its hand-over are one compare-and-swap each unless somebody waits.
    func create(_ slot: ComponentSlot) throws(ComponentError) -> (instance: StoredInstance, cached: Bool) {
        let made = try creation(slot)
        if let instance = made.uncached { return (instance, false) }
        return (StoredInstance(word: made.word), true)
    }

    /// ``create(_:)``, returning a cached instance as its published word (the slot's line owns the reference the
    /// factory returned: no retain and release to hand it over).
    @usableFromInline
    func creation(_ slot: ComponentSlot) throws(ComponentError) -> Creation {
        let stack = CreationStack.current
        if let cycle = stack.cycle(reentering: slot) { throw .dependencyCycle(cycle) }
        let pointer = word(slot.index)
        let claim = SlotWord.claim(by: stack.address)
        while true {
            let current = pointer.pointee.load(ordering: .acquiring)
            if SlotWord.isPublished(current) { return Creation(word: current, uncached: nil) }
            // Once `delete()` has begun no factory starts, including for the waiters of a creation that failed.
            if current == SlotWord.deleted || isDeleted { throw .appDeleted(name: appName) }
            if SlotWord.isClaim(current) {
                try waitForCreation(of: slot, claimedAs: current & ~1, by: stack)
                continue
            }
            // Empty or known uncacheable: claim it, this thread runs the factory and others wait.
            guard pointer.pointee.compareExchange(expected: current, desired: claim, ordering: .acquiring).exchanged
            else { continue }
            try abandonIfDeleted(slot, claim: claim, restoring: current)
            let made: (instance: StoredInstance, cached: Bool)
            do {
                made = try run(slot, on: stack, keepingView: current == SlotWord.uncacheable)
            } catch {
                try handOver(slot, claim: claim, to: current)
                throw error
            }
            if made.cached { return Creation(word: try publish(made.instance, in: slot, claim: claim), uncached: nil) }
            try handOver(slot, claim: claim, to: SlotWord.uncacheable, orphaning: made.instance)
            return Creation(word: 0, uncached: made.instance)
        }
    }

    /// Blocks until the creation claimed as `claim` (by another thread) ends, or throws
    /// ``ComponentError/dependencyCycle(_:)`` if the threads involved would wait for each other forever.
    private func waitForCreation(
        of slot: ComponentSlot, claimedAs claim: UInt,
        by stack: CreationStack
    ) throws(ComponentError) {
        let pointer = word(slot.index)
        let me = stack.address
        try WaitGraph.startWaiting(me, for: WaitGraph.Wait(claim: claim, word: pointer, slot: slot))
        defer { WaitGraph.finishWaiting(me) }
        let stripe = SlotStripes.stripe(seed: stripeSeed, index: slot.index)
        SlotStripes.lock(stripe)
        while true {
            let current = pointer.pointee.load(ordering: .acquiring)
            if current == claim {
                // Tell the creator to wake us: it then hands the slot over under the stripe.
                guard
                    pointer.pointee.compareExchange(
                        expected: claim, desired: SlotWord.waited(claim),
                        ordering: .relaxed
                    ).exchanged
                else { continue }
            } else if current != SlotWord.waited(claim) {
                break
            }
            SlotStripes.wait(stripe)
        }
        SlotStripes.unlock(stripe)
    }

    /// Runs the slot's factory (or, for an extra type, converts its primary's instance) with the slot on this
    /// thread's creation stack.
    /// `keepingView`: keep the factory's view in the slot's line (for factories known not to cache, which run
    /// again and again); a first creation uses a temporary one.
    private func run(_ slot: ComponentSlot, on stack: CreationStack, keepingView: Bool) throws(ComponentError)
        -> (instance: StoredInstance, cached: Bool)
    {
        stack.push(slot)
        defer { stack.pop() }
        if slot.alias >= 0 {
            let (instance, cached) = try instanceAndCaching(at: slot.primary)
            return (group(at: slot.group).components[slot.position].aliases[slot.alias].convert(instance), cached)
        }
        let started = isMonitored ? Self.monotonicNow() : nil
        let view = keepingView ? claimedView(for: slot) : ComponentContainer(storage: self, requester: slot)
        var isCacheable = false
        let made: StoredInstance?
        do {
            // The factory box is owned by the slot's component, which the storage keeps for as long as its slots.
            made = try Unmanaged<ErasedFactoryBox>.fromOpaque(slot.erasedFactory.unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { try $0.make(view, &isCacheable) }
        } catch {
            throw factoryError(error, in: slot)
        }
        guard let made else { throw .factoryReturnedNil(type: slot.name) }
        if let started { reportCreation(of: slot, startedAt: started, isCached: isCacheable) }
        return (made, isCacheable)
    }
}

/// What ``ContainerStorage/creation(_:)`` made: a published instance's slot word (the line owns the instance), or
/// an instance that is not cached.
@usableFromInline
struct Creation {
    /// The published word (0 for an uncached instance).
    @usableFromInline let word: UInt
    /// The uncached instance, nil when the instance was published.
    @usableFromInline let uncached: StoredInstance?
}
