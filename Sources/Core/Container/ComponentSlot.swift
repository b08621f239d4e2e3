// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The data of one registered type in a container: where its component is, its resolved dependencies and its
/// creation order. Records live side by side in their container's ``SlotTable`` (one allocation per container
/// or per late library, not one object per slot) and are handled through ``ComponentSlot``, a pointer to one.
/// The component itself stays in the container's ``ContainerStorage/groups``; the record only points at it, so
/// making a slot copies no closures or arrays.
@usableFromInline
struct SlotRecord {
    // 64 bytes, one cache line (see ``SlotTable``): a first creation reads one line of its record, and configure
    // writes one per slot. What only names, exports and monitoring need (the key, the library's name) is found
    // through the table, in the component.

    /// The address of the component's ``ErasedFactoryBox`` (nil for extra types), not retained: the component,
    /// kept by the container's groups for as long as the container's slots are used, owns it.
    let erasedFactory: UnsafeRawPointer?
    /// The address of the component's ``TypedFactory`` (nil for extra types and set contributions), not
    /// retained, for the same reason.
    @usableFromInline let typedFactory: UnsafeRawPointer?
    /// The order in which the slot's instance was published among its container's (for deletion, latest
    /// first). Written by the creating thread before it publishes the box, read after the box is seen.
    var sequence = 0
    /// The table holding this record (which therefore outlives it), for the component and its library's name.
    unowned(unsafe) let table: SlotTable
    @usableFromInline let storedIndex: Int32
    /// Where the slot's resolved dependencies are in its container's ``ContainerStorage/links``.
    @usableFromInline let storedLinkStart: Int32
    @usableFromInline let storedLinkEnd: Int32
    /// For an extra type (``ComponentSlot/Role/alias``): its position in the component's extra types and the
    /// slot whose instance it converts (the slot providing the component's own type, which may be an override);
    /// -1 otherwise.
    let storedAlias: Int32
    let storedPrimary: Int32
    /// The component's group and position in its container's ``ContainerStorage/groups``.
    let storedGroup: Int32
    let storedPosition: Int32
    let role: ComponentSlot.Role
    let timing: InstantiationTiming

    init(
        index: Int, table: SlotTable, role: ComponentSlot.Role, timing: InstantiationTiming, group: Int,
        position: Int, alias: Int = -1, primary: Int = -1, links: Range<Int>,
        typedFactory: UnsafeRawPointer?, erasedFactory: UnsafeRawPointer?
    ) {
        self.erasedFactory = erasedFactory
        self.typedFactory = typedFactory
        self.table = table
        storedIndex = Int32(index)
        storedLinkStart = Int32(links.lowerBound)
        storedLinkEnd = Int32(links.upperBound)
        storedAlias = Int32(alias)
        storedPrimary = Int32(primary)
        storedGroup = Int32(group)
        storedPosition = Int32(position)
        self.role = role
        self.timing = timing
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

    @inlinable var index: Int { Int(record.pointee.storedIndex) }
    /// The type the slot provides: its component's, or for an extra type, that extra type.
    var key: TypeKey {
        let component = record.pointee.table.component(group: group, position: position)
        return alias < 0 ? component.key : component.aliases[alias].key
    }
    var role: Role { record.pointee.role }
    var timing: InstantiationTiming { record.pointee.timing }
    var group: Int { Int(record.pointee.storedGroup) }
    var position: Int { Int(record.pointee.storedPosition) }
    var alias: Int { Int(record.pointee.storedAlias) }
    var primary: Int { Int(record.pointee.storedPrimary) }
    @inlinable var linkStart: Int { Int(record.pointee.storedLinkStart) }
    @inlinable var linkEnd: Int { Int(record.pointee.storedLinkEnd) }
    var libraryName: String { record.pointee.table.group(group).libraryName }
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
///
/// Each record starts on a cache-line boundary (a 64-byte aligned allocation, ``stride`` bytes per record), so
/// the fields a creation reads, which come first in a record, are on one line.
@usableFromInline
final class SlotTable: @unchecked Sendable {
    /// Bytes from one record to the next: the record's size rounded up to whole cache lines (one line).
    @usableFromInline static let stride = (MemoryLayout<SlotRecord>.size + 63) & ~63

    @usableFromInline let base: UnsafeMutableRawPointer
    private let capacity: Int
    /// The number of records appended.
    private(set) var count = 0
    /// The groups the records' components are in: `groups[i]` is the container's group `firstGroup + i`.
    private let groups: [ComponentGroup]
    private let firstGroup: Int

    /// An empty table with room for `capacity` records of components in `groups`, the container's groups from
    /// number `firstGroup` on.
    init(capacity: Int, groups: [ComponentGroup], firstGroup: Int) {
        self.capacity = capacity
        self.groups = groups
        self.firstGroup = firstGroup
        base = .allocate(byteCount: max(capacity, 1) * Self.stride, alignment: 64)
    }

    /// The container's group number `index`.
    func group(_ index: Int) -> ComponentGroup {
        groups[index - firstGroup]
    }

    /// The component at `position` in the container's group number `group`.
    func component(group: Int, position: Int) -> Component {
        groups[group - firstGroup].components[position]
    }

    deinit {
        for index in 0..<count { record(index).deinitialize(count: 1) }
        base.deallocate()
    }

    /// The record at `index`.
    @inlinable @inline(__always)
    func record(_ index: Int) -> UnsafeMutablePointer<SlotRecord> {
        (base + index &* Self.stride).assumingMemoryBound(to: SlotRecord.self)
    }

    /// Appends `record` (there must be room) and returns its slot.
    func append(_ record: consuming SlotRecord) -> ComponentSlot {
        precondition(count < capacity, "slot table full")
        let pointer = (base + count * Self.stride).bindMemory(to: SlotRecord.self, capacity: 1)
        pointer.initialize(to: record)
        count += 1
        return ComponentSlot(pointer)
    }
}
