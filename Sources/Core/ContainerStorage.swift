// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// The shared state behind an app's ``ComponentContainer`` and the restricted views handed to factories:
/// the validated slots, the type table and the resolution engine.
@usableFromInline
final class ContainerStorage: @unchecked Sendable {
    /// The components, by library; slots refer to them by position.
    let groups: [ComponentGroup]
    /// The records of the configure-time slots that are not extra types (slot `i` is record `i`), which `slots`
    /// point into.
    let records: SlotTable
    /// The records of the configure-time extra types' slots, which come after the others.
    let aliasRecords: SlotTable?
    @usableFromInline let slots: [ComponentSlot]
    /// The configure-time slots created when the app is published (eager in this app), in slot order.
    let eagerSlots: [ComponentSlot]
    @usableFromInline let table: TypeTable
    /// `table`'s buckets and shift, copied here so that the cached fast path reads them without a hop.
    @usableFromInline let tableEntries: UnsafeMutableBufferPointer<TypeTable.Entry>
    @usableFromInline let tableShift: Int
    /// Every slot's resolved dependencies, slot after slot (see ``ComponentSlot/linkStart``).
    @usableFromInline let links: [DependencyLink]
    /// The configure-time slots' state words and kept views (late slots' are in the ``LateGraph``).
    @usableFromInline let lines: SlotLines
    /// Set contributions per set key, in registration order.
    let sets: [ObjectIdentifier: [Int]]
    @usableFromInline let appName: String
    let isDefaultApp: Bool
    @usableFromInline let monitor: (any ComponentMonitor)?
    /// Whether `monitor` is set (checked on every factory run without copying the existential).
    @usableFromInline let isMonitored: Bool
    @usableFromInline let deleted = Atomic<Bool>(false)
    @usableFromInline let creationSequence = Atomic<Int>(0)
    /// Where this storage's slots start in the process-wide stripe pool (``SlotStripes``).
    @usableFromInline let stripeSeed: Int
    /// Words (boxes and instances) unpublished by ``shutDown()``. A reader may still hold a box's address (it
    /// loaded the word just before), so they are released only when the storage itself goes away.
    private let retired = Locked<[UInt]>([])
    /// Creations that `delete()` orphaned, and what they made.
    private let late = Locked(LateCreations())
    /// Waiters for types not provided yet (``Deferred``), by type; nil once the storage is shut down.
    private let deferredWaiters = Locked<DeferredWaiters?>(DeferredWaiters())
    /// The current ``LateGraph``'s address (0: no library joined after configure). Graphs are kept alive by
    /// `lateGraphs` until the storage goes, so readers use the address without retaining.
    let lateAddress = Atomic<UInt>(0)
    /// Every late graph ever published.
    private let lateGraphs = Locked<[LateGraph]>([])
    /// Whether ``shutDown()`` began: late libraries no longer join (checked and set under this lock).
    let isShutDown = Locked(false)
    /// The owning app; set once before the app is published, read-only afterwards.
    weak var app: FlintApp?

    init(
        groups: [ComponentGroup], records: SlotTable, aliasRecords: SlotTable?, slots: [ComponentSlot],
        eagerSlots: [ComponentSlot],
        table: TypeTable, links: [DependencyLink], sets: [ObjectIdentifier: [Int]], appName: String, isDefaultApp: Bool,
        monitor: (any ComponentMonitor)?
    ) {
        self.groups = groups
        self.records = records
        self.aliasRecords = aliasRecords
        self.slots = slots
        self.eagerSlots = eagerSlots
        self.table = table
        tableEntries = table.entries
        tableShift = table.shift
        self.links = links
        lines = SlotLines(count: slots.count)
        self.sets = sets
        self.appName = appName
        self.isDefaultApp = isDefaultApp
        self.monitor = monitor
        isMonitored = monitor != nil
        stripeSeed = Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(table).hashValue) >> 6)
    }

    deinit {
        lines.destroy()
        for chunk in lateGraph?.chunks ?? [] { chunk.destroy() }
        for word in retired.withLock({ $0 }) { SlotWord.release(word) }
    }

    @inlinable var isDeleted: Bool { deleted.load(ordering: .acquiring) }

    // MARK: Slots, configure-time and late

    /// The library graph that joined after configure, if any.
    var lateGraph: LateGraph? {
        let address = lateAddress.load(ordering: .acquiring)
        guard address != 0 else { return nil }
        return Unmanaged<LateGraph>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
    }

    /// The slot index providing `id`: the configure-time table first (no extra cost for those types), then the
    /// late graph's.
    @inlinable @inline(__always)
    func index(of id: ObjectIdentifier) -> Int? {
        table.index(of: id) ?? lateIndex(of: id)
    }

    /// The late graph's slot index for `id`.
    @usableFromInline
    func lateIndex(of id: ObjectIdentifier) -> Int? {
        guard lateAddress.load(ordering: .relaxed) != 0 else { return nil }
        return lateGraph?.table.index(of: id)
    }

    /// The slot at `index`, configure-time or late.
    @usableFromInline
    func slot(at index: Int) -> ComponentSlot {
        // Configure-time slot `i` is record `i` of `records`, unless it is an extra type's.
        if index < records.count { return ComponentSlot(records.record(index)) }
        return index < slots.count ? slots[index] : lateGraph.unsafelyUnwrapped.slots[index - slots.count]
    }

    /// Every slot, configure-time then late.
    var allSlots: [ComponentSlot] {
        guard let late = lateGraph else { return slots }
        return slots + late.slots
    }

    /// The group at `index`, configure-time or late.
    func group(at index: Int) -> ComponentGroup {
        index < groups.count ? groups[index] : lateGraph.unsafelyUnwrapped.groups[index - groups.count]
    }

    /// The contributions to the set keyed `id`, configure-time then late.
    func setMembers(of id: ObjectIdentifier) -> [Int] {
        let members = sets[id] ?? []
        guard let late = lateGraph?.sets[id] else { return members }
        return members + late
    }

    /// The state word of slot `index`.
    @inlinable @inline(__always)
    func word(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        if index < lines.count { return lines.word(index) }
        return lateWord(index)
    }

    @usableFromInline
    func lateWord(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        let (chunk, position) = lateGraph.unsafelyUnwrapped.chunk(for: index)
        return chunk.word(position)
    }

    /// The kept view of slot `index`.
    func view(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
        if index < lines.count { return lines.view(index) }
        let (chunk, position) = lateGraph.unsafelyUnwrapped.chunk(for: index)
        return chunk.view(position)
    }

    /// The dependencies `slot`'s component declared (an extra type depends on its primary).
    func dependencies(of slot: ComponentSlot) -> [Dependency] {
        guard slot.alias < 0 else {
            return [Dependency(key: self.slot(at: slot.primary).key, kind: .direct, isRequired: true)]
        }
        return group(at: slot.group).components[slot.position].dependencies
    }

    /// The link of `slot`'s dependency on `id` of `kind` (what its restricted container allows), or nil when
    /// the component did not declare it. A linear scan of adjacent entries: components declare a handful of
    /// dependencies.
    @inlinable @inline(__always)
    func link(to id: ObjectIdentifier, as kind: Dependency.Kind, declaredBy slot: ComponentSlot) -> DependencyLink? {
        guard slot.index < slots.count else { return lateLink(to: id, as: kind, declaredBy: slot) }
        var position = slot.linkStart
        while position < slot.linkEnd {
            let link = links[position]
            if link.keyID == id && link.kind == kind { return link }
            position &+= 1
        }
        return nil
    }

    /// ``link(to:as:declaredBy:)`` for a late slot.
    @usableFromInline
    func lateLink(to id: ObjectIdentifier, as kind: Dependency.Kind, declaredBy slot: ComponentSlot) -> DependencyLink?
    {
        let links = lateGraph.unsafelyUnwrapped.links
        return links[slot.linkStart..<slot.linkEnd].first { $0.keyID == id && $0.kind == kind }
    }

    /// Publishes `graph` as the storage's late graph, unless the storage is shut down. Only the registry calls
    /// this, under its lock, so graphs are published one at a time.
    func publish(_ graph: LateGraph) -> Bool {
        isShutDown.withLock { isShutDown in
            guard !isShutDown else { return false }
            lateGraphs.withLock { $0.append(graph) }
            lateAddress.store(UInt(bitPattern: Unmanaged.passUnretained(graph).toOpaque()), ordering: .releasing)
            return true
        }
    }

    /// The state of slot `index`, for the graph export.
    func state(of index: Int) -> ComponentGraph.Node.InstanceState {
        let word = word(index).pointee.load(ordering: .acquiring)
        if SlotWord.isPublished(word) { return .cached }
        switch word {
        case SlotWord.uncacheable: return .uncached
        case SlotWord.deleted: return .deleted
        default: return .notCreated
        }
    }

    /// The app container's fast path: the cached value of the configure-time type `id` as `T`, or nil when it is
    /// not a configure-time type or not cached (the caller then takes the full path).
    @inlinable @inline(__always)
    func cachedValue<T: Sendable>(of id: ObjectIdentifier, as type: T.Type) -> T? {
        // The configure-time table only holds configure-time slots, whose words are in `lines`.
        guard let index = TypeTable.lookup(id, in: tableEntries, shift: tableShift) else { return nil }
        let word = lines.word(index).pointee.load(ordering: .acquiring)
        if Self.mayStoreItself(T.self), let instance = SlotWord.instanceAddress(word) {
            return Self.value(ofInstanceAt: instance, as: T.self)
        }
        if SlotWord.isBox(word) { return Self.value(inBox: word, as: T.self) }
        return nil
    }

    /// Whether `T`'s instances may be stored as themselves (see ``StoredInstance``): a constant where `T` is
    /// known, so lookups of types of another size (existentials with witness tables, most structs) do not test
    /// for an unboxed instance at all. Lookups of class types test for one first (the form their instances
    /// take), so they cost no more instructions than a boxed lookup and one dependent load fewer.
    @inlinable @inline(__always)
    static func mayStoreItself<T>(_ type: T.Type) -> Bool {
        MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
    }

    /// The class instance stored as itself at `address` (from ``SlotWord/instanceAddress(_:)``), as `T`, retained
    /// once for the caller (the line's reference stays; the instance lives as long as the storage).
    @inlinable @inline(__always)
    static func value<T: Sendable>(ofInstanceAt address: UInt, as type: T.Type) -> T {
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { unsafeBitCast($0, to: T.self) }
    }

    /// The value in the published box whose address is `word`, copied out without retaining the box (it stays
    /// allocated for as long as the storage).
    @inlinable @inline(__always)
    static func value<T: Sendable>(inBox word: UInt, as type: T.Type) -> T {
        Unmanaged<AnyInstanceBox>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { unsafeDowncast($0, to: InstanceBox<T>.self).value }
    }

    /// The resolution fast path: the value of slot `index` as `T` (which must be the slot's type), creating it
    /// if needed. A cached value takes one acquire load of the slot's word and a copy out of the published box,
    /// which stays allocated for as long as the storage (no lock, no reference count on the box).
    @inlinable @inline(__always)
    func value<T: Sendable>(at index: Int, as type: T.Type) throws(ComponentError) -> T {
        let word = word(index).pointee.load(ordering: .acquiring)
        if Self.mayStoreItself(T.self), let instance = SlotWord.instanceAddress(word) {
            return Self.value(ofInstanceAt: instance, as: T.self)
        }
        if SlotWord.isBox(word) { return Self.value(inBox: word, as: T.self) }
        return try uncachedValue(at: index, word: word, as: T.self)
    }

    /// The rest of ``value(at:as:)``: a fresh instance from a factory known not to cache, or a creation.
    @inlinable
    func uncachedValue<T: Sendable>(at index: Int, word: UInt, as type: T.Type) throws(ComponentError) -> T {
        let slot = self.slot(at: index)
        if word == SlotWord.uncacheable, slot.typedFactory != nil {
            return try makeUncacheable(slot, as: T.self)
        }
        return try Self.value(of: creation(slot), as: T.self)
    }

    /// The value of `made` as `T`: a published instance read from its word as a cached lookup reads it (one copy,
    /// the line keeps its reference), an uncached one taken from the creation.
    @inlinable @inline(__always)
    static func value<T: Sendable>(of made: Creation, as type: T.Type) -> T {
        if let instance = made.uncached { return instance.value(as: T.self) }
        if mayStoreItself(T.self), let instance = SlotWord.instanceAddress(made.word) {
            return value(ofInstanceAt: instance, as: T.self)
        }
        return value(inBox: made.word, as: T.self)
    }

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
            guard finish(slot, claim: claim, to: SlotWord.uncacheable) else { throw orphaned(slot, made: nil) }
            throw factoryError(error, in: slot)
        }
        guard let made else {
            guard finish(slot, claim: claim, to: SlotWord.uncacheable) else { throw orphaned(slot, made: nil) }
            throw .factoryReturnedNil(type: slot.name)
        }
        if let started { reportCreation(of: slot, startedAt: started, isCached: isCacheable) }
        guard isCacheable else {
            guard finish(slot, claim: claim, to: SlotWord.uncacheable) else {
                throw orphaned(slot, made: StoredInstance(box: InstanceBox<T>(made)))
            }
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
    private func releaseView(of index: Int) {
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

    // MARK: Resolution

    /// The instance of the slot at `index`, creating it if needed, and whether it is cached (aliases cache
    /// exactly when their primary does). Typed callers use ``value(at:as:)`` instead.
    func instanceAndCaching(at index: Int) throws(ComponentError) -> (instance: StoredInstance, cached: Bool) {
        let word = word(index).pointee.load(ordering: .acquiring)
        if SlotWord.isPublished(word) { return (StoredInstance(word: word), true) }
        return try create(slot(at: index))
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
            if current == SlotWord.deleted { throw .appDeleted(name: appName) }
            if SlotWord.isClaim(current) {
                try waitForCreation(of: slot, claimedAs: current & ~1, by: stack)
                continue
            }
            // Empty or known uncacheable: claim it, this thread runs the factory and others wait.
            guard pointer.pointee.compareExchange(expected: current, desired: claim, ordering: .acquiring).exchanged
            else { continue }
            let made: (instance: StoredInstance, cached: Bool)
            do {
                made = try run(slot, on: stack, keepingView: current == SlotWord.uncacheable)
            } catch {
                guard finish(slot, claim: claim, to: current) else { throw orphaned(slot, made: nil) }
                throw error
            }
            if made.cached { return Creation(word: try publish(made.instance, in: slot, claim: claim), uncached: nil) }
            guard finish(slot, claim: claim, to: SlotWord.uncacheable) else {
                throw orphaned(slot, made: made.instance)
            }
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

    // MARK: Deferred dependencies

    /// Registers `waiter` to be told when a component provides `id`, unless one does now or the storage is shut
    /// down. Checked under the same lock that ``announceAvailable(_:)`` takes after the graph grew, so a waiter is
    /// either told now or registered in time.
    func waitForAvailability(of id: ObjectIdentifier, _ waiter: DeferredWaiter) -> DeferredWaitOutcome {
        deferredWaiters.withLock { waiters in
            guard waiters != nil else { return .deleted }
            if index(of: id) != nil { return .availableNow }
            let token = waiters!.nextToken
            waiters!.nextToken += 1
            waiters!.byType[id, default: [:]][token] = waiter
            waiters!.typeOfToken[token] = id
            return .registered(token)
        }
    }

    /// Withdraws a waiter registered by ``waitForAvailability(of:_:)`` (nothing if it was told already).
    func cancelWaiting(_ token: Int) {
        deferredWaiters.withLock { waiters in
            guard let id = waiters?.typeOfToken.removeValue(forKey: token) else { return }
            waiters!.byType[id]?[token] = nil
        }
    }

    /// Tells the waiters of every type in `ids`, now provided, with no lock held.
    func announceAvailable(_ ids: [ObjectIdentifier]) {
        let told = deferredWaiters.withLock { waiters -> [DeferredWaiter] in
            guard waiters != nil else { return [] }
            var told: [DeferredWaiter] = []
            for id in ids {
                guard let entries = waiters!.byType.removeValue(forKey: id) else { continue }
                for (token, waiter) in entries.sorted(by: { $0.key < $1.key }) {
                    waiters!.typeOfToken[token] = nil
                    told.append(waiter)
                }
            }
            return told
        }
        for waiter in told { waiter.available() }
    }

    // MARK: Eager instantiation and deletion

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
        deleted.store(true, ordering: .releasing)
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

    /// Sends a failed resolution to the monitor (nil results by design — not registered, factory gave nil —
    /// are not failures).
    @usableFromInline
    func report(_ error: ComponentError, resolving typeName: String) {
        guard let monitor else { return }
        switch error {
        case .notRegistered, .factoryReturnedNil: return
        default:
            monitor.resolutionFailed(ComponentFailureEvent(typeName: typeName, appName: appName, error: error))
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

/// The waiters for types a container does not provide yet.
struct DeferredWaiters {
    var byType: [ObjectIdentifier: [Int: DeferredWaiter]] = [:]
    var typeOfToken: [Int: ObjectIdentifier] = [:]
    var nextToken = 0
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
