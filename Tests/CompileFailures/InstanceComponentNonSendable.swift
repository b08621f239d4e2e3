// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
// Proves: a non-Sendable instance cannot be put in a container as a ready-made override
// (`Component.instance(_:as:)`). This API already required `Sendable` before the rule covered the others;
// the snippet keeps it that way.
// Expected: error: type 'Counter' does not conform to the 'Sendable' protocol
//           (from `Component.instance<T: Sendable>(_:as:)`).
import FlintCore

final class Counter { var n = 0 }

let component = Component.instance(Counter(), as: Counter.self)
