/// Builds an app's container storage from registered libraries and overrides, validating the graph:
/// duplicates, missing required dependencies and cycles, in time linear in components + dependencies.
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
        for component in overrides where component.role == .value {
            overridden.insert(component.key.id)
            for alias in component.aliases { overridden.insert(alias.key.id) }
        }
        let all = registrations + overrides.map { Registration(component: $0, libraryName: Self.overridesLibraryName) }

        // 2. Lay out slots: primaries (and contributions) first in registration order, then extra types.
        var slots: [ComponentSlot] = []
        slots.reserveCapacity(all.count)
        var providers: [ObjectIdentifier: [Int]] = [:]
        providers.reserveCapacity(all.count)
        var sets: [ObjectIdentifier: [Int]] = [:]
        var pendingAliases: [(alias: Component.Alias, primaryKey: TypeKey, libraryName: String, ordinal: Int)] = []
        // The registration each slot comes from, so that errors list libraries in registration order.
        var ordinals: [Int] = []
        ordinals.reserveCapacity(all.count)
        for (ordinal, registration) in all.enumerated() {
            let component = registration.component
            let isOverride = registration.libraryName == Self.overridesLibraryName
            let replaced = !isOverride && component.role == .value && overridden.contains(component.key.id)
            if !replaced {
                let index = slots.count
                let role: ComponentSlot.Role = component.role == .value ? .value : .contribution
                slots.append(ComponentSlot(index: index, key: component.key, role: role, timing: component.timing,
                                           dependencies: component.dependencies,
                                           libraryName: registration.libraryName,
                                           maker: .factory(component.factory),
                                           typedFactory: component.typedFactory))
                ordinals.append(ordinal)
                if role == .value {
                    providers[component.key.id, default: []].append(index)
                } else {
                    sets[component.key.id, default: []].append(index)
                }
            }
            for alias in component.aliases where isOverride || !overridden.contains(alias.key.id) {
                pendingAliases.append((alias, component.key, registration.libraryName, ordinal))
            }
        }
        // Extra types resolve their primary by key, so an overridden primary serves its library's extra types.
        var aliasSlotsStart = slots.count
        for pending in pendingAliases {
            let index = slots.count
            let primaryKey = pending.primaryKey
            slots.append(ComponentSlot(index: index, key: pending.alias.key, role: .alias, timing: .lazy,
                                       dependencies: [Dependency(key: primaryKey, kind: .direct, isRequired: true)],
                                       libraryName: pending.libraryName,
                                       maker: .alias(primary: -1, convert: pending.alias.convert)))
            ordinals.append(pending.ordinal)
            providers[pending.alias.key.id, default: []].append(index)
        }

        // 3. Duplicates.
        for slot in slots where slot.role != .contribution {
            if let indices = providers[slot.key.id], indices.count > 1, indices[0] == slot.index {
                let inOrder = indices.sorted { ordinals[$0] < ordinals[$1] }
                throw .duplicateComponent(type: slot.key.name, libraries: inOrder.map { slots[$0].libraryName })
            }
        }

        // Resolve each extra type's primary now that the providers are unique.
        while aliasSlotsStart < slots.count {
            let slot = slots[aliasSlotsStart]
            guard case .alias(_, let convert) = slot.maker, let primary = providers[slot.dependencies[0].key.id]?.first else {
                aliasSlotsStart += 1
                continue
            }
            slots[aliasSlotsStart] = ComponentSlot(index: slot.index, key: slot.key, role: .alias, timing: .lazy,
                                                   dependencies: slot.dependencies, libraryName: slot.libraryName,
                                                   maker: .alias(primary: primary, convert: convert))
            aliasSlotsStart += 1
        }

        // 4. Missing required dependencies.
        for slot in slots {
            for dependency in slot.dependencies where dependency.isRequired && dependency.kind != .set {
                if providers[dependency.key.id] == nil {
                    throw .missingDependency(component: slot.name, dependency: dependency.typeName)
                }
            }
        }

        // 5. Cycles (Kahn's algorithm over direct and set edges; provider edges are deferred and do not count).
        var edges: [[Int]] = Array(repeating: [], count: slots.count)
        var dependents: [[Int]] = Array(repeating: [], count: slots.count)
        for slot in slots {
            for dependency in slot.dependencies {
                let targets: [Int]
                switch dependency.kind {
                case .direct: targets = providers[dependency.key.id] ?? []
                case .set: targets = sets[dependency.key.id] ?? []
                case .provider: targets = []
                }
                for target in targets {
                    edges[slot.index].append(target)
                    dependents[target].append(slot.index)
                }
            }
        }
        var pending = edges.map(\.count)
        var ready = pending.indices.filter { pending[$0] == 0 }
        var resolved = 0
        while let next = ready.popLast() {
            resolved += 1
            for dependent in dependents[next] {
                pending[dependent] -= 1
                if pending[dependent] == 0 { ready.append(dependent) }
            }
        }
        if resolved < slots.count {
            throw .dependencyCycle(Self.findCycle(edges: edges, pending: pending).map { slots[$0].name })
        }

        var entries: [(ObjectIdentifier, Int)] = []
        entries.reserveCapacity(providers.count)
        for (key, indices) in providers { entries.append((key, indices[0])) }
        return ContainerStorage(slots: slots, table: TypeTable(entries), sets: sets, appName: appName,
                                isDefaultApp: isDefaultApp, monitor: monitor)
    }

    /// One cycle among the nodes Kahn's algorithm could not resolve, in dependency order, starting at its
    /// lowest index. Every unresolved node has an edge to another unresolved node, so the walk must repeat.
    static func findCycle(edges: [[Int]], pending: [Int]) -> [Int] {
        guard var node = pending.firstIndex(where: { $0 > 0 }) else { return [] }
        var position: [Int: Int] = [:]
        var path: [Int] = []
        while position[node] == nil {
            position[node] = path.count
            path.append(node)
            node = edges[node].first { pending[$0] > 0 }!
        }
        let cycle = Array(path[position[node]!...])
        let start = cycle.firstIndex(of: cycle.min()!)!
        return Array(cycle[start...] + cycle[..<start])
    }
}
