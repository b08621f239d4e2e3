// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Synchronization

/// A thread-safe counter (a class, so closures capture it like any other reference).
///
/// Package access: a fixture of the package's own stream and cache tests (CoreTests, ProductSupportTests), not
/// part of FlintTesting's public API.
package final class StreamTestCounter: Sendable {
    private let storage = Atomic<Int>(0)

    /// A counter at zero.
    package init() {}

    /// Adds one and returns the new value.
    @discardableResult
    package func increment() -> Int { storage.add(1, ordering: .sequentiallyConsistent).newValue }

    /// The current value.
    package var value: Int { storage.load(ordering: .sequentiallyConsistent) }
}
