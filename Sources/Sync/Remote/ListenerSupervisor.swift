// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore

/// Keeps an engine's remote listener attached: connects, hands values over, and when the listener fails
/// retries after ``ListenerBackoff``'s delays (2, 4, 8, 16, 32, 60 s), counting from the first retry again
/// once a value arrives. ``reconnectNow()`` ends a wait at once (a read or write while the listener is down).
/// Logs `listener_start` before every attachment (the first and each retry or reconnection), `listener_success`,
/// `listener_fail`, `listener_retrying`, and `listener_stopped` (see ``stop(logging:)``).
@MainActor
final class ListenerSupervisor<Element: Sendable> {
    private let events: SyncEventLog
    private let sleep: SyncSleep
    private var task: Task<Void, Never>? {
        didSet { running.withLock { $0 = task } }
    }
    /// The running task, for ``cancelFromDeinit()``.
    private nonisolated let running = Locked<Task<Void, Never>?>(nil)
    private var wake: CheckedContinuation<Void, Never>?
    private var sleepTask: Task<Void, Never>?
    private var generation = 0

    /// Whether a value arrived since the last (re)connection.
    private(set) var isConnected = false
    /// Whether the listener is down, waiting for its next attempt.
    private(set) var isWaitingToRetry = false
    /// Retries since the last value (0 while connected).
    private(set) var retryCount = 0

    init(events: SyncEventLog, sleep: @escaping SyncSleep) {
        self.events = events
        self.sleep = sleep
    }

    /// Whether a listener is attached or being retried.
    var isRunning: Bool { task != nil }

    /// When ``stop(logging:)`` logs `listener_stopped`.
    enum StopLogging {
        /// Never (an internal restart).
        case never
        /// When a listener was running.
        case ifRunning
        /// Always (an engine's `stopListening`, as the seed logs every stop call).
        case always
    }

    /// Starts (or restarts) listening. `listener_start` is logged now unless `announced` (the caller logged it
    /// already, as a collection engine does before its bulk load), and again before every retry.
    func start(
        parameters: [String: String], announced: Bool = false,
        connect: @escaping @MainActor () -> AsyncThrowingStream<Element, any Error>,
        onValue: @escaping @MainActor (Element) -> Void
    ) {
        stop(logging: .never)
        generation += 1
        let current = generation
        if !announced { events.track("listener_start", parameters) }
        task = Task { [weak self] in
            await self?.run(generation: current, parameters: parameters, connect: connect, onValue: onValue)
        }
    }

    /// Detaches the listener; logs `listener_stopped` as `logging` says (by default when one was running).
    func stop(logging: StopLogging = .ifRunning) {
        let wasRunning = task != nil
        generation += 1
        task?.cancel()
        task = nil
        endWait()
        isConnected = false
        isWaitingToRetry = false
        retryCount = 0
        if logging == .always || (logging == .ifRunning && wasRunning) { events.track("listener_stopped") }
    }

    /// Cancels the listener's task from a nonisolated context (the owning engine's `deinit`): its listener is
    /// removed and a retry wait ends.
    nonisolated func cancelFromDeinit() {
        running.withLock { $0 }?.cancel()
    }

    /// Ends the wait before the next attempt at once, when the listener is down.
    func reconnectNow() {
        if isWaitingToRetry { endWait() }
    }

    private func run(
        generation current: Int, parameters: [String: String],
        connect: @MainActor () -> AsyncThrowingStream<Element, any Error>,
        onValue: @MainActor (Element) -> Void
    ) async {
        while !Task.isCancelled && generation == current {
            var description = "The listener ended."
            do {
                var first = true
                for try await value in connect() {
                    guard !Task.isCancelled, generation == current else { return }
                    if first {
                        first = false
                        isConnected = true
                        retryCount = 0
                        events.track("listener_success", parameters)
                    }
                    onValue(value)
                }
            } catch {
                description = SyncEventLog.describe(error)
            }
            guard !Task.isCancelled, generation == current else { return }
            isConnected = false
            var failure = parameters
            failure["error_description"] = description
            events.track("listener_fail", failure)
            retryCount += 1
            let delay = ListenerBackoff.delay(forAttempt: retryCount)
            var retrying = parameters
            retrying["retry_count"] = String(retryCount)
            retrying["delay_seconds"] = String(delay)
            events.track("listener_retrying", retrying)
            await waitToRetry(delay)
            guard !Task.isCancelled, generation == current else { return }
            events.track("listener_start", parameters)
        }
    }

    private func waitToRetry(_ seconds: Double) async {
        isWaitingToRetry = true
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                guard !Task.isCancelled else {
                    continuation.resume()
                    return
                }
                wake = continuation
                let sleep = self.sleep
                sleepTask = Task { [weak self] in
                    do {
                        try await sleep(seconds)
                    } catch {
                        return
                    }
                    self?.endWait()
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.endWait() }
        }
        isWaitingToRetry = false
    }

    private func endWait() {
        sleepTask?.cancel()
        sleepTask = nil
        if let wake {
            self.wake = nil
            wake.resume()
        }
    }
}
