import Synchronization

/// The shared state behind an app's ``ComponentContainer`` and the restricted views handed to factories:
/// the validated slots, the type table and the resolution engine.
@usableFromInline
final class ContainerStorage: @unchecked Sendable {
    /// The components, by library; slots refer to them by position.
    let groups: [ComponentGroup]
    @usableFromInline let slots: [ComponentSlot]
    @usableFromInline let table: TypeTable
    /// Every slot's resolved dependencies, slot after slot (see ``ComponentSlot/linkStart``).
    @usableFromInline let links: [DependencyLink]
    /// Each slot's lock and cached box, one cache line per slot.
    @usableFromInline let lines: SlotLines
    /// Set contributions per set key, in registration order.
    let sets: [ObjectIdentifier: [Int]]
    @usableFromInline let appName: String
    let isDefaultApp: Bool
    @usableFromInline let monitor: (any ComponentMonitor)?
    /// Whether `monitor` is set (checked on every factory run without copying the existential).
    @usableFromInline let isMonitored: Bool
    @usableFromInline let deleted = Atomic<Bool>(false)
    private let creationSequence = Atomic<Int>(0)
    /// The owning app; set once before the app is published, read-only afterwards.
    weak var app: FlintApp?

    init(groups: [ComponentGroup], slots: [ComponentSlot], table: TypeTable, links: [DependencyLink],
         sets: [ObjectIdentifier: [Int]], appName: String, isDefaultApp: Bool, monitor: (any ComponentMonitor)?) {
        self.groups = groups
        self.slots = slots
        self.table = table
        self.links = links
        lines = SlotLines(count: slots.count)
        self.sets = sets
        self.appName = appName
        self.isDefaultApp = isDefaultApp
        self.monitor = monitor
        isMonitored = monitor != nil
    }

    deinit {
        lines.destroy()
    }

    @inlinable var isDeleted: Bool { deleted.load(ordering: .acquiring) }

    /// The dependencies `slot`'s component declared (an extra type depends on its primary).
    func dependencies(of slot: ComponentSlot) -> [Dependency] {
        guard slot.alias < 0 else { return [Dependency(key: slots[slot.primary].key, kind: .direct, isRequired: true)] }
        return groups[slot.group].components[slot.position].dependencies
    }

    /// The link of `slot`'s dependency on `id` of `kind` (what its restricted container allows), or nil when
    /// the component did not declare it. A linear scan of adjacent entries: components declare a handful of
    /// dependencies.
    @inlinable @inline(__always)
    func link(to id: ObjectIdentifier, as kind: Dependency.Kind, declaredBy slot: ComponentSlot) -> DependencyLink? {
        var position = slot.linkStart
        while position < slot.linkEnd {
            let link = links[position]
            if link.keyID == id && link.kind == kind { return link }
            position &+= 1
        }
        return nil
    }

    /// Runs `body` with exclusive access to `slot`'s creation state, keeping the line's cached box in step
    /// with it (the box is set when the state becomes `.cached`, released when it stops being).
    func withState<Result>(of slot: ComponentSlot, _ body: (inout ComponentSlot.State) -> Result) -> Result {
        let lock = lines.lock(slot.index)
        LineLock.lock(lock)
        defer { LineLock.unlock(lock) }
        let result = body(&slot.state)
        if case .empty(knownUncacheable: true) = slot.state {
            lines.uncacheableFlag(slot.index).pointee = 1
        } else {
            lines.uncacheableFlag(slot.index).pointee = 0
        }
        let cached = lines.cachedPointer(slot.index)
        if case .cached(let box, _) = slot.state {
            if cached.pointee == nil { cached.pointee = Unmanaged.passRetained(box) }
        } else if let old = cached.pointee {
            cached.pointee = nil
            old.release()
        }
        return result
    }

    /// The cached box of slot `index`, retained, or nil.
    func cachedBox(at index: Int) -> AnyInstanceBox? {
        let lock = lines.lock(index)
        LineLock.lock(lock)
        defer { LineLock.unlock(lock) }
        return lines.cachedPointer(index).pointee?.takeUnretainedValue()
    }

    /// The resolution fast path: the value of slot `index` as `T` (which must be the slot's type), creating it
    /// if needed. A cached value is copied out under the line's lock without retaining the box or the slot.
    @inlinable @inline(__always)
    func value<T: Sendable>(at index: Int, as type: T.Type) throws(ComponentError) -> T {
        if deleted.load(ordering: .relaxed) { throw .appDeleted(name: appName) }
        let lock = lines.lock(index)
        LineLock.lock(lock)
        if let cached = lines.cachedPointer(index).pointee {
            let value = cached._withUnsafeGuaranteedRef { unsafeDowncast($0, to: InstanceBox<T>.self).value }
            LineLock.unlock(lock)
            return value
        }
        if lines.uncacheableFlag(index).pointee != 0 {
            let slot = slots[index]
            if slot.typedFactory != nil {
                let view = lockedView(for: slot)
                LineLock.unlock(lock)
                return try makeUncacheable(slot, view: view, as: T.self)
            }
            LineLock.unlock(lock)
            return unsafeDowncast(try createUncacheable(slot).box, to: InstanceBox<T>.self).value
        }
        LineLock.unlock(lock)
        return unsafeDowncast(try create(slots[index]).box, to: InstanceBox<T>.self).value
    }

    /// The fresh-instance fast path, specialized for `T`: runs the slot's typed factory with no box in
    /// between (a box is made only if the factory now asks to be cached).
    @inlinable
    func makeUncacheable<T: Sendable>(_ slot: ComponentSlot, view: ComponentContainer, as type: T.Type) throws(ComponentError) -> T {
        let stack = CreationStack.current
        if let cycle = stack.cycle(reentering: slot) { throw .dependencyCycle(cycle) }
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
            throw factoryError(error, in: slot)
        }
        guard let made else { throw .factoryReturnedNil(type: slot.name) }
        if let started { reportCreation(of: slot, startedAt: started, isCached: isCacheable) }
        guard isCacheable else { return made }
        return unsafeDowncast(try install(InstanceBox<T>(made), in: slot).box, to: InstanceBox<T>.self).value
    }

    /// The restricted container `slot`'s factory receives, created once. Call with the slot's line lock held.
    @usableFromInline
    func lockedView(for slot: ComponentSlot) -> ComponentContainer {
        let pointer = lines.viewPointer(slot.index)
        if let view = pointer.pointee { return view.takeUnretainedValue() }
        let view = ComponentContainer(storage: self, requester: slot)
        pointer.pointee = Unmanaged.passRetained(view)
        return view
    }

    /// The restricted container `slot`'s factory receives (takes the line lock).
    func view(for slot: ComponentSlot) -> ComponentContainer {
        let lock = lines.lock(slot.index)
        LineLock.lock(lock)
        defer { LineLock.unlock(lock) }
        return lockedView(for: slot)
    }

    /// Drops every slot's cached view. The views hold the storage, so this breaks the storage -> view -> storage
    /// cycle; it runs when the app's container goes away and on delete. A factory running meanwhile keeps its
    /// own reference to its view; a later run makes a new one.
    func releaseViews() {
        for index in 0..<slots.count {
            let lock = lines.lock(index)
            LineLock.lock(lock)
            let view = lines.viewPointer(index).pointee
            lines.viewPointer(index).pointee = nil
            LineLock.unlock(lock)
            view?.release()
        }
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
        monitor?.componentCreated(ComponentCreationEvent(
            typeName: slot.name, appName: appName, libraryName: slot.libraryName,
            duration: Self.monotonicNow() - started, isCached: isCached, timing: slot.timing))
    }

    // MARK: Resolution

    /// The instance box for the slot at `index`, creating it if needed, and whether it is cached (aliases
    /// cache exactly when their primary does). Typed callers use ``value(at:as:)`` instead.
    func boxAndCaching(at index: Int) throws(ComponentError) -> (box: AnyInstanceBox, cached: Bool) {
        if deleted.load(ordering: .relaxed) { throw .appDeleted(name: appName) }
        if let box = cachedBox(at: index) { return (box, true) }
        return try create(slots[index])
    }

    /// The slow path: create (or wait for) the slot's instance. No lock is held while a factory runs.
    ///
    /// Claiming and publishing take the slot's line lock directly rather than through ``withState(of:_:)``:
    /// the claim (`empty` → `creating`) leaves the line's flag and cached box as they are, and the publication
    /// sets exactly the one that changes.
    @usableFromInline
    func create(_ slot: ComponentSlot) throws(ComponentError) -> (box: AnyInstanceBox, cached: Bool) {
        let stack = CreationStack.current
        if let cycle = stack.cycle(reentering: slot) { throw .dependencyCycle(cycle) }
        let lock = lines.lock(slot.index)
        while true {
            LineLock.lock(lock)
            let creation: Creation
            switch slot.state {
            case .cached(let box, _):
                LineLock.unlock(lock)
                return (box, true)
            case .deleted:
                LineLock.unlock(lock)
                throw .appDeleted(name: appName)
            case .creating(let other):
                LineLock.unlock(lock)
                try WaitGraph.wait(for: other, by: stack)
                continue
            case .empty(let knownUncacheable):
                if knownUncacheable {
                    LineLock.unlock(lock)
                    return try createUncacheable(slot)
                }
                // Claim the slot: this thread runs the factory, others wait for `creation`.
                creation = Creation(owner: ObjectIdentifier(stack), slot: slot)
                slot.state = .creating(creation)
                LineLock.unlock(lock)
            }

            let outcome: Result<(AnyInstanceBox, Bool), ComponentError>
            do { outcome = .success(try run(slot, on: stack, reuseView: false)) } catch { outcome = .failure(error) }
            let sequence = creationSequence.wrappingAdd(1, ordering: .relaxed).newValue
            LineLock.lock(lock)
            guard case .creating(let current) = slot.state, current === creation else {
                // Deleted meanwhile: the result is dropped.
                LineLock.unlock(lock)
                creation.finish()
                throw .appDeleted(name: appName)
            }
            switch outcome {
            case .success(let (box, cacheable)):
                if cacheable {
                    slot.state = .cached(box, sequence: sequence)
                    lines.cachedPointer(slot.index).pointee = Unmanaged.passRetained(box)
                } else {
                    slot.state = .empty(knownUncacheable: true)
                    lines.uncacheableFlag(slot.index).pointee = 1
                }
                LineLock.unlock(lock)
                creation.finish()
                return (box, cacheable)
            case .failure(let error):
                slot.state = .empty(knownUncacheable: false)
                LineLock.unlock(lock)
                creation.finish()
                throw error
            }
        }
    }

    /// The path for a slot whose factory is known not to cache: run it right away, concurrently with other
    /// callers (one lock round-trip fewer than ``create(_:)``).
    @usableFromInline
    func createUncacheable(_ slot: ComponentSlot) throws(ComponentError) -> (box: AnyInstanceBox, cached: Bool) {
        let stack = CreationStack.current
        if let cycle = stack.cycle(reentering: slot) { throw .dependencyCycle(cycle) }
        let (box, cacheable) = try run(slot, on: stack, reuseView: true)
        guard cacheable else { return (box, false) }
        return try install(box, in: slot)
    }

    /// Caches a box made on the concurrent path, unless another thread cached one first.
    @usableFromInline
    func install(_ box: AnyInstanceBox, in slot: ComponentSlot) throws(ComponentError)
        -> (box: AnyInstanceBox, cached: Bool) {
        let sequence = creationSequence.wrappingAdd(1, ordering: .relaxed).newValue
        let installed: AnyInstanceBox? = withState(of: slot) { state in
            switch state {
            case .cached(let existing, _):
                return existing
            case .empty:
                state = .cached(box, sequence: sequence)
                return box
            case .creating, .deleted:
                return nil
            }
        }
        guard let installed else {
            if isDeleted { throw .appDeleted(name: appName) }
            return (box, false)
        }
        return (installed, true)
    }

    /// Runs the slot's factory (or, for an extra type, converts its primary's instance) with the slot on this
    /// thread's creation stack.
    private func run(_ slot: ComponentSlot, on stack: CreationStack, reuseView: Bool) throws(ComponentError)
        -> (AnyInstanceBox, Bool) {
        stack.push(slot)
        defer { stack.pop() }
        if slot.alias >= 0 {
            let (box, cached) = try boxAndCaching(at: slot.primary)
            return (groups[slot.group].components[slot.position].aliases[slot.alias].convert(box), cached)
        }
        let factory = groups[slot.group].components[slot.position].factory
        let started = isMonitored ? Self.monotonicNow() : nil
        // A view is cached in the line only for factories known not to cache (they run again and again);
        // a first creation uses a temporary view.
        let view = reuseView ? view(for: slot) : ComponentContainer(storage: self, requester: slot)
        var isCacheable = false
        let made: AnyInstanceBox?
        do {
            made = try factory(view, &isCacheable)
        } catch {
            throw factoryError(error, in: slot)
        }
        guard let made else { throw .factoryReturnedNil(type: slot.name) }
        if let started { reportCreation(of: slot, startedAt: started, isCached: isCacheable) }
        return (made, isCacheable)
    }

    // MARK: Eager instantiation and deletion

    /// Creates every eager component (after the app is published). Failures go to the monitor.
    func instantiateEagerComponents() {
        for slot in slots where slot.role != .alias && slot.timing.isEager(inDefaultApp: isDefaultApp) {
            do {
                _ = try boxAndCaching(at: slot.index)
            } catch {
                report(error, resolving: slot.name)
            }
        }
    }

    /// Marks the storage deleted and takes every cached instance out, latest creation first.
    func markDeletedAndTakeInstances() -> [AnyInstanceBox] {
        deleted.store(true, ordering: .releasing)
        var taken: [(AnyInstanceBox, Int)] = []
        for slot in slots {
            withState(of: slot) { state in
                if case .cached(let box, let sequence) = state { taken.append((box, sequence)) }
                state = .deleted
            }
        }
        releaseViews()
        return taken.sorted { $0.1 > $1.1 }.map(\.0)
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
