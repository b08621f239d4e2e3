// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// An immutable copy of the data at a location (Firebase's `DataSnapshot`), as an observer, a stream or
/// ``DatabaseQuery/getData()`` delivers it.
///
/// ``value`` gives the data as Foundation values: `nil`, `Bool`, `Int` or `Double`, `String`,
/// `[String: Any]`, or `[Any]` when the children's keys are integers `0…n` with few enough gaps (the SDK's
/// array rule). ``children`` come in the order of the query that produced the snapshot.
public final class DataSnapshot: Sendable, CustomStringConvertible {
    /// The location of the data.
    public let ref: DatabaseReference
    let node: DatabaseNode
    let index: QueryIndex

    init(ref: DatabaseReference, node: DatabaseNode, index: QueryIndex = .priority) {
        self.ref = ref
        self.node = node
        self.index = index
    }

    /// The location's key (`""` for the root).
    public var key: String { ref.key ?? "" }

    /// The data: nil when nothing is there.
    public var value: Any? { node.value }

    /// The data with priorities (`.priority`, and `.value` for a prioritized leaf), never as arrays.
    public var valueInExportFormat: Any? { node.exportValue }

    /// The location's priority: a `String`, a number, or nil.
    public var priority: Any? { Self.export(node.priority) }

    /// A priority as Foundation values: an `Int` for a whole number, a `Double`, a `String` or nil.
    static func export(_ priority: DatabaseNode.Priority?) -> Any? {
        switch priority {
        case nil: nil
        case .string(let string)?: string
        case .number(let number)?: number.rounded() == number && abs(number) < 1e15 ? Int(number) as Any : number
        case .serverValue(let placeholder)?: placeholder.exportValue  // only in a write's wire form
        }
    }

    /// Whether there is data at the location.
    public func exists() -> Bool { !node.isNull }

    /// Whether there is data at `childPathString` below the location (false for an invalid path).
    public func hasChild(_ childPathString: String) -> Bool {
        guard let path = try? DatabasePath(validating: childPathString) else { return false }
        return !node.node(at: path.keys).isNull
    }

    /// Whether the location has children.
    public func hasChildren() -> Bool { node.hasChildren }

    /// The number of children.
    public var childrenCount: UInt { UInt(node.childCount) }

    /// The snapshot of `childPathString` below the location; an invalid path gives an empty snapshot whose
    /// reference reports the error.
    public func childSnapshot(forPath childPathString: String) -> DataSnapshot {
        let child = ref.child(childPathString)
        return DataSnapshot(
            ref: child, node: child.spec.error == nil ? node.node(at: ref.spec.path.relative(child.spec.path)) : .null)
    }

    /// The children's snapshots, in the order of the query that made this snapshot (by priority for a
    /// reference).
    public var children: [DataSnapshot] {
        let entries = node.children.map { index.entry(key: $0.key, node: $0.node) }
        let sorted = index == .key ? entries : entries.sorted { index.compare($0, $1) < 0 }
        return sorted.map { DataSnapshot(ref: ref.child(key: $0.key), node: $0.node) }
    }

    /// E.g. `Snap (users) {…}`.
    public var description: String { "Snap (\(key)) \(String(describing: value ?? "null"))" }
}
