// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The data at a location while a transaction block runs (Firebase's `MutableData`): read it, change it,
/// and return ``TransactionResult/success(withValue:)``.
///
/// ```swift
/// ref.runTransactionBlock { current in
///     current.value = ((current.value as? Int) ?? 0) + 1
///     return .success(withValue: current)
/// }
/// ```
///
/// A `MutableData` and the ones ``childData(byAppendingPath:)`` returns share one value: a change through a
/// child is seen by its parent. It is only valid inside the block that received it.
public final class MutableData {
    /// The value of the whole transaction, shared with the children.
    final class Storage {
        var root: DatabaseNode
        /// The transaction's location (its keys count towards the depth limit of the values set).
        let location: DatabasePath
        /// Why the first value set that the database cannot store was refused; it fails the transaction.
        var refusal: DatabaseValueError?

        init(_ root: DatabaseNode, location: DatabasePath = .root) {
            self.root = root
            self.location = location
        }
    }

    let storage: Storage
    let keys: [String]
    private let locationKey: String?

    init(storage: Storage, keys: [String], key: String?) {
        self.storage = storage
        self.keys = keys
        locationKey = key
    }

    /// The node this data stands for.
    var node: DatabaseNode { storage.root.node(at: keys) }

    /// The data as Foundation values (nil when there is none); set it to change the data (and its priority:
    /// a value without `.priority` leaves none, as in the SDK). A value the
    /// database cannot store (an invalid key, nesting deeper than 32 levels from the root, …) changes nothing
    /// and fails the transaction with ``DatabaseErrorCode/invalidArgument`` (the SDK raises an exception).
    public var value: Any? {
        get { node.value }
        set {
            let parsed: DatabaseNode
            do {
                parsed = try DatabaseNode(
                    parsing: newValue, existing: node, now: (Date().timeIntervalSince1970 * 1000).rounded(.down),
                    at: DatabasePath(keys: storage.location.keys + keys))
            } catch {
                if storage.refusal == nil { storage.refusal = error }
                return
            }
            storage.root = storage.root.setting(parsed, at: keys)
        }
    }

    /// The priority: a `String`, a number, or nil; set it to change it (a bad priority is ignored).
    public var priority: Any? {
        get { DataSnapshot.export(node.priority) }
        set {
            guard
                let priority = try? DatabaseNode.priority(
                    newValue, existing: node.priority, now: DatabaseReference.now())
            else { return }
            storage.root = storage.root.setting(node.with(priority: priority), at: keys)
        }
    }

    /// Whether the data has children (a method, as the SDK's `hasChildren()`).
    public func hasChildren() -> Bool { node.hasChildren }

    /// The number of children.
    public var childrenCount: UInt { UInt(node.childCount) }

    /// The last key of the location (nil for the root).
    public var key: String? { locationKey }

    /// Whether there is data at `path` (a key, or keys separated by `/`) below this one.
    public func hasChild(atPath path: String) -> Bool {
        guard let relative = try? DatabasePath(validating: path) else { return false }
        return !node.node(at: relative.keys).isNull
    }

    /// The data at `path` below this one (it may not exist yet; setting its value creates it). An invalid
    /// path gives the data itself.
    public func childData(byAppendingPath path: String) -> MutableData {
        guard let relative = try? DatabasePath(validating: path), !relative.isRoot else { return self }
        return MutableData(storage: storage, keys: keys + relative.keys, key: relative.key)
    }

    /// The children, by priority (no priority first, then numbers, then strings), ties by key: the SDK's
    /// order for a location's children.
    public var children: [MutableData] {
        node.children.map { QueryIndex.priority.entry(key: $0.key, node: $0.node) }
            .sorted { QueryIndex.priority.compare($0, $1) < 0 }
            .map { MutableData(storage: storage, keys: keys + [$0.key], key: $0.key) }
    }
}
