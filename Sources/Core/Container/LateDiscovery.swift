// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Adding a library's components to an app that is already configured (Android's late discovery): validated
/// against the app's whole graph first, then published at once, then started.
///
/// ``AppRegistry/register(_:)`` plans the addition for every live app before it changes any, so a library that
/// clashes with one app (a duplicate type, a missing required dependency, a cycle) is refused with a typed error
/// and leaves every app and the registry unchanged.
struct LateDiscovery {
    /// A validated addition to one storage, not yet visible.
    struct Plan {
        let storage: ContainerStorage
        let group: ComponentGroup
        /// The new slots (their lines are allocated when the plan is published).
        let newSlots: [ComponentSlot]
        /// The new slots' records.
        let records: SlotTable
        let links: [DependencyLink]
        let table: TypeTable
        let sets: [ObjectIdentifier: [Int]]
        /// The types the new slots provide, for `Deferred` waiters.
        let newKeys: [ObjectIdentifier]
    }

    /// Validates adding `group` (a library's components) to `storage`. Components for types the app's overrides
    /// provide are left out, as at configure. Returns nil when nothing would be added.
    ///
    /// - Throws: ``ComponentError/duplicateComponent(type:libraries:)`` for a type the app already has (or that
    ///   the library provides twice), ``ComponentError/missingDependency(component:dependency:)``, or
    ///   ``ComponentError/dependencyCycle(_:)`` for a cycle through old and new components.
    static func plan(adding group: ComponentGroup, to storage: ContainerStorage) throws(ComponentError) -> Plan? {
        let previous = storage.lateGraph
        let base = storage.slots.count + (previous?.slots.count ?? 0)
        let groupIndex = storage.groups.count + (previous?.groups.count ?? 0)
        let overridden = ContainerBuilder.overriddenKeys(in: storage.groups)

        // 1. Place: primaries and contributions, then extra types, each new type into a table of the late types.
        var table = TypeTable.Builder(expectedCount: (previous?.table.count ?? 0) + group.components.count * 2)
        for slot in previous?.slots ?? [] where slot.role != .contribution { _ = table.insert(slot.key.id, slot.index) }
        var candidates: [(key: TypeKey, position: Int, alias: Int)] = []
        var sets = previous?.sets ?? [:]
        for (position, component) in group.components.enumerated() {
            if component.role == .contribution || !overridden.contains(component.key.id) {
                candidates.append((component.key, position, -1))
            }
        }
        for (position, component) in group.components.enumerated() {
            for (alias, extra) in component.aliases.enumerated() where !overridden.contains(extra.key.id) {
                candidates.append((extra.key, position, alias))
            }
        }
        var placements: [(position: Int, alias: Int)] = []
        var newKeys: [ObjectIdentifier] = []
        for candidate in candidates {
            let index = base + placements.count
            placements.append((candidate.position, candidate.alias))
            if candidate.alias < 0 && group.components[candidate.position].role == .contribution {
                sets[candidate.key.id, default: []].append(index)
                continue
            }
            if let existing = storage.index(of: candidate.key.id) {
                throw .duplicateComponent(
                    type: candidate.key.name,
                    libraries: [storage.slot(at: existing).libraryName, group.libraryName])
            }
            guard table.insert(candidate.key.id, index) else {
                throw .duplicateComponent(type: candidate.key.name, libraries: [group.libraryName, group.libraryName])
            }
            newKeys.append(candidate.key.id)
        }
        guard !placements.isEmpty else { return nil }
        let lateTable = TypeTable(table)
        func lookup(_ id: ObjectIdentifier) -> Int? { storage.table.index(of: id) ?? lateTable.index(of: id) }

        // 2. Slots with their links; a required dependency nothing provides is missing.
        var links = previous?.links ?? []
        var newSlots: [ComponentSlot] = []
        let records = SlotTable(capacity: placements.count, groups: [group], firstGroup: groupIndex)
        for (offset, placement) in placements.enumerated() {
            let component = group.components[placement.position]
            let index = base + offset
            if placement.alias >= 0 {
                newSlots.append(
                    try SlotPlacement.appendAlias(
                        placement.alias, of: component, index: index, group: groupIndex, position: placement.position,
                        to: records, links: &links, lookup: lookup))
                continue
            }
            let linkStart = links.count
            let slot = records.append(
                SlotPlacement.record(
                    of: component, index: index, in: records, group: groupIndex, position: placement.position,
                    links: linkStart..<(linkStart + component.dependencies.count)))
            for dependency in component.dependencies {
                links.append(try SlotPlacement.link(for: dependency, of: slot.name, lookup: lookup))
            }
            newSlots.append(slot)
        }

        // 3. Cycles through the whole graph: old links that found no provider at configure now may.
        let oldSlots = storage.allSlots
        var allLinks = storage.links
        var linkStarts = storage.slots.map(\.linkStart)
        for slot in oldSlots[storage.slots.count...] + newSlots {
            linkStarts.append(storage.links.count + slot.linkStart)
        }
        linkStarts.append(storage.links.count + links.count)
        allLinks += links
        for position in allLinks.indices where allLinks[position].target < 0 && allLinks[position].kind == .direct {
            if let target = lookup(allLinks[position].keyID) {
                allLinks[position] = DependencyLink(keyID: allLinks[position].keyID, kind: .direct, target: target)
            }
        }
        var allSets = storage.sets
        for (key, members) in sets { allSets[key, default: []] += members }
        let allSlots = oldSlots + newSlots
        try CycleDetector.check(slots: allSlots, linkStarts: linkStarts, links: allLinks, sets: allSets)
        return Plan(
            storage: storage, group: group, newSlots: newSlots, records: records, links: links, table: lateTable,
            sets: sets,
            newKeys: newKeys)
    }

    /// Makes `plan` visible in its storage (unless the app was deleted meanwhile). Returns whether it did.
    static func publish(_ plan: Plan) -> Bool {
        let storage = plan.storage
        let previous = storage.lateGraph
        let graph = LateGraph(
            firstIndex: storage.slots.count, groups: (previous?.groups ?? []) + [plan.group],
            slots: (previous?.slots ?? []) + plan.newSlots,
            records: (previous?.records ?? []) + [plan.records], links: plan.links, table: plan.table,
            sets: plan.sets, chunks: (previous?.chunks ?? []) + [SlotLines(count: plan.newSlots.count)],
            chunkStarts: (previous?.chunkStarts ?? []) + [plan.newSlots[0].index])
        guard storage.publish(graph) else {
            graph.chunks.last!.destroy()
            return false
        }
        return true
    }

    /// Starts a published plan's eager components and tells the `Deferred` waiters of its types. No lock held.
    static func start(_ plan: Plan) {
        plan.storage.instantiateEagerComponents(plan.newSlots[...])
        plan.storage.announceAvailable(plan.newKeys)
    }
}
