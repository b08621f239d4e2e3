// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Runs `operation`, racing it against a `timeout` deadline in a task group.
///
/// Whichever finishes first wins and the other child is cancelled: the operation's value (or error) is
/// returned (thrown); at the deadline, `onTimeout()` is thrown. The sleep is a deadline, never a means of
/// synchronization. `operation` must respond to cancellation (as `AsyncStream` iteration and
/// `Task.sleep` do), because the group waits for it to end before returning.
func withDeadline<T: Sendable>(
    _ timeout: Duration,
    onTimeout: @escaping @Sendable () -> any Error,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let winner = try await group.next(), let value = winner else {
            throw onTimeout()
        }
        return value
    }
}

/// Starts a timer that runs `action` once `timeout` has passed, unless the returned task is cancelled first
/// (then `action` never runs). For waits that end on whichever comes first, the awaited event or the deadline.
func startDeadline(_ timeout: Duration, _ action: @escaping @Sendable () -> Void) -> Task<Void, Never> {
    Task {
        do {
            try await Task.sleep(for: timeout)
        } catch {
            return  // cancelled: the awaited event came first
        }
        action()
    }
}
