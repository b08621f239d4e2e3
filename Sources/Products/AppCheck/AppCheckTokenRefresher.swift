// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// App Check's automatic refresh (Firebase's `FIRAppCheckTokenRefresher`, AppCheckCore's
/// `AppCheckCoreTokenRefresher`): while ``AppCheck/isTokenAutoRefreshEnabled``, a new token is requested halfway
/// through the current one's lifetime plus five minutes (never later than its expiry, never sooner than a
/// minute from now), at once when there is none yet, and after an exponential backoff when a request failed.
///
/// Whether refreshing is enabled is checked whenever a refresh would be scheduled (at start, when a token
/// arrives, after a failed refresh) and when a scheduled refresh fires, as in Firebase: turning it off stops
/// the next refresh, turning it on takes effect with the next token.
final class AppCheckTokenRefresher: Sendable {
    /// The first retry comes this many seconds after a failure (then 60, 120, … seconds).
    static let initialBackoff: TimeInterval = 30
    /// Retries are never further apart than this (16 minutes).
    static let maximumBackoff: TimeInterval = 16 * 60
    /// A refresh after a token is never scheduled sooner than this from now (one minute).
    static let minimumRefreshInterval: TimeInterval = 60
    /// Added to half of the token's lifetime (five minutes).
    static let refreshOffset: TimeInterval = 5 * 60

    private struct State {
        /// Failed refreshes in a row.
        var retryCount = 0
        /// The refresh scheduled, if any.
        var timer: (any ListenerRegistration)?
        /// Bumped by every scheduling and by ``stop()``: a timer registered for an older one is removed.
        var generation = 0
        var isStopped = false
    }

    private let state = Locked(State())
    private let scheduler: any AppCheckRefreshScheduler
    private let now: @Sendable () -> Date
    private let isEnabled: @Sendable () -> Bool
    /// Requests a token (forcing a refresh), returning whether one came; set by ``start(refreshHandler:)``. A
    /// token that comes is reported by App Check through ``update(with:)``, which schedules the next refresh.
    private let refreshHandler = Locked<(@Sendable () async -> Bool)?>(nil)

    /// A refresher scheduling with `scheduler` on the clock `now`, refreshing while `isEnabled()`.
    init(
        scheduler: any AppCheckRefreshScheduler, now: @escaping @Sendable () -> Date,
        isEnabled: @escaping @Sendable () -> Bool
    ) {
        self.scheduler = scheduler
        self.now = now
        self.isEnabled = isEnabled
    }

    deinit {
        state.withLock { $0.timer }?.remove()
    }

    /// Sets what a refresh does (request a token, say whether one came) and, when enabled, schedules the first
    /// refresh: at once, as there is no token yet (Firebase sets the handler when App Check starts).
    func start(refreshHandler: @escaping @Sendable () async -> Bool) {
        self.refreshHandler.withLock { $0 = refreshHandler }
        update(with: .never)
    }

    /// A token arrived (`.success`: the backoff starts over) or a refresh failed (`.failure`: the backoff
    /// grows): reschedules from it when enabled (Firebase's `updateWithRefreshResult:`).
    func update(with result: AppCheckTokenRefreshResult) {
        guard isEnabled() else { return }
        schedule(after: result)
    }

    /// Failed refreshes in a row (for tests).
    var retryCount: Int { state.withLock { $0.retryCount } }

    /// Cancels the scheduled refresh; nothing is scheduled any more.
    func stop() {
        let timer = state.withLock { state -> (any ListenerRegistration)? in
            state.isStopped = true
            state.generation += 1
            defer { state.timer = nil }
            return state.timer
        }
        timer?.remove()
    }

    /// When to refresh after `result`, with `retryCount` failures in a row and `jitter` (0 ..< 1 s) for the
    /// backoff.
    static func nextRefreshDate(
        after result: AppCheckTokenRefreshResult, retryCount: Int, now: Date, jitter: TimeInterval
    ) -> Date {
        switch result {
        case .never:
            return now
        case .success(let expirationDate, let receivedAt):
            let lifetime = max(expirationDate.timeIntervalSince(receivedAt), 0)
            let target = min(receivedAt.addingTimeInterval(lifetime / 2 + refreshOffset), expirationDate)
            return max(target, now.addingTimeInterval(minimumRefreshInterval))
        case .failure:
            return now.addingTimeInterval(backoff(retryCount: retryCount, jitter: jitter))
        }
    }

    /// The wait before retry number `retryCount` (0: none): 30 s doubling up to 16 minutes, plus `jitter`.
    static func backoff(retryCount: Int, jitter: TimeInterval) -> TimeInterval {
        guard retryCount > 0 else { return 0 }
        let exponential = initialBackoff * pow(2, Double(min(retryCount - 1, 16))) + jitter
        return min(exponential, maximumBackoff)
    }

    // MARK: - Internals

    /// Replaces the scheduled refresh with one for `result`: at once when its date has come, otherwise with
    /// the scheduler.
    /// The retry count is updated first: reset by a token, increased by a failure.
    private func schedule(after result: AppCheckTokenRefreshResult) {
        let now = now()
        let planned = state.withLock { state -> (generation: Int, date: Date, old: (any ListenerRegistration)?)? in
            if case .failure = result { state.retryCount += 1 } else { state.retryCount = 0 }
            guard !state.isStopped else { return nil }
            let date = Self.nextRefreshDate(
                after: result, retryCount: state.retryCount, now: now, jitter: Double.random(in: 0..<1))
            state.generation += 1
            defer { state.timer = nil }
            return (state.generation, date, state.timer)
        }
        guard let planned else { return }
        planned.old?.remove()
        if planned.date <= now {
            Task { await self.refresh() }
            return
        }
        let registration = scheduler.schedule(at: planned.date) { [weak self] in
            await self?.refresh()
        }
        let kept = state.withLock { state -> Bool in
            guard state.generation == planned.generation, !state.isStopped else { return false }
            state.timer = registration
            return true
        }
        if !kept { registration.remove() }
    }

    /// A scheduled refresh: asks for a token when still enabled. A new token is reported by App Check through
    /// ``update(with:)``, which schedules the next refresh; a failure schedules a retry after the backoff.
    private func refresh() async {
        guard isEnabled(), let handler = refreshHandler.withLock({ $0 }) else { return }
        let isStopped = state.withLock { state in
            state.timer = nil
            return state.isStopped
        }
        guard !isStopped else { return }
        let succeeded = await handler()
        if !succeeded { update(with: .failure) }
    }
}
