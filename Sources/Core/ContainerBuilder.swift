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
                            SlotRecord(
                                index: index, table: records, role: role == .value ? .value : .contribution,
                                timing: component.pointee.timing, group: groupIndex, position: position,
                                links: linkStart..<links.count,
                                typedFactory: UnsafeRawPointer(bitPattern: component.pointee.typedFactoryAddress),
                                erasedFactory: UnsafeRawPointer(bitPattern: component.pointee.factoryAddress)))
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
            let target = table.index(of: entry.dependency.keyID) ?? -1
            if target < 0 {
                if entry.dependency.isRequired {
                    throw .missingDependency(component: slots[entry.slot].name, dependency: entry.dependency.typeName)
                }
                continue
            }
            links[entry.link] = DependencyLink(
                keyID: entry.dependency.keyID, kind: entry.dependency.kind, target: target)
            if entry.dependency.kind == .direct && target >= entry.slot { mayHaveCycle = true }
        }

        // 5. The extra types' slots, in a table of their own. Each resolves its primary by key, so an overridden
        //    primary serves its library's extra types.
        let aliasRecords =
            aliasPlacements.isEmpty ? nil : SlotTable(capacity: aliasPlacements.count, groups: groups, firstGroup: 0)
        for placement in aliasPlacements {
            let primaryKey = groups[Int(placement.group)].components[Int(placement.position)].key
            let aliasKey = key(of: placement)
            guard let primary = table.index(of: primaryKey.id) else {
                throw .missingDependency(component: aliasKey.name, dependency: primaryKey.name)
            }
            let linkStart = links.count
            links.append(DependencyLink(keyID: primaryKey.id, kind: .direct, target: primary))
            slots.append(
                aliasRecords.unsafelyUnwrapped.append(
                    SlotRecord(
                        index: slots.count, table: aliasRecords.unsafelyUnwrapped, role: .alias, timing: .lazy,
                        group: Int(placement.group), position: Int(placement.position),
                        alias: Int(placement.alias), primary: primary, links: linkStart..<links.count,
                        typedFactory: nil, erasedFactory: nil)))
        }

        // 6. Cycles: a depth-first search over direct and set edges (provider edges are deferred and do not
        //    count), one byte of state per slot, unless every edge points to an earlier slot (extra types
        //    always do: they come after every primary). Only when it finds one is the cycle to report worked out.
        if mayHaveCycle {
            let linkStarts = slots.map(\.linkStart) + [links.count]
            if Self.hasCycle(slotCount: slots.count, linkStarts: linkStarts, links: links, sets: sets) {
                throw Self.cycleError(slots: slots, linkStarts: linkStarts, links: links, sets: sets)
            }
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

    /// Whether the direct and set edges between slots form a cycle: an iterative depth-first search (no
    /// recursion, so a chain of any length is fine) with one byte of state per slot (0 unvisited, 1 on the
    /// current path, 2 done). An edge to a slot on the current path closes a cycle.
    static func hasCycle(
        slotCount: Int, linkStarts: [Int], links: [DependencyLink],
        sets: [ObjectIdentifier: [Int]]
    ) -> Bool {
        /// A slot on the path, with how far its edges have been followed (`member`: within a set link).
        struct Frame {
            let slot: Int
            var link: Int
            var member: Int
        }
        var state = [UInt8](repeating: 0, count: slotCount)
        var path: [Frame] = []
        for root in 0..<slotCount where state[root] == 0 {
            state[root] = 1
            path.append(Frame(slot: root, link: linkStarts[root], member: 0))
            while let frame = path.last {
                let top = path.count - 1
                guard frame.link < linkStarts[frame.slot + 1] else {
                    state[frame.slot] = 2
                    path.removeLast()
                    continue
                }
                let link = links[frame.link]
                var target = -1
                switch link.kind {
                case .direct:
                    target = link.target
                    path[top].link += 1
                case .provider, .deferred:
                    path[top].link += 1
                case .set:
                    let members = sets[link.keyID] ?? []
                    if frame.member < members.count {
                        target = members[frame.member]
                        path[top].member += 1
                    } else {
                        path[top].link += 1
                        path[top].member = 0
                    }
                }
                guard target >= 0 else { continue }
                if state[target] == 1 { return true }
                if state[target] == 0 {
                    state[target] = 1
                    path.append(Frame(slot: target, link: linkStarts[target], member: 0))
                }
            }
        }
        return false
    }

    /// The error for a graph known to have a cycle: Kahn's algorithm over direct and set edges, with the edges
    /// in flat arrays (compressed rows: edges of slot i at start[i]..<start[i+1]), leaves the slots on or
    /// behind cycles unresolved; one cycle among them is reported, starting at its lowest slot.
    static func cycleError(
        slots: [ComponentSlot], linkStarts: [Int], links: [DependencyLink],
        sets: [ObjectIdentifier: [Int]]
    ) -> ComponentError {
        var edgeStart = [Int](repeating: 0, count: slots.count + 1)
        var edgeTargets: [Int] = []
        edgeTargets.reserveCapacity(links.count)
        var dependentCount = [Int](repeating: 0, count: slots.count)
        for index in slots.indices {
            for position in linkStarts[index]..<linkStarts[index + 1] {
                let link = links[position]
                switch link.kind {
                case .direct:
                    if link.target >= 0 {
                        edgeTargets.append(link.target)
                        dependentCount[link.target] += 1
                    }
                case .set:
                    for target in sets[link.keyID] ?? [] {
                        edgeTargets.append(target)
                        dependentCount[target] += 1
                    }
                case .provider, .deferred:
                    break
                }
            }
            edgeStart[index + 1] = edgeTargets.count
        }
        // Reverse edges (who depends on each slot), also flat.
        var dependentStart = [Int](repeating: 0, count: slots.count + 1)
        for index in 0..<slots.count { dependentStart[index + 1] = dependentStart[index] + dependentCount[index] }
        var dependents = [Int](repeating: 0, count: edgeTargets.count)
        var fill = dependentStart
        for index in 0..<slots.count {
            for edge in edgeStart[index]..<edgeStart[index + 1] {
                let target = edgeTargets[edge]
                dependents[fill[target]] = index
                fill[target] += 1
            }
        }
        var pending = [Int](repeating: 0, count: slots.count)
        var ready: [Int] = []
        for index in 0..<slots.count {
            pending[index] = edgeStart[index + 1] - edgeStart[index]
            if pending[index] == 0 { ready.append(index) }
        }
        while let next = ready.popLast() {
            for edge in dependentStart[next]..<dependentStart[next + 1] {
                let dependent = dependents[edge]
                pending[dependent] -= 1
                if pending[dependent] == 0 { ready.append(dependent) }
            }
        }
        let cycle = findCycle(pending: pending) { index in edgeTargets[edgeStart[index]..<edgeStart[index + 1]] }
        return .dependencyCycle(cycle.map { slots[$0].name })
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

    /// One cycle among the nodes Kahn's algorithm could not resolve, in dependency order, starting at its
    /// lowest index. Every unresolved node has an edge to another unresolved node, so the walk must repeat.
    static func findCycle(pending: [Int], edges: (Int) -> ArraySlice<Int>) -> [Int] {
        guard var node = pending.firstIndex(where: { $0 > 0 }) else { return [] }
        var position: [Int: Int] = [:]
        var path: [Int] = []
        while position[node] == nil {
            position[node] = path.count
            path.append(node)
            node = edges(node).first { pending[$0] > 0 }!
        }
        let cycle = Array(path[position[node]!...])
        let start = cycle.firstIndex(of: cycle.min()!)!
        return Array(cycle[start...] + cycle[..<start])
    }
}
