// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Builds an app's container storage from registered libraries and overrides, validating the graph:
/// duplicates, missing required dependencies and cycles, in time linear in components + dependencies.
///
/// Written for large graphs: components are read in place (never copied into a combined list), each type
/// maps to one slot index (other providers of a type are collected only to report a duplicate), and the
/// dependency edges live in flat arrays.
struct ContainerBuilder {
    /// The library name used for components passed as `overrides`.
    static let overridesLibraryName = "overrides"

    /// The libraries' components in registration order, then the overrides.
    var groups: [ComponentGroup] = []

    /// Where a slot comes from: component `position` of group `group`, itself (`alias` -1) or its extra type
    /// number `alias`. Placements compare in registration order by (group, position).
    private struct Placement {
        let group: Int32
        let position: Int32
        let alias: Int32

        func isRegistered(before other: Placement) -> Bool {
            (group, position) < (other.group, other.position)
        }
    }

    /// The type a placement provides.
    private func key(of placement: Placement) -> TypeKey {
        let component = groups[Int(placement.group)].components[Int(placement.position)]
        return placement.alias < 0 ? component.key : component.aliases[Int(placement.alias)].key
    }

    /// Validates and builds. Throws the first problem found: duplicates, then missing dependencies, then
    /// cycles.
    ///
    /// One pass over the components makes every slot (primaries and contributions in registration order), fills
    /// the type table (finding duplicates) and resolves each dependency on a type placed before it to its slot
    /// index; then the extra types are placed, the few dependencies on types placed later are resolved (finding
    /// missing ones), and a depth-first search over the slot indices finds cycles. Each component is read once,
    /// in place, never copied: slots point at them.
    func build(appName: String, isDefaultApp: Bool, monitor: (any ComponentMonitor)?) throws(ComponentError)
        -> ContainerStorage
    {
        // Overrides replace every library entry (primary or extra type) of the types they provide.
        let overridden =
            groups.contains(where: { !$0.isOverride && !$0.components.isEmpty })
            ? Self.overriddenKeys(in: groups) : []

        // 1. Slots for primaries and contributions in registration order (libraries, then overrides), each
        //    provided type into the table, whose first entry wins. Every slot's record in one allocation; `slots`
        //    holds pointers to them. A dependency on a type already in the table is resolved now; the others
        //    (types placed later, or by nobody) are pending until every type is placed.
        let total = groups.reduce(0) { $0 + $1.components.count }
        var table = TypeTable.Builder(expectedCount: total)
        let records = SlotTable(capacity: total, groups: groups, firstGroup: 0)
        var slots: [ComponentSlot] = []
        slots.reserveCapacity(total)
        var links: [DependencyLink] = []
        links.reserveCapacity(total)
        // The slots created when the app is published, so that starting them does not walk every record.
        var eagerSlots: [ComponentSlot] = []
        var pending: [PendingLink] = []
        var duplicated: [ObjectIdentifier] = []
        var sets: [ObjectIdentifier: [Int]] = [:]
        var aliasPlacements: [Placement] = []
        // Whether some direct or set edge points forward (to a slot at or after its own): without one, every
        // edge points to an earlier slot and there is no cycle to look for.
        var mayHaveCycle = false
        for groupIndex in groups.indices {
            let isOverride = groups[groupIndex].isOverride
            groups[groupIndex].components.withUnsafeBufferPointer { components in
                for position in components.indices {
                    let component = components.baseAddress.unsafelyUnwrapped + position
                    let id = component.pointee.key.id
                    let role = component.pointee.role
                    if isOverride || role != .value || !overridden.contains(id) {
                        let index = slots.count
                        if role == .value {
                            if !table.insert(id, index) { duplicated.append(id) }
                        } else {
                            sets[id, default: []].append(index)
                        }
                        let linkStart = links.count
                        if let soleID = component.pointee.soleDependencyID {
                            // One dependency, kept in the component itself: its array is not read.
                            let kind = component.pointee.soleDependencyKind
                            var target = -1
                            if kind != .set {
                                if let found = table.index(of: soleID) {
                                    target = found
                                } else {
                                    pending.append(
                                        PendingLink(
                                            link: links.count, slot: index,
                                            dependency: component.pointee.dependencies[0]))
                                }
                            }
                            if kind == .set || (kind == .direct && target >= index) { mayHaveCycle = true }
                            links.append(DependencyLink(keyID: soleID, kind: kind, target: target))
                        } else if component.pointee.hasDependencies {
                            for declared in component.pointee.dependencies.indices {
                                let dependency = component.pointee.dependencies[declared]
                                var target = -1
                                if dependency.kind != .set {
                                    if let found = table.index(of: dependency.keyID) {
                                        target = found
                                    } else {
                                        pending.append(
                                            PendingLink(link: links.count, slot: index, dependency: dependency))
                                    }
                                }
                                // An edge to a later slot (or a set's members) may close a cycle; edges only to
                                // earlier slots cannot (the lowest slot of a cycle has an edge to a later one).
                                if dependency.kind == .set || (dependency.kind == .direct && target >= index) {
                                    mayHaveCycle = true
                                }
                                links.append(
                                    DependencyLink(keyID: dependency.keyID, kind: dependency.kind, target: target))
                            }
                        }
                        let slot = records.append(
                            SlotPlacement.record(
                                of: component.pointee, index: index, in: records, group: groupIndex,
                                position: position, links: linkStart..<links.count))
                        if component.pointee.timing.isEager(inDefaultApp: isDefaultApp) { eagerSlots.append(slot) }
                        slots.append(slot)
                    }
                    if !component.pointee.aliases.isEmpty {
                        for (alias, extra) in component.pointee.aliases.enumerated()
                        where isOverride || !overridden.contains(extra.key.id) {
                            aliasPlacements.append(
                                Placement(
                                    group: Int32(groupIndex), position: Int32(position),
                                    alias: Int32(alias)))
                        }
                    }
                }
            }
        }
        // 2. The extra types, after every primary.
        let primaryCount = slots.count
        for (offset, placement) in aliasPlacements.enumerated() {
            let id = key(of: placement).id
            if !table.insert(id, primaryCount + offset) { duplicated.append(id) }
        }

        // 3. Duplicates: the first duplicated type in registration order, with every library providing it.
        if !duplicated.isEmpty {
            let placements =
                slots.map { Placement(group: Int32($0.group), position: Int32($0.position), alias: -1) }
                + aliasPlacements
            throw duplicateError(duplicated: Set(duplicated), placements: placements)
        }

        // 4. The dependencies on types placed later; a required one that nothing provides is missing (the first
        //    in slot order, as declared).
        for entry in pending {
            let link = try SlotPlacement.link(for: entry.dependency, of: slots[entry.slot].name) { table.index(of: $0) }
            guard link.target >= 0 else { continue }
            links[entry.link] = link
            if entry.dependency.kind == .direct && link.target >= entry.slot { mayHaveCycle = true }
        }

        // 5. The extra types' slots, in a table of their own. Each resolves its primary by key, so an overridden
        //    primary serves its library's extra types.
        let aliasRecords =
            aliasPlacements.isEmpty ? nil : SlotTable(capacity: aliasPlacements.count, groups: groups, firstGroup: 0)
        for placement in aliasPlacements {
            slots.append(
                try SlotPlacement.appendAlias(
                    Int(placement.alias), of: groups[Int(placement.group)].components[Int(placement.position)],
                    index: slots.count, group: Int(placement.group), position: Int(placement.position),
                    to: aliasRecords.unsafelyUnwrapped, links: &links
                ) { table.index(of: $0) })
        }

        // 6. Cycles: a depth-first search over direct and set edges (provider edges are deferred and do not
        //    count), one byte of state per slot, unless every edge points to an earlier slot (extra types
        //    always do: they come after every primary). Only when it finds one is the cycle to report worked out.
        if mayHaveCycle {
            try CycleDetector.check(
                slots: slots, linkStarts: slots.map(\.linkStart) + [links.count], links: links, sets: sets)
        }

        return ContainerStorage(
            groups: groups, records: records, aliasRecords: aliasRecords, slots: slots, eagerSlots: eagerSlots,
            table: TypeTable(table), links: links, sets: sets, appName: appName, isDefaultApp: isDefaultApp,
            monitor: monitor)
    }

    /// A dependency found before the type it names was placed: resolved once every type is.
    private struct PendingLink {
        /// Its position in the links.
        let link: Int
        /// The depending slot.
        let slot: Int
        let dependency: Dependency
    }

    /// The types the override groups among `groups` provide (primaries and extra types): library components for
    /// them are left out, at configure and when a library joins later.
    static func overriddenKeys(in groups: [ComponentGroup]) -> Set<ObjectIdentifier> {
        var overridden = Set<ObjectIdentifier>()
        for group in groups where group.isOverride {
            for component in group.components where component.role == .value {
                overridden.insert(component.key.id)
                for alias in component.aliases { overridden.insert(alias.key.id) }
            }
        }
        return overridden
    }

    /// The error for the first duplicated type in registration order, listing every library providing it
    /// (in registration order).
    private func duplicateError(duplicated: Set<ObjectIdentifier>, placements: [Placement]) -> ComponentError {
        var providers: [ObjectIdentifier: [Placement]] = [:]
        for placement in placements
        where placement.alias >= 0 || groups[Int(placement.group)].components[Int(placement.position)].role == .value {
            let id = key(of: placement).id
            if duplicated.contains(id) { providers[id, default: []].append(placement) }
        }
        let first = providers.values.map { $0.sorted { $0.isRegistered(before: $1) } }
            .min { $0[0].isRegistered(before: $1[0]) }!
        return .duplicateComponent(
            type: key(of: first[0]).name,
            libraries: first.map { groups[Int($0.group)].libraryName })
    }
}
