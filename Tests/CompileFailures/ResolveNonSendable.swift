// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Proves: a non-Sendable type cannot be resolved with `container.require(_:)`.
// Expected: error: type 'Counter' does not conform to the 'Sendable' protocol
//           (from `ComponentContainer.require<T: Sendable>(_:)`).
import FlintCore

final class Counter { var n = 0 }

func counter(in container: ComponentContainer) throws -> Counter {
    try container.require(Counter.self)
}
