// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The components that joined a container after configure, from libraries registered later (Android's late
/// discovery): their groups, slots, links, type table, set contributions and slot lines. Immutable: each
/// registration makes a new one holding the previous one's contents plus its own (slots and lines are shared,
/// never copied, so instances and claims carry over), and the storage publishes it with one release store.
///
/// Slot indices continue after the configure-time slots (`firstIndex` is the first late slot), and group
/// indices after the configure-time groups, so links, providers and claims use one index space. Lookups of
/// configure-time types never touch a late graph; a type missing there is looked up here.
final class LateGraph: @unchecked Sendable {
    /// The index of the first late slot (the number of configure-time slots).
    let firstIndex: Int
    /// The late libraries' components, in registration order.
    let groups: [ComponentGroup]
    /// The late slots, index `firstIndex` first.
    let slots: [ComponentSlot]
    /// The records `slots` point into: every late registration's table, kept for as long as the graph.
    let records: [SlotTable]
    /// The late slots' resolved dependencies (their `linkStart`/`linkEnd` index this array).
    let links: [DependencyLink]
    /// The late types' slot indices.
    let table: TypeTable
    /// Late set contributions per set key (in addition to the configure-time ones).
    let sets: [ObjectIdentifier: [Int]]
    /// The late slots' lines, one allocation per registration, in slot order, each starting at `chunkStarts[i]`.
    let chunks: [SlotLines]
    let chunkStarts: [Int]

    init(
        firstIndex: Int, groups: [ComponentGroup], slots: [ComponentSlot], records: [SlotTable],
        links: [DependencyLink], table: TypeTable,
        sets: [ObjectIdentifier: [Int]], chunks: [SlotLines], chunkStarts: [Int]
    ) {
        self.firstIndex = firstIndex
        self.groups = groups
        self.slots = slots
        self.records = records
        self.links = links
        self.table = table
        self.sets = sets
        self.chunks = chunks
        self.chunkStarts = chunkStarts
    }

    /// The line chunk holding slot `index` and the slot's position in it.
    func chunk(for index: Int) -> (SlotLines, Int) {
        var chunk = chunks.count - 1
        while chunkStarts[chunk] > index { chunk -= 1 }
        return (chunks[chunk], index - chunkStarts[chunk])
    }
}
