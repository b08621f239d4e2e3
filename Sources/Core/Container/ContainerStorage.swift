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
    let retired = Locked<[UInt]>([])
    /// Creations that `delete()` orphaned, and what they made.
    let late = Locked(LateCreations())
    /// Waiters for types not provided yet (``Deferred``), by type; nil once the storage is shut down.
    let deferredWaiters = Locked<DeferredWaiters?>(DeferredWaiters())
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

    // MARK: Resolution

    /// The instance of the slot at `index`, creating it if needed, and whether it is cached (aliases cache
    /// exactly when their primary does). Typed callers use ``value(at:as:)`` instead.
    func instanceAndCaching(at index: Int) throws(ComponentError) -> (instance: StoredInstance, cached: Bool) {
        let word = word(index).pointee.load(ordering: .acquiring)
        if SlotWord.isPublished(word) { return (StoredInstance(word: word), true) }
        return try create(slot(at: index))
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
