// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// A thread-safe append-only log, for what listeners and threads saw, in the order they saw it.
///
/// Package access: a fixture of the package's own stream and cache tests (CoreTests, ProductSupportTests), not
/// part of FlintTesting's public API.
package final class StreamTestLog<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    /// An empty log.
    package init() {}

    /// Appends `element`.
    package func append(_ element: Element) { storage.withLock { $0.append(element) } }

    /// Everything appended so far, oldest first.
    package var values: [Element] { storage.withLock { $0 } }
}
