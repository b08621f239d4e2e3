// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Proves: a non-Sendable class cannot be registered as a component.
// Without the rule, this Counter could be resolved from four tasks at once and its `n` would race, with
// no word from the compiler.
// Expected: error: type 'Counter' does not conform to the 'Sendable' protocol
//           (on `Component(Counter.self)`, from `Component.init<T: Sendable>`).
import FlintCore

final class Counter { var n = 0 }

let component = Component(Counter.self) { _, isCacheable in
    isCacheable = true
    return Counter()
}
