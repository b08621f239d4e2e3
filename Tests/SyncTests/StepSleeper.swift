// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintSync

/// A ``SyncSleep`` the test drives: every wait is recorded (its seconds) and lasts until the test calls
/// ``finishNext()`` or the waiting task is cancelled. No real time passes.
final class StepSleeper: Sendable {
    private struct State {
        var requested: [Double] = []
        var next = 0
        var waiting: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    private let state = Locked(State())

    /// The delays asked for, in order.
    var requested: [Double] { state.withLock { $0.requested } }
    /// How many waits are in progress.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    var sleep: SyncSleep {
        { seconds in
            let id = self.state.withLock { state in
                state.next += 1
                return state.next
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let cancelled = self.state.withLock { state -> Bool in
                        state.requested.append(seconds)
                        if Task.isCancelled { return true }
                        state.waiting.append((id, continuation))
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let continuation = self.state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiting.remove(at: index).continuation
                }
                continuation?.resume(throwing: CancellationError())
            }
        }
    }

    /// Ends the oldest wait as if its time had passed.
    func finishNext() {
        let next = state.withLock { state in state.waiting.isEmpty ? nil : state.waiting.removeFirst().continuation }
        next?.resume()
    }
}
