// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One immutable node of an ``OrderedTree``.
package final class OrderedTreeNode<Element: Sendable>: Sendable {
    package let element: Element
    package let priority: UInt64
    package let left: OrderedTreeNode?
    package let right: OrderedTreeNode?
    /// The number of elements in this subtree.
    package let count: Int

    package init(_ element: Element, priority: UInt64, left: OrderedTreeNode?, right: OrderedTreeNode?) {
        self.element = element
        self.priority = priority
        self.left = left
        self.right = right
        count = 1 + (left?.count ?? 0) + (right?.count ?? 0)
    }

    package func with(left: OrderedTreeNode?) -> OrderedTreeNode {
        OrderedTreeNode(element, priority: priority, left: left, right: right)
    }

    package func with(right: OrderedTreeNode?) -> OrderedTreeNode {
        OrderedTreeNode(element, priority: priority, left: left, right: right)
    }
}

/// A persistent (immutable, structurally shared) ordered collection with positions: a treap whose nodes
/// know their subtree sizes.
///
/// Insertion, removal, lookup, rank (`index(of:)`) and `element(at:)` are O(log n) and allocate only the
/// O(log n) nodes on the changed path; a copy of the tree (a snapshot) costs one reference. Firestore's
/// query views, snapshots and backend collections, and the Realtime Database's children, are kept in these,
/// so a write never copies a whole collection.
///
/// The order is given per call by a three-way comparator; elements must be distinct under it. Priorities
/// (the heap order that keeps the tree balanced in expectation) come from the caller, typically a hash.
package struct OrderedTree<Element: Sendable>: Sendable, Sequence {
    package typealias Node = OrderedTreeNode<Element>

    /// The root node, nil when empty.
    package private(set) var root: Node?

    /// An empty tree.
    package init() {}

    /// The number of elements.
    package var count: Int { root?.count ?? 0 }

    /// Whether the tree is empty.
    package var isEmpty: Bool { root == nil }

    /// The element for which `probe` returns 0 (`probe` says whether the wanted element sorts before
    /// (negative) or after (positive) the given one), or nil.
    package func find(_ probe: (Element) -> Int) -> Element? {
        var node = root
        while let current = node {
            let result = probe(current.element)
            if result == 0 { return current.element }
            node = result < 0 ? current.left : current.right
        }
        return nil
    }

    /// The position of `element`, or nil when no element compares equal to it.
    package func index(of element: Element, by compare: (Element, Element) -> Int) -> Int? {
        var node = root
        var index = 0
        while let current = node {
            let result = compare(element, current.element)
            if result == 0 { return index + (current.left?.count ?? 0) }
            if result < 0 {
                node = current.left
            } else {
                index += (current.left?.count ?? 0) + 1
                node = current.right
            }
        }
        return nil
    }

    /// The number of elements that sort before `element`.
    package func rank(of element: Element, by compare: (Element, Element) -> Int) -> Int {
        var node = root
        var index = 0
        while let current = node {
            if compare(element, current.element) <= 0 {
                node = current.left
            } else {
                index += (current.left?.count ?? 0) + 1
                node = current.right
            }
        }
        return index
    }

    /// The element at `index` (0-based, in order).
    package func element(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "OrderedTree index out of range")
        var node = root!
        var index = index
        while true {
            let leftCount = node.left?.count ?? 0
            if index < leftCount {
                node = node.left!
            } else if index == leftCount {
                return node.element
            } else {
                index -= leftCount + 1
                node = node.right!
            }
        }
    }

    /// The smallest element.
    package var first: Element? {
        var node = root
        while let left = node?.left { node = left }
        return node?.element
    }

    /// The largest element.
    package var last: Element? {
        var node = root
        while let right = node?.right { node = right }
        return node?.element
    }

    /// Inserts `element`, which must not compare equal to any element already present.
    package mutating func insert(_ element: Element, priority: UInt64, by compare: (Element, Element) -> Int) {
        root = Self.insert(element, priority: priority, into: root, by: compare)
    }

    /// Removes the element comparing equal to `element`; returns whether there was one.
    @discardableResult
    package mutating func remove(_ element: Element, by compare: (Element, Element) -> Int) -> Bool {
        let (newRoot, found) = Self.remove(element, from: root, by: compare)
        if found { root = newRoot }
        return found
    }

    /// The elements in order.
    package func makeIterator() -> Iterator {
        Iterator(root: root)
    }

    /// In-order traversal with an explicit stack.
    package struct Iterator: IteratorProtocol {
        private var stack: [Node] = []

        init(root: Node?) {
            pushLeftSpine(root)
        }

        package mutating func next() -> Element? {
            guard let node = stack.popLast() else { return nil }
            pushLeftSpine(node.right)
            return node.element
        }

        private mutating func pushLeftSpine(_ node: Node?) {
            var node = node
            while let current = node {
                stack.append(current)
                node = current.left
            }
        }
    }

    // MARK: Treap operations

    private static func insert(
        _ element: Element, priority: UInt64, into node: Node?,
        by compare: (Element, Element) -> Int
    ) -> Node {
        guard let node else { return Node(element, priority: priority, left: nil, right: nil) }
        if priority > node.priority {
            let (left, right) = split(node, around: element, by: compare)
            return Node(element, priority: priority, left: left, right: right)
        }
        if compare(element, node.element) < 0 {
            return node.with(left: insert(element, priority: priority, into: node.left, by: compare))
        }
        return node.with(right: insert(element, priority: priority, into: node.right, by: compare))
    }

    /// The elements before `element` and those after it.
    private static func split(
        _ node: Node?, around element: Element,
        by compare: (Element, Element) -> Int
    ) -> (Node?, Node?) {
        guard let node else { return (nil, nil) }
        if compare(node.element, element) < 0 {
            let (left, right) = split(node.right, around: element, by: compare)
            return (node.with(right: left), right)
        }
        let (left, right) = split(node.left, around: element, by: compare)
        return (left, node.with(left: right))
    }

    private static func remove(
        _ element: Element, from node: Node?,
        by compare: (Element, Element) -> Int
    ) -> (Node?, Bool) {
        guard let node else { return (nil, false) }
        let result = compare(element, node.element)
        if result == 0 { return (merge(node.left, node.right), true) }
        if result < 0 {
            let (left, found) = remove(element, from: node.left, by: compare)
            return found ? (node.with(left: left), true) : (node, false)
        }
        let (right, found) = remove(element, from: node.right, by: compare)
        return found ? (node.with(right: right), true) : (node, false)
    }

    /// Joins two trees where every element of `left` sorts before every element of `right`.
    private static func merge(_ left: Node?, _ right: Node?) -> Node? {
        guard let left else { return right }
        guard let right else { return left }
        if left.priority > right.priority {
            return left.with(right: merge(left.right, right))
        }
        return right.with(left: merge(left, right.left))
    }
}
