// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Proves: a non-Sendable type cannot be contributed to a set (`Component.contribution(to:)`).
// Expected: error: type 'Counter' does not conform to the 'Sendable' protocol
//           (from `Component.contribution<T: Sendable>(to:...)`).
import FlintCore

final class Counter { var n = 0 }

let component = Component.contribution(to: Counter.self) { _, _ in Counter() }
