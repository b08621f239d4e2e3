// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// How a component becomes slots and links, shared by configure (``ContainerBuilder``) and by a library joining a
/// configured app (``LateDiscovery``), so that both place components, resolve their dependencies and report a
/// missing one the same way.
enum SlotPlacement {
    /// The record of the slot of a primary type or a set contribution: component `position` of group `group`,
    /// at slot `index`, whose links are `links`.
    @inline(__always)
    static func record(
        of component: borrowing Component, index: Int, in records: SlotTable, group: Int, position: Int,
        links: Range<Int>
    ) -> SlotRecord {
        SlotRecord(
            index: index, table: records, role: component.role == .value ? .value : .contribution,
            timing: component.timing, group: group, position: position, links: links,
            typedFactory: UnsafeRawPointer(bitPattern: component.typedFactoryAddress),
            erasedFactory: UnsafeRawPointer(bitPattern: component.factoryAddress))
    }

    /// Appends the slot of extra type `alias` of `component` (component `position` of group `group`) at slot
    /// `index` to `records`, with its one link, to its primary, appended to `links`. The primary is found by key
    /// through `lookup`, so an overridden primary serves its library's extra types.
    ///
    /// - Throws: ``ComponentError/missingDependency(component:dependency:)`` when nothing provides the primary.
    static func appendAlias(
        _ alias: Int, of component: borrowing Component, index: Int, group: Int, position: Int,
        to records: SlotTable, links: inout [DependencyLink], lookup: (ObjectIdentifier) -> Int?
    ) throws(ComponentError) -> ComponentSlot {
        let primaryKey = component.key
        guard let primary = lookup(primaryKey.id) else {
            throw .missingDependency(component: component.aliases[alias].key.name, dependency: primaryKey.name)
        }
        let linkStart = links.count
        links.append(DependencyLink(keyID: primaryKey.id, kind: .direct, target: primary))
        return records.append(
            SlotRecord(
                index: index, table: records, role: .alias, timing: .lazy, group: group, position: position,
                alias: alias, primary: primary, links: linkStart..<links.count, typedFactory: nil,
                erasedFactory: nil))
    }

    /// The link of `component`'s `dependency`, its target found through `lookup` (-1 for a set, whose members
    /// are looked up when it is resolved, and for an optional dependency nothing provides).
    ///
    /// - Throws: ``ComponentError/missingDependency(component:dependency:)`` for a required dependency nothing
    ///   provides.
    @inline(__always)
    static func link(
        for dependency: Dependency, of component: @autoclosure () -> String, lookup: (ObjectIdentifier) -> Int?
    ) throws(ComponentError) -> DependencyLink {
        let target = dependency.kind == .set ? -1 : lookup(dependency.keyID) ?? -1
        if target < 0, dependency.isRequired, dependency.kind != .set {
            throw .missingDependency(component: component(), dependency: dependency.typeName)
        }
        return DependencyLink(keyID: dependency.keyID, kind: dependency.kind, target: target)
    }
}
