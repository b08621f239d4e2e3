import Synchronization

/// The shared state behind an app's ``ComponentContainer`` and the restricted views handed to factories:
/// the validated slots, the type table and the resolution engine.
final class ContainerStorage: @unchecked Sendable {
    let slots: [ComponentSlot]
    let table: TypeTable
    /// Set contributions per set key, in registration order.
    let sets: [ObjectIdentifier: [Int]]
    let appName: String
    let isDefaultApp: Bool
    let monitor: (any ComponentMonitor)?
    private let deleted = Atomic<Bool>(false)
    private let creationSequence = Atomic<Int>(0)
    /// The owning app; set once before the app is published, read-only afterwards.
    weak var app: FlintApp?

    init(slots: [ComponentSlot], table: TypeTable, sets: [ObjectIdentifier: [Int]], appName: String,
         isDefaultApp: Bool, monitor: (any ComponentMonitor)?) {
        self.slots = slots
        self.table = table
        self.sets = sets
        self.appName = appName
        self.isDefaultApp = isDefaultApp
        self.monitor = monitor
    }

    var isDeleted: Bool { deleted.load(ordering: .acquiring) }

    // MARK: Resolution

    /// The instance box for the slot at `index`, creating it if needed.
    @inline(__always)
    func box(at index: Int) throws(ComponentError) -> AnyInstanceBox {
        if deleted.load(ordering: .relaxed) { throw .appDeleted(name: appName) }
        let slot = slots[index]
        if let box = slot.cachedBox { return box }
        return try create(slot).box
    }

    /// Like ``box(at:)``, also telling whether the instance is cached (aliases cache exactly when their
    /// primary does).
    func boxAndCaching(at index: Int) throws(ComponentError) -> (box: AnyInstanceBox, cached: Bool) {
        if deleted.load(ordering: .relaxed) { throw .appDeleted(name: appName) }
        let slot = slots[index]
        if let box = slot.cachedBox { return (box, true) }
        return try create(slot)
    }

    private enum Step {
        case done(AnyInstanceBox)
        case deleted
        case wait(Creation)
        case runExclusive(Creation)
        case runConcurrently
    }

    /// The slow path: create (or wait for) the slot's instance. No lock is held while a factory runs.
    private func create(_ slot: ComponentSlot) throws(ComponentError) -> (box: AnyInstanceBox, cached: Bool) {
        let stack = CreationStack.current
        if let cycle = stack.cycle(reentering: slot) { throw .dependencyCycle(cycle) }
        while true {
            let step: Step = slot.withState { state in
                switch state {
                case .cached(let box, _):
                    return .done(box)
                case .deleted:
                    return .deleted
                case .creating(let creation):
                    return .wait(creation)
                case .empty(let knownUncacheable):
                    if knownUncacheable { return .runConcurrently }
                    let creation = Creation(owner: ObjectIdentifier(stack), slotName: slot.name)
                    state = .creating(creation)
                    return .runExclusive(creation)
                }
            }
            switch step {
            case .done(let box):
                return (box, true)
            case .deleted:
                throw .appDeleted(name: appName)
            case .wait(let creation):
                try WaitGraph.wait(for: creation, by: stack)
            case .runConcurrently:
                let (box, cacheable) = try run(slot, on: stack)
                guard cacheable else { return (box, false) }
                return try install(box, in: slot)
            case .runExclusive(let creation):
                let outcome: Result<(AnyInstanceBox, Bool), ComponentError>
                do { outcome = .success(try run(slot, on: stack)) } catch { outcome = .failure(error) }
                let sequence = creationSequence.wrappingAdd(1, ordering: .relaxed).newValue
                let result: Result<(box: AnyInstanceBox, cached: Bool), ComponentError> = slot.withState { state in
                    guard case .creating(let current) = state, current === creation else {
                        return .failure(.appDeleted(name: appName))
                    }
                    switch outcome {
                    case .success(let (box, cacheable)):
                        state = cacheable ? .cached(box, sequence: sequence) : .empty(knownUncacheable: true)
                        return .success((box, cacheable))
                    case .failure(let error):
                        state = .empty(knownUncacheable: false)
                        return .failure(error)
                    }
                }
                creation.finish()
                return try result.get()
            }
        }
    }

    /// Caches a box made on the concurrent path, unless another thread cached one first.
    private func install(_ box: AnyInstanceBox, in slot: ComponentSlot) throws(ComponentError)
        -> (box: AnyInstanceBox, cached: Bool) {
        let sequence = creationSequence.wrappingAdd(1, ordering: .relaxed).newValue
        let installed: AnyInstanceBox? = slot.withState { state in
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

    /// Runs the slot's maker with the slot on this thread's creation stack.
    private func run(_ slot: ComponentSlot, on stack: CreationStack) throws(ComponentError)
        -> (AnyInstanceBox, Bool) {
        stack.push(slot)
        defer { stack.pop() }
        switch slot.maker {
        case .alias(let primary, let convert):
            let (box, cached) = try boxAndCaching(at: primary)
            return (convert(box), cached)
        case .factory(let factory):
            let started = monitor == nil ? nil : ContinuousClock.now
            let view = ComponentContainer(storage: self, requester: slot)
            var isCacheable = false
            let made: AnyInstanceBox?
            do {
                made = try factory(view, &isCacheable)
            } catch let error as ComponentError {
                throw error
            } catch {
                throw .factoryFailed(type: slot.name, reason: String(describing: error))
            }
            guard let made else { throw .factoryReturnedNil(type: slot.name) }
            if let monitor, let started {
                monitor.componentCreated(ComponentCreationEvent(
                    typeName: slot.name, appName: appName, libraryName: slot.libraryName,
                    duration: ContinuousClock.now - started, isCached: isCacheable, timing: slot.timing))
            }
            return (made, isCacheable)
        }
    }

    // MARK: Eager instantiation and deletion

    /// Creates every eager component (after the app is published). Failures go to the monitor.
    func instantiateEagerComponents() {
        for slot in slots where slot.role != .alias && slot.timing.isEager(inDefaultApp: isDefaultApp) {
            do {
                _ = try box(at: slot.index)
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
            slot.withState { state in
                if case .cached(let box, let sequence) = state { taken.append((box, sequence)) }
                state = .deleted
            }
        }
        return taken.sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// Sends a failed resolution to the monitor (nil results by design — not registered, factory gave nil —
    /// are not failures).
    func report(_ error: ComponentError, resolving typeName: String) {
        guard let monitor else { return }
        switch error {
        case .notRegistered, .factoryReturnedNil: return
        default:
            monitor.resolutionFailed(ComponentFailureEvent(typeName: typeName, appName: appName, error: error))
        }
    }
}
