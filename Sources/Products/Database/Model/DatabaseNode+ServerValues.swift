// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension DatabaseNode {
    /// This node, to be stored at `path` of `root`, with its server value placeholders (`{".sv": …}`, as a
    /// write's wire form keeps them) resolved as the server does when it stores it: a timestamp becomes `time`
    /// in milliseconds since 1970, an increment adds to the number `root` holds at that place. Unchanged when it
    /// has none.
    func resolvingServerValues(existing root: DatabaseNode, at path: DatabasePath, _ time: Date) -> DatabaseNode {
        let now = (time.timeIntervalSince1970 * 1000).rounded(.down)
        // The placeholders were validated when the write was made, so parsing its export format again succeeds.
        let resolved = WireServerValues.$keep.withValue(false) {
            try? DatabaseNode(parsing: exportValue, existing: root.node(at: path.keys), now: now)
        }
        return resolved ?? self
    }
}
