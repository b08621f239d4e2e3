// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A child-level event of ``DatabaseQuery/events()`` (the stream names of Firebase's AsyncSequence proposal; see
/// FlintCore's Streams guide): the child's snapshot and, except for removals, the key of the child before it in
/// the query's order (nil when it is the first).
public enum DatabaseEvent: Sendable {
    /// A child appeared.
    case childAdded(DataSnapshot, previousSiblingKey: String?)
    /// A child's value changed.
    case childChanged(DataSnapshot, previousSiblingKey: String?)
    /// A child disappeared (its last value).
    case childRemoved(DataSnapshot)
    /// A child's sort position changed.
    case childMoved(DataSnapshot, previousSiblingKey: String?)

    /// The child's snapshot.
    public var snapshot: DataSnapshot {
        switch self {
        case .childAdded(let snapshot, _), .childChanged(let snapshot, _), .childRemoved(let snapshot),
            .childMoved(let snapshot, _):
            snapshot
        }
    }

    /// The kind of event.
    public var type: DataEventType {
        switch self {
        case .childAdded: .childAdded
        case .childChanged: .childChanged
        case .childRemoved: .childRemoved
        case .childMoved: .childMoved
        }
    }
}
