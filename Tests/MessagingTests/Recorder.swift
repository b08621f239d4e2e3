// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Records what a listener is called with.
final class Recorder<Value: Sendable>: Sendable {
    private let recorded = Locked<[Value]>([])

    /// The values, in order.
    var values: [Value] { recorded.withLock { $0 } }

    /// Appends `value`.
    func record(_ value: Value) { recorded.withLock { $0.append(value) } }
}
