// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Proves: there is no `Provider` of a non-Sendable type, neither from `container.provider(for:)` nor as a
// stored `Provider<Counter>`.
// Expected: error: type 'Counter' does not conform to the 'Sendable' protocol
//           (from `ComponentContainer.provider<T: Sendable>(for:)` and `Provider<T: Sendable>`).
import FlintCore

final class Counter { var n = 0 }

func counterProvider(in container: ComponentContainer) throws -> Provider<Counter> {
    try container.provider(for: Counter.self)
}
