import FlintCore
import FlintTesting
import Foundation

/// The waits a listen asked for between reconnection attempts; each returns at once, or when `gate` opens.
final class SleepLog: Sendable {
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
            delays.withLock { $0.append(delay) }
            try await gate?.wait(timeout: defaultTestTimeout)
        }
    }
}
