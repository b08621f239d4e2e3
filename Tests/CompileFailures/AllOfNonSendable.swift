// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Proves: the set contributions of a non-Sendable type cannot be resolved with `container.all(_:)`.
// Expected: error: type 'Counter' does not conform to the 'Sendable' protocol
//           (from `ComponentContainer.all<T: Sendable>(_:)`).
import FlintCore

final class Counter { var n = 0 }

func counters(in container: ComponentContainer) throws -> [Counter] {
    try container.all(Counter.self)
}
