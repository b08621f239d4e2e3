import Synchronization
import Foundation

/// One registered type in a container: where its component is, its resolved dependencies and its creation
/// state. The component itself stays in the container's ``ContainerStorage/groups``; the slot only points
/// at it, so building a slot copies no closures or arrays.
@usableFromInline
final class ComponentSlot: @unchecked Sendable {
    /// What the slot is for, for validation and export.
    enum Role: Sendable, Equatable { case value, contribution, alias }

    /// The creation state.
    @usableFromInline
    enum State {
        /// Not cached. `knownUncacheable` is set once the factory returned an instance without caching it:
        /// later requests run the factory concurrently instead of one at a time.
        case empty(knownUncacheable: Bool)
        /// A factory is running on some thread; others wait for it (exactly-once creation).
        case creating(Creation)
        /// Created and cached; `sequence` orders creations for shutdown.
        case cached(AnyInstanceBox, sequence: Int)
        /// The app was deleted.
        case deleted
    }

    let index: Int
    let key: TypeKey
    let role: Role
    let timing: InstantiationTiming
    /// The component's group and position in its container's ``ContainerStorage/groups``.
    let group: Int
    let position: Int
    /// For an extra type (``Role/alias``): its position in the component's extra types and the slot whose
    /// instance it converts (the slot providing the component's own type, which may be an override); -1
    /// otherwise.
    let alias: Int
    let primary: Int
    /// Where the slot's resolved dependencies are in its container's ``ContainerStorage/links``.
    @usableFromInline let linkStart: Int
    @usableFromInline let linkEnd: Int
    let libraryName: String
    /// The address of the component's ``TypedFactory`` (nil for extra types and set contributions), not
    /// retained: the component, kept by the container's groups for as long as the container's slots are used,
    /// owns it.
    @usableFromInline let typedFactory: UnsafeRawPointer?
    /// The creation state, guarded by the slot's lock in its container's ``SlotLines``: held only to read or
    /// change it, never while a factory runs. Only ``ContainerStorage/withState(of:_:)`` touches it.
    @exclusivity(unchecked) var state = State.empty(knownUncacheable: false)

    init(index: Int, key: TypeKey, role: Role, timing: InstantiationTiming, group: Int, position: Int,
         alias: Int = -1, primary: Int = -1, links: Range<Int>, libraryName: String,
         typedFactory: UnsafeRawPointer?) {
        self.index = index
        self.key = key
        self.role = role
        self.timing = timing
        self.group = group
        self.position = position
        self.alias = alias
        self.primary = primary
        linkStart = links.lowerBound
        linkEnd = links.upperBound
        self.libraryName = libraryName
        self.typedFactory = typedFactory
    }

    /// The readable name of the slot's component, as used in errors and exports.
    @usableFromInline var name: String {
        switch role {
        case .value, .alias: return key.name
        case .contribution:
            return "[\(Dependency(key: key, kind: .set, isRequired: false).typeName)] from \(libraryName) #\(index)"
        }
    }
}

/// An in-flight creation that other threads can wait for.
///
/// Waiting is rare (two threads asking for one type at its first creation), so a creation carries no
/// condition variable of its own: waiters park on one process-wide condition, and ``finish()`` touches it only
/// when someone is waiting (the Dekker-style pair of sequentially consistent atomics below guarantees that a
/// waiter either sees the creation finished or is woken).
@usableFromInline
final class Creation: Sendable {
    /// The creating thread (its ``CreationStack``'s identity).
    let owner: ObjectIdentifier
    /// The slot being created; its (costly) readable name is computed only for a cycle message. Not retained:
    /// the slot's storage is alive while the creation is in progress or waited for (the creating thread and
    /// every waiter are inside a call on it), the only times the slot is read through a creation.
    unowned(unsafe) let slot: ComponentSlot
    private let finished = Atomic<Bool>(false)
    private let waiters = Atomic<Int>(0)

    /// The condition every waiter of every creation parks on.
    private static let parking = NSCondition()

    init(owner: ObjectIdentifier, slot: ComponentSlot) {
        self.owner = owner
        self.slot = slot
    }

    /// The type being created, for cycle messages.
    var slotName: String { slot.name }

    /// Whether the creation has finished (successfully or not).
    var isFinished: Bool { finished.load(ordering: .sequentiallyConsistent) }

    /// Wakes every waiter. Called once, after the slot's state was updated.
    func finish() {
        finished.store(true, ordering: .sequentiallyConsistent)
        guard waiters.load(ordering: .sequentiallyConsistent) > 0 else { return }
        Self.parking.lock()
        Self.parking.broadcast()
        Self.parking.unlock()
    }

    /// Blocks until ``finish()``.
    func waitUntilFinished() {
        waiters.wrappingAdd(1, ordering: .sequentiallyConsistent)
        Self.parking.lock()
        while !finished.load(ordering: .sequentiallyConsistent) { Self.parking.wait() }
        Self.parking.unlock()
        waiters.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }
}
