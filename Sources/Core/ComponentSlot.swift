// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The data of one registered type in a container: where its component is, its resolved dependencies and its
/// creation order. Records live side by side in their container's ``SlotTable`` (one allocation per container
/// or per late library, not one object per slot) and are handled through ``ComponentSlot``, a pointer to one.
/// The component itself stays in the container's ``ContainerStorage/groups``; the record only points at it, so
/// making a slot copies no closures or arrays.
@usableFromInline
struct SlotRecord {
    @usableFromInline let index: Int
    let key: TypeKey
    let role: ComponentSlot.Role
    let timing: InstantiationTiming
    /// The component's group and position in its container's ``ContainerStorage/groups``.
    let group: Int
    let position: Int
    /// For an extra type (``ComponentSlot/Role/alias``): its position in the component's extra types and the
    /// slot whose instance it converts (the slot providing the component's own type, which may be an override);
    /// -1 otherwise.
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
    /// The address of the component's ``ErasedFactoryBox`` (nil for extra types), not retained, for the same
    /// reason.
    let erasedFactory: UnsafeRawPointer?
    /// The order in which the slot's instance was published among its container's (for deletion, latest
    /// first). Written by the creating thread before it publishes the box, read after the box is seen.
    var sequence = 0

    init(
        index: Int, key: TypeKey, role: ComponentSlot.Role, timing: InstantiationTiming, group: Int, position: Int,
        alias: Int = -1, primary: Int = -1, links: Range<Int>, libraryName: String,
        typedFactory: UnsafeRawPointer?, erasedFactory: UnsafeRawPointer?
    ) {
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
        self.erasedFactory = erasedFactory
    }
}

/// One registered type in a container: a pointer to its ``SlotRecord`` in the container's ``SlotTable``.
///
/// A plain pointer, so passing a slot around, keeping it in a restricted view or on a creation stack costs no
/// reference counting. It is valid for as long as the table holding the record, which the container's storage
/// keeps (configure-time slots) or its late graphs keep (late slots) until the storage itself goes; every holder
/// of a slot (a restricted view, a creation in progress, a waiter) holds or is inside a call on that storage.
@usableFromInline
struct ComponentSlot: @unchecked Sendable {
    /// What the slot is for, for validation and export.
    enum Role: Sendable, Equatable { case value, contribution, alias }

    /// The record; its identity is the slot's identity (for the creation stack's cycle check).
    @usableFromInline let record: UnsafeMutablePointer<SlotRecord>

    @usableFromInline init(_ record: UnsafeMutablePointer<SlotRecord>) { self.record = record }

    @inlinable var index: Int { record.pointee.index }
    var key: TypeKey { record.pointee.key }
    var role: Role { record.pointee.role }
    var timing: InstantiationTiming { record.pointee.timing }
    var group: Int { record.pointee.group }
    var position: Int { record.pointee.position }
    var alias: Int { record.pointee.alias }
    var primary: Int { record.pointee.primary }
    @inlinable var linkStart: Int { record.pointee.linkStart }
    @inlinable var linkEnd: Int { record.pointee.linkEnd }
    var libraryName: String { record.pointee.libraryName }
    @inlinable var typedFactory: UnsafeRawPointer? { record.pointee.typedFactory }
    var erasedFactory: UnsafeRawPointer? { record.pointee.erasedFactory }
    /// See ``SlotRecord/sequence``.
    var sequence: Int {
        get { record.pointee.sequence }
        nonmutating set { record.pointee.sequence = newValue }
    }

    /// Whether `self` and `other` are the same slot.
    @inlinable func isSame(as other: ComponentSlot) -> Bool { record == other.record }

    /// The readable name of the slot's component, as used in errors and exports.
    @usableFromInline var name: String {
        switch role {
        case .value, .alias: return key.name
        case .contribution:
            return "[\(Dependency(key: key, kind: .set, isRequired: false).typeName)] from \(libraryName) #\(index)"
        }
    }
}

/// The slot records of one container (or of one library that joined it late), in one allocation. Records are
/// appended while the graph is built and never move or change afterwards (but for ``SlotRecord/sequence``),
/// so ``ComponentSlot`` pointers into the table stay valid for as long as the table.
@usableFromInline
final class SlotTable: @unchecked Sendable {
    private let records: UnsafeMutablePointer<SlotRecord>
    private let capacity: Int
    /// The number of records appended.
    private(set) var count = 0

    /// An empty table with room for `capacity` records.
    init(capacity: Int) {
        self.capacity = capacity
        records = .allocate(capacity: max(capacity, 1))
    }

    deinit {
        records.deinitialize(count: count)
        records.deallocate()
    }

    /// Appends `record` (there must be room) and returns its slot.
    func append(_ record: consuming SlotRecord) -> ComponentSlot {
        precondition(count < capacity, "slot table full")
        let pointer = records + count
        pointer.initialize(to: record)
        count += 1
        return ComponentSlot(pointer)
    }
}
