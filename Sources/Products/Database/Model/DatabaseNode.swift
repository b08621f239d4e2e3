// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintProductSupport
import Foundation

/// A value stored at a location: nothing (null), a leaf (boolean, number, string) or children by key, each of
/// the last two with an optional priority — the SDK's `FNode` family.
///
/// Children live in a persistent ordered tree (``OrderedTree``) in key order (``DatabaseKeyOrder``), so a
/// write below a location with 100,000 children copies O(log n) tree nodes, never the children, and a
/// snapshot of a node costs one reference. A node is never stored with a null child: writing null removes the
/// key, and a location whose last child goes away becomes null itself (and loses its priority), as in the
/// SDK.
struct DatabaseNode: Sendable, Equatable {
    /// What a non-null leaf holds. A number written as an integer that fits 64 bits is kept exactly
    /// (``integer``), any other as a double; the two compare by numeric value, as the SDK and the server
    /// compare numbers (so `5` equals `5.0`).
    enum Leaf: Sendable, Equatable {
        case bool(Bool)
        case number(Double)
        case integer(Int64)
        case string(String)

        static func == (lhs: Leaf, rhs: Leaf) -> Bool {
            switch (lhs, rhs) {
            case (.bool(let a), .bool(let b)): a == b
            case (.string(let a), .string(let b)): a == b
            case (.number, .number), (.number, .integer), (.integer, .number), (.integer, .integer):
                NumericOrder.compare(lhs, rhs) == 0
            default: false
            }
        }
    }

    /// A priority: a number or a string (the SDK refuses booleans and NaN), or, in a write's wire form only
    /// (``WireServerValues/keep``), a server value to resolve: the node `{".sv": …}`.
    enum Priority: Sendable, Equatable {
        case number(Double)
        case string(String)
        indirect case serverValue(DatabaseNode)
    }

    /// One child: its key and node.
    struct Child: Sendable {
        let key: String
        let node: DatabaseNode
    }

    private enum Content: Sendable {
        case null
        case leaf(Leaf)
        case children(OrderedTree<Child>)
    }

    private var content: Content
    /// The node's priority (always nil for null).
    private(set) var priority: Priority?

    /// Null: nothing stored.
    static let null = DatabaseNode(content: .null, priority: nil)

    private init(content: Content, priority: Priority?) {
        self.content = content
        self.priority = priority
    }

    /// A leaf.
    init(_ leaf: Leaf, priority: Priority? = nil) {
        self.init(content: .leaf(leaf), priority: priority)
    }

    /// Whether nothing is stored.
    var isNull: Bool { if case .null = content { true } else { false } }

    /// The leaf, when this is one.
    var leaf: Leaf? { if case .leaf(let leaf) = content { leaf } else { nil } }

    /// Whether this node has children.
    var hasChildren: Bool { if case .children = content { true } else { false } }

    /// The number of direct children.
    var childCount: Int { if case .children(let tree) = content { tree.count } else { 0 } }

    /// The children in key order.
    var children: [Child] {
        if case .children(let tree) = content { Array(tree) } else { [] }
    }

    /// This node with `priority` (ignored for null, as the SDK ignores a priority on nothing).
    func with(priority: Priority?) -> DatabaseNode {
        isNull ? self : DatabaseNode(content: content, priority: priority)
    }

    /// The priority as a leaf node (null when none).
    var priorityNode: DatabaseNode { Self.node(of: priority) }

    /// `priority` as a leaf node (null for none).
    static func node(of priority: Priority?) -> DatabaseNode {
        switch priority {
        case .number(let number)?: DatabaseNode(.number(number))
        case .string(let string)?: DatabaseNode(.string(string))
        case .serverValue(let placeholder)?: placeholder
        case nil: .null
        }
    }

    // MARK: Reading

    /// The direct child named `key` (null when absent); for `.priority`, the priority as a leaf (as the SDK's
    /// `getImmediateChild:`).
    func child(_ key: String) -> DatabaseNode {
        if key == DatabasePath.priorityKey { return priorityNode }
        guard case .children(let tree) = content else { return .null }
        return tree.find { DatabaseKeyOrder.compare(key, $0.key) }?.node ?? .null
    }

    /// The node at `path` below this one (null when absent).
    func node(at path: some Sequence<String>) -> DatabaseNode {
        var node = self
        for key in path {
            node = node.child(key)
            if node.isNull { return .null }
        }
        return node
    }

    // MARK: Writing

    /// This node with `child` stored under `key` (null removes it; removing below a leaf or null leaves it as
    /// it is, as in the SDK). Under `.priority`, this node with the priority `child` holds (a number or a
    /// string; none for anything else), as the SDK's `updateImmediateChild:`: null keeps none.
    func setting(child: DatabaseNode, forKey key: String) -> DatabaseNode {
        if key == DatabasePath.priorityKey { return with(priority: Priority(child)) }
        var tree: OrderedTree<Child>
        switch content {
        case .children(let existing): tree = existing
        case .null, .leaf:
            if child.isNull { return self }
            tree = OrderedTree()
        }
        let probe = Child(key: key, node: .null)
        _ = tree.remove(probe, by: Self.compareKeys)
        if !child.isNull {
            tree.insert(Child(key: key, node: child), priority: Self.treapPriority(key), by: Self.compareKeys)
        }
        if tree.isEmpty { return .null }
        // The location keeps its priority (a leaf's too, when children replace it), as in the SDK.
        return DatabaseNode(content: .children(tree), priority: priority)
    }

    /// This node with `node` stored at `path` below it (null removes it; parents left empty become null).
    func setting(_ node: DatabaseNode, at path: some Collection<String>) -> DatabaseNode {
        guard let first = path.first else { return node }
        let updated = child(first).setting(node, at: path.dropFirst())
        return setting(child: updated, forKey: first)
    }

    // MARK: Ordering

    private static func compareKeys(_ a: Child, _ b: Child) -> Int {
        DatabaseKeyOrder.compare(a.key, b.key)
    }

    /// The treap priority of a key: FNV-1a, then SplitMix64's finalizer (FNV alone leaves the high bits of
    /// keys that differ only at the end, like `k1`, `k2`, … correlated with their order, which makes the tree
    /// degenerate), so trees are balanced and shaped the same in every process.
    static func treapPriority(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 30
        hash &*= 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash &*= 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }

    // MARK: Equality

    static func == (lhs: DatabaseNode, rhs: DatabaseNode) -> Bool {
        guard lhs.priority == rhs.priority else { return false }
        switch (lhs.content, rhs.content) {
        case (.null, .null):
            return true
        case (.leaf(let a), .leaf(let b)):
            return a == b
        case (.children(let a), .children(let b)):
            if a.root === b.root { return true }
            guard a.count == b.count else { return false }
            return zip(a, b).allSatisfy { $0.key == $1.key && $0.node == $1.node }
        default:
            return false
        }
    }
}

extension DatabaseNode.Priority {
    /// The priority a node holds: a number or a string leaf, or a server value placeholder (`{".sv": …}`); nil
    /// for anything else.
    init?(_ node: DatabaseNode) {
        switch node.leaf {
        case .number(let number)?: self = .number(number)
        case .integer(let integer)?: self = .number(Double(integer))
        case .string(let string)?: self = .string(string)
        case .bool?: return nil
        case nil:
            guard node.childCount == 1, !node.child(".sv").isNull else { return nil }
            self = .serverValue(node)
        }
    }
}

/// The numeric order of integer and double leaves: by value, exactly (an `Int64` and a `Double` are compared
/// without rounding either).
enum NumericOrder {
    /// -1, 0 or 1 as the number `a` is below, equal to or above `b` (both must be numbers).
    static func compare(_ a: DatabaseNode.Leaf, _ b: DatabaseNode.Leaf) -> Int {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x == y ? 0 : (x < y ? -1 : 1)
        case (.number(let x), .number(let y)): x == y ? 0 : (x < y ? -1 : 1)
        case (.integer(let x), .number(let y)): compare(x, y)
        case (.number(let x), .integer(let y)): -compare(y, x)
        default: 0
        }
    }

    /// -1, 0 or 1 as `integer` is below, equal to or above `double` (finite).
    static func compare(_ integer: Int64, _ double: Double) -> Int {
        // 2^63 is exactly representable; every double in [-2^63, 2^63) has a floor that fits Int64.
        if double >= 9_223_372_036_854_775_808.0 { return -1 }
        if double < -9_223_372_036_854_775_808.0 { return 1 }
        let floor = double.rounded(.down)
        let whole = Int64(floor)
        if integer != whole { return integer < whole ? -1 : 1 }
        return double > floor ? -1 : 0
    }
}
