/// Builds an app's container storage from registered libraries and overrides, validating the graph:
/// duplicates, missing required dependencies and cycles, in time linear in components + dependencies.
///
/// Written for large graphs: components are read in place (never copied into a combined list), each type
/// maps to one slot index (other providers of a type are collected only to report a duplicate), and the
/// dependency edges live in flat arrays.
struct ContainerBuilder {
    /// The library name used for components passed as `overrides`.
    static let overridesLibraryName = "overrides"

    /// A component together with the library that registered it.
    struct Registration {
        let component: Component
        let libraryName: String
    }

    var registrations: [Registration] = []
    var overrides: [Component] = []

    /// Validates and builds. Throws the first problem found: duplicates, then missing dependencies, then
    /// cycles.
    func build(appName: String, isDefaultApp: Bool, monitor: (any ComponentMonitor)?) throws(ComponentError)
        -> ContainerStorage {
        // 1. Overrides replace every library entry (primary or extra type) of the types they provide.
        var overridden = Set<ObjectIdentifier>()
        if !registrations.isEmpty {
            for component in overrides where component.role == .value {
                overridden.insert(component.key.id)
                for alias in component.aliases { overridden.insert(alias.key.id) }
            }
        }

        // 2. Lay out slots: primaries and contributions in registration order (libraries, then overrides),
        //    then extra types. `ordinals` remembers each slot's registration, so that errors list libraries
        //    in registration order.
        let total = registrations.count + overrides.count
        var slots: [ComponentSlot] = []
        slots.reserveCapacity(total)
        var ordinals: [Int] = []
        ordinals.reserveCapacity(total)
        var provider: [ObjectIdentifier: Int] = [:]
        provider.reserveCapacity(total)
        var duplicated: [ObjectIdentifier] = []
        var sets: [ObjectIdentifier: [Int]] = [:]
        var pendingAliases: [(alias: Component.Alias, primaryKey: TypeKey, libraryName: String, ordinal: Int)] = []

        func add(_ component: Component, libraryName: String, ordinal: Int, isOverride: Bool) {
            let replaced = !isOverride && component.role == .value && overridden.contains(component.key.id)
            if !replaced {
                let index = slots.count
                let role: ComponentSlot.Role = component.role == .value ? .value : .contribution
                slots.append(ComponentSlot(index: index, key: component.key, role: role, timing: component.timing,
                                           dependencies: component.dependencies, libraryName: libraryName,
                                           maker: .factory(component.factory),
                                           typedFactory: component.typedFactory))
                ordinals.append(ordinal)
                if role == .value {
                    // Keep the first provider; a second one is a duplicate, reported below.
                    if let first = provider.updateValue(index, forKey: component.key.id) {
                        provider[component.key.id] = first
                        duplicated.append(component.key.id)
                    }
                } else {
                    sets[component.key.id, default: []].append(index)
                }
            }
            for alias in component.aliases where isOverride || !overridden.contains(alias.key.id) {
                pendingAliases.append((alias, component.key, libraryName, ordinal))
            }
        }
        for (ordinal, registration) in registrations.enumerated() {
            add(registration.component, libraryName: registration.libraryName, ordinal: ordinal, isOverride: false)
        }
        for (offset, component) in overrides.enumerated() {
            add(component, libraryName: Self.overridesLibraryName, ordinal: registrations.count + offset, isOverride: true)
        }
        for pending in pendingAliases {
            let index = slots.count
            slots.append(ComponentSlot(index: index, key: pending.alias.key, role: .alias, timing: .lazy,
                                       dependencies: [Dependency(key: pending.primaryKey, kind: .direct, isRequired: true)],
                                       libraryName: pending.libraryName,
                                       maker: .alias(primary: -1, convert: pending.alias.convert)))
            ordinals.append(pending.ordinal)
            if let first = provider.updateValue(index, forKey: pending.alias.key.id) {
                provider[pending.alias.key.id] = first
                duplicated.append(pending.alias.key.id)
            }
        }

        // 3. Duplicates: the first duplicated type in registration order, with every library providing it.
        if !duplicated.isEmpty {
            let duplicatedSet = Set(duplicated)
            var providersOf: [ObjectIdentifier: [Int]] = [:]
            for slot in slots where slot.role != .contribution && duplicatedSet.contains(slot.key.id) {
                providersOf[slot.key.id, default: []].append(slot.index)
            }
            let first = providersOf.values.map { $0.sorted { ordinals[$0] < ordinals[$1] } }
                .min { ordinals[$0[0]] < ordinals[$1[0]] }!
            throw .duplicateComponent(type: slots[first[0]].key.name, libraries: first.map { slots[$0].libraryName })
        }

        // Each extra type resolves its primary by key, so an overridden primary serves its library's extra types.
        for index in slots.count - pendingAliases.count ..< slots.count {
            let slot = slots[index]
            guard case .alias(_, let convert) = slot.maker, let primary = provider[slot.dependencies[0].keyID] else {
                continue
            }
            slots[index] = ComponentSlot(index: index, key: slot.key, role: .alias, timing: .lazy,
                                         dependencies: slot.dependencies, libraryName: slot.libraryName,
                                         maker: .alias(primary: primary, convert: convert))
        }

        // 4. Missing required dependencies.
        for slot in slots {
            for dependency in slot.dependencies where dependency.isRequired && dependency.kind != .set {
                if provider[dependency.keyID] == nil {
                    throw .missingDependency(component: slot.name, dependency: dependency.typeName)
                }
            }
        }

        // 5. Cycles: Kahn's algorithm over direct and set edges (provider edges are deferred and do not
        //    count), with the edges in flat arrays (compressed rows: edges of slot i at start[i]..<start[i+1]).
        var edgeStart = [Int](repeating: 0, count: slots.count + 1)
        var edgeTargets: [Int] = []
        var dependentCount = [Int](repeating: 0, count: slots.count)
        for slot in slots {
            for dependency in slot.dependencies {
                switch dependency.kind {
                case .direct:
                    if let target = provider[dependency.keyID] {
                        edgeTargets.append(target)
                        dependentCount[target] += 1
                    }
                case .set:
                    for target in sets[dependency.keyID] ?? [] {
                        edgeTargets.append(target)
                        dependentCount[target] += 1
                    }
                case .provider:
                    break
                }
            }
            edgeStart[slot.index + 1] = edgeTargets.count
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
        var resolved = 0
        while let next = ready.popLast() {
            resolved += 1
            for edge in dependentStart[next]..<dependentStart[next + 1] {
                let dependent = dependents[edge]
                pending[dependent] -= 1
                if pending[dependent] == 0 { ready.append(dependent) }
            }
        }
        if resolved < slots.count {
            let cycle = Self.findCycle(pending: pending) { index in edgeTargets[edgeStart[index]..<edgeStart[index + 1]] }
            throw .dependencyCycle(cycle.map { slots[$0].name })
        }

        var entries: [(ObjectIdentifier, Int)] = []
        entries.reserveCapacity(provider.count)
        for (key, index) in provider { entries.append((key, index)) }
        return ContainerStorage(slots: slots, table: TypeTable(entries), sets: sets, appName: appName,
                                isDefaultApp: isDefaultApp, monitor: monitor)
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
