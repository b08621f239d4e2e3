// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Finds dependency cycles in a container's graph, at configure (``ContainerBuilder``) and when a library joins a
/// configured app (``LateDiscovery``): direct and set edges count, provider and deferred edges do not (they are
/// resolved later, outside the factory). Firebase Android's `CycleDetector`.
///
/// The graph is given flat: slot `i`'s links are `links[linkStarts[i]..<linkStarts[i + 1]]`, and a set link's
/// targets are the members of its set in `sets`.
enum CycleDetector {
    /// Throws ``ComponentError/dependencyCycle(_:)`` naming one cycle (from its lowest slot) if the graph has one.
    static func check(
        slots: [ComponentSlot], linkStarts: [Int], links: [DependencyLink], sets: [ObjectIdentifier: [Int]]
    ) throws(ComponentError) {
        guard hasCycle(slotCount: slots.count, linkStarts: linkStarts, links: links, sets: sets) else { return }
        throw cycleError(slots: slots, linkStarts: linkStarts, links: links, sets: sets)
    }

    /// Whether the direct and set edges between slots form a cycle: an iterative depth-first search (no
    /// recursion, so a chain of any length is fine) with one byte of state per slot (0 unvisited, 1 on the
    /// current path, 2 done). An edge to a slot on the current path closes a cycle.
    private static func hasCycle(
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
    private static func cycleError(
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

    /// One cycle among the nodes Kahn's algorithm could not resolve, in dependency order, starting at its
    /// lowest index. Every unresolved node has an edge to another unresolved node, so the walk must repeat.
    private static func findCycle(pending: [Int], edges: (Int) -> ArraySlice<Int>) -> [Int] {
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
