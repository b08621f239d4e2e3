// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// One child event of a view, before it becomes a snapshot: the child's key, node and the key before it in
/// the query's order (nil for the first, and for removals).
struct ViewEvent: Sendable {
    let type: DataEventType
    let key: String
    let node: DatabaseNode
    let previousKey: String?
}
