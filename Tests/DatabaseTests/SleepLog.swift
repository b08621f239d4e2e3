// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation

/// The waits a listen asked for between reconnection attempts; each returns at once, or when `gate` opens.
/// After ``immediateLimit`` waits, a wait lasts until the listen stops (or ``defaultTestTimeout``), so that a
/// listen whose server is gone never spins.
final class SleepLog: Sendable {
    /// How many waits return at once (or at the gate).
    static let immediateLimit = 20

    private let delays = Locked<[Duration]>([])
    private let gate: Gate?

    /// A log whose sleeps return at once, or wait for `gate`.
    init(gate: Gate? = nil) {
        self.gate = gate
    }

    /// Every wait asked for, in order.
    var all: [Duration] { delays.withLock { $0 } }

    /// The sleep function to inject.
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] delay in
            let count = delays.withLock { delays in
                delays.append(delay)
                return delays.count
            }
            guard count <= Self.immediateLimit else {
                // Never opened: returns when the listen's task is cancelled, or throws at the timeout.
                try await Gate().wait(timeout: defaultTestTimeout)
                return
            }
            try await gate?.wait(timeout: defaultTestTimeout)
        }
    }
}
