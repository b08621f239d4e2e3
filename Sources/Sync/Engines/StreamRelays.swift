// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// The streams an engine hands out (`streamCollection`, `streamDocument`, …): each pumps a remote stream in a
/// task of its own, removed (the remote listener with it) when its consumer stops; ``finishAll(throwing:)``
/// (the app was deleted) ends every one of them, and every later one at once.
final class StreamRelays: Sendable {
    private struct State {
        var next = 0
        var finishers: [Int: @Sendable (any Error) -> Void] = [:]
        var closedWith: (any Error)?
    }

    private let state = Locked(State())

    /// A stream whose values `pump` produces; `pump` returning ends it, throwing ends it with the error.
    func relay<Output: Sendable>(
        _ pump: @escaping @Sendable (AsyncThrowingStream<Output, any Error>.Continuation) async throws -> Void
    ) -> AsyncThrowingStream<Output, any Error> {
        AsyncThrowingStream(bufferingPolicy: .unbounded) { continuation in
            let registered = state.withLock { state -> Int? in
                if state.closedWith != nil { return nil }
                state.next += 1
                state.finishers[state.next] = { continuation.finish(throwing: $0) }
                return state.next
            }
            guard let key = registered else {
                continuation.finish(throwing: state.withLock { $0.closedWith }!)
                return
            }
            let task = Task {
                do {
                    try await pump(continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { [weak self] _ in
                task.cancel()
                self?.state.withLock { _ = $0.finishers.removeValue(forKey: key) }
            }
        }
    }

    /// How many relayed streams are running.
    var activeCount: Int { state.withLock { $0.finishers.count } }

    /// Ends every stream with `error`, now and from now on.
    func finishAll(throwing error: any Error) {
        let finishers = state.withLock { state -> [@Sendable (any Error) -> Void] in
            state.closedWith = error
            defer { state.finishers.removeAll() }
            return Array(state.finishers.values)
        }
        for finish in finishers { finish(error) }
    }
}
