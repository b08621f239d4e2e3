// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One step of a ``SyncQuery``, in the order it was added (``SyncQuery/getOperations()``).
public enum SyncQueryOperation: Sendable, Hashable, Codable {
    /// A filter (`where`).
    case filter(SyncFilter)
    /// An ordering (`order(by:descending:)`).
    case order(SyncOrder)
    /// At most the first `count` documents (`limit(to:)`).
    case limit(Int)
    /// At most the last `count` documents, in query order (`limit(toLast:)`).
    case limitToLast(Int)
    /// Starts at the position, inclusive (`start(at:)`, `start(atDocument:)`).
    case startAt(SyncCursor)
    /// Starts after the position (`start(after:)`, `start(afterDocument:)`).
    case startAfter(SyncCursor)
    /// Ends at the position, inclusive (`end(at:)`, `end(atDocument:)`).
    case endAt(SyncCursor)
    /// Ends before the position (`end(before:)`, `end(beforeDocument:)`).
    case endBefore(SyncCursor)
}

/// A position in a query's order (Firestore's cursors): values of the ordered fields, or a document.
public enum SyncCursor: Sendable, Hashable, Codable {
    /// Values of the query's orderings, most significant first (at most one per ordering).
    case values([SyncValue])
    /// A document: its values of every ordering, then its ID (as Firestore's `start(atDocument:)`). `fields` is
    /// nil when the model could not be encoded (the query then fails with `SyncError.invalidArgument`).
    case document(id: String, fields: [String: SyncValue]?)
}
