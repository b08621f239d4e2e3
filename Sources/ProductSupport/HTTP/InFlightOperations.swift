// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The operations a product instance has in flight (requests to its backend), ended together when its app is
/// deleted: each runs through ``OperationRace/run(deadline:in:endedBy:_:)`` in the instance's
/// `InFlightOperations`, and ``close()`` answers every one at once with its ``OperationRace/Ending/closed`` error,
/// cancels them (which cancels their HTTP requests), and ends every later one the same way before it starts.
///
/// ```swift
/// let operations = InFlightOperations()                     // one per product instance
/// let value = try await OperationRace.run(in: operations, endedBy: { _ in MyError.gone }) { try await work() }
/// operations.close()                                        // in appWillBeDeleted / terminate
/// ```
package final class InFlightOperations: Sendable {
    private struct State {
        var closed = false
        var nextKey = 0
        var running: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Locked(State())

    /// An open set with nothing in flight.
    package init() {}

    /// Whether ``close()`` was called.
    package var isClosed: Bool { state.withLock { $0.closed } }

    /// How many operations are in flight.
    package var count: Int { state.withLock { $0.running.count } }

    /// Registers an operation that `end` ends; its key for ``remove(_:)``, or nil (and `end` never called) when
    /// already closed.
    func add(_ end: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.nextKey += 1
            state.running[state.nextKey] = end
            return state.nextKey
        }
    }

    /// Forgets the operation with `key` (it finished).
    func remove(_ key: Int) {
        _ = state.withLock { $0.running.removeValue(forKey: key) }
    }

    /// Ends every operation in flight, and every later one before it starts. Calling it again does nothing.
    package func close() {
        let running = state.withLock { state -> [@Sendable () -> Void] in
            state.closed = true
            defer { state.running = [:] }
            return Array(state.running.values)
        }
        for end in running { end() }
    }
}
