// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintAppCheck

/// Firebase's `FirebaseAppCheck/Tests/Unit/Core/FIRAppCheckTokenRefresherTests.m`, ported through App Check
/// with a hand-fired scheduler (the SDK's `FIRFakeTimer`) and a test clock: when automatic refreshes are
/// scheduled, their backoff after failures, and that nothing happens while automatic refresh is off.
@Suite("SDK port: FIRAppCheckTokenRefresherTests", .timeLimit(.minutes(3)))
struct SDKTokenRefresherTests {
    /// The SDK test's `expectedRefreshDateWithReceivedDate:expirationDate:` with AppCheckCore's bounds: half the
    /// lifetime plus five minutes after the token arrived, at most at its expiry, at least a minute from now.
    static func expectedRefreshDate(receivedAt: Date, lifetime: TimeInterval, now: Date) -> Date {
        let target = receivedAt.addingTimeInterval(min(lifetime / 2 + 5 * 60, lifetime))
        return max(target, now.addingTimeInterval(60))
    }

    /// `testInitialRefreshWhenAutoRefreshAllowed` (with `FIRAppCheckTests.testTokenRefreshTriggeredAndRefreshSuccess`):
    /// with no token yet the first refresh runs at once, without a timer; the next is scheduled halfway through
    /// the new token's lifetime plus five minutes, and firing it gets and announces a new token.
    @Test func theFirstRefreshIsImmediateAndTheNextHalfwayThroughPlusFiveMinutes() async throws {
        let fixture = try AppCheckFixture(autoRefresh: true)
        let recorder = TokenRecorder()
        fixture.appCheck.addTokenDidChangeListener(recorder.listener)
        let start = fixture.clock.now()
        try await waitUntil { fixture.scheduler.pendingDates.count == 1 }
        #expect(fixture.provider.tokenRequests == 1)
        #expect(fixture.scheduler.scheduledCount == 1)  // the first refresh needed no timer
        #expect(fixture.scheduler.pendingDates == [start.addingTimeInterval(3600 / 2 + 300)])

        fixture.clock.advance(by: 3600 / 2 + 300)
        try await fixture.scheduler.fire()
        #expect(fixture.provider.tokenRequests == 2)
        #expect(fixture.scheduler.pendingDates == [fixture.clock.now().addingTimeInterval(3600 / 2 + 300)])
        #expect(recorder.values == ["token-1", "token-2"])
        #expect(try await fixture.appCheck.token(forcingRefresh: false).token == "token-2")
    }

    /// `testNextRefreshOnRefreshSuccess`: after a successful refresh the timer is set from the new token's
    /// received and expiration dates.
    @Test func aSuccessfulRefreshSchedulesFromTheNewToken() async throws {
        let fixture = try AppCheckFixture(lifetime: 1000, autoRefresh: true)
        try await waitUntil { fixture.scheduler.pendingDates.count == 1 }
        let now = fixture.clock.now()
        #expect(
            fixture.scheduler.pendingDates == [Self.expectedRefreshDate(receivedAt: now, lifetime: 1000, now: now)])
    }

    /// `testBackoff` (with `FIRAppCheckTests.testTokenRefreshTriggeredAndRefreshError`): failed refreshes are
    /// retried after 30 s, then twice as long each time up to 16 minutes, plus under a second of jitter; no
    /// token is announced.
    @Test func failedRefreshesBackOffExponentiallyUpToSixteenMinutes() async throws {
        let fixture = try AppCheckFixture(autoRefresh: true)
        let recorder = TokenRecorder()
        fixture.appCheck.addTokenDidChangeListener(recorder.listener)
        fixture.provider.error = FakeError("attestation failed")
        var expected: TimeInterval = 0
        for attempt in 1...10 {
            if attempt == 1 {
                try await waitUntil { fixture.scheduler.scheduledCount == 1 }  // the first refresh, at start
            } else {
                try await fixture.scheduler.fire()
            }
            #expect(fixture.scheduler.scheduledCount == attempt)
            #expect(fixture.provider.tokenRequests == attempt)
            expected = min(expected == 0 ? 30 : expected * 2, 16 * 60)
            let delay = try #require(fixture.scheduler.pendingDates.first).timeIntervalSince(fixture.clock.now())
            #expect(delay >= expected && delay < min(expected + 1, 16 * 60 + 1), "attempt \(attempt): \(delay)")
        }
        #expect(recorder.values.isEmpty)
    }

    /// A success after failures starts the backoff over (Firebase resets its retry count).
    @Test func aSuccessResetsTheBackoff() async throws {
        let fixture = try AppCheckFixture(autoRefresh: true)
        fixture.provider.error = FakeError("offline")
        try await waitUntil { fixture.scheduler.scheduledCount == 1 }
        try await fixture.scheduler.fire()  // second failure: about 60 s
        fixture.provider.error = nil
        try await fixture.scheduler.fire()
        #expect(fixture.provider.tokenRequests == 3)
        #expect(fixture.appCheck.refresher.retryCount == 0)
        let now = fixture.clock.now()
        #expect(fixture.scheduler.pendingDates == [now.addingTimeInterval(2100)])
        fixture.provider.error = FakeError("offline again")
        fixture.clock.advance(by: 2100)
        try await fixture.scheduler.fire()
        #expect(fixture.provider.tokenRequests == 4)
        #expect(fixture.appCheck.refresher.retryCount == 1)
        let delay = try #require(fixture.scheduler.pendingDates.first).timeIntervalSince(fixture.clock.now())
        #expect(delay >= 30 && delay < 31)
    }

    /// AppCheckCore's `updateWithRefreshResult:`: a token a caller got also resets the backoff and reschedules.
    @Test func aCallersTokenAlsoResetsTheBackoff() async throws {
        let fixture = try AppCheckFixture(autoRefresh: true)
        fixture.provider.error = FakeError("offline")
        try await waitUntil { fixture.scheduler.scheduledCount == 1 }
        try await fixture.scheduler.fire()
        #expect(fixture.appCheck.refresher.retryCount == 2)
        fixture.provider.error = nil
        _ = try await fixture.appCheck.token(forcingRefresh: true)
        #expect(fixture.appCheck.refresher.retryCount == 0)
        #expect(fixture.scheduler.pendingDates == [fixture.clock.now().addingTimeInterval(2100)])
    }

    /// `testNoInitialRefreshWhenAutoRefreshIsNotAllowed`: with automatic refresh off nothing is requested or
    /// scheduled at start.
    @Test func withAutoRefreshOffNothingIsRequestedAtStart() async throws {
        let fixture = try AppCheckFixture(autoRefresh: false)
        #expect(fixture.scheduler.scheduledCount == 0)
        #expect(try await fixture.appCheck.token(forcingRefresh: false).token == "token-1")
        #expect(fixture.provider.tokenRequests == 1)  // the call's own request, no background one
    }

    /// `testNoRefreshWhenAutoRefreshWasDisabledAfterInit`: a refresh scheduled while on does nothing when it
    /// fires after automatic refresh was turned off.
    @Test func aTimerFiringAfterAutoRefreshWasTurnedOffDoesNothing() async throws {
        let fixture = try AppCheckFixture(autoRefresh: true)
        try await waitUntil { fixture.scheduler.pendingDates.count == 1 }
        fixture.appCheck.isTokenAutoRefreshEnabled = false
        fixture.clock.advance(by: 2100)
        try await fixture.scheduler.fire()
        #expect(fixture.provider.tokenRequests == 1)
        #expect(fixture.scheduler.pendingDates.isEmpty)
        #expect(fixture.scheduler.scheduledCount == 1)
    }

    /// `testUpdateWithRefreshResultWhenAutoRefreshIsAllowed`: a token obtained by a caller schedules the next
    /// refresh from it (here automatic refresh is turned on after start, which takes effect with that token).
    @Test func aTokenObtainedByACallerSchedulesTheNextRefresh() async throws {
        let fixture = try AppCheckFixture(autoRefresh: false)
        fixture.appCheck.isTokenAutoRefreshEnabled = true
        #expect(fixture.scheduler.scheduledCount == 0)
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        #expect(fixture.scheduler.pendingDates == [fixture.clock.now().addingTimeInterval(2100)])
    }

    /// `testUpdateWithRefreshResultWhenAutoRefreshIsNotAllowed`: with automatic refresh off a new token schedules
    /// nothing.
    @Test func withAutoRefreshOffANewTokenSchedulesNothing() async throws {
        let fixture = try AppCheckFixture(autoRefresh: false)
        _ = try await fixture.appCheck.token(forcingRefresh: true)
        _ = try await fixture.appCheck.limitedUseToken()
        #expect(fixture.scheduler.scheduledCount == 0)
    }

    /// `testUpdateWithRefreshResult_WhenTokenExpiresLessThanIn1Minute`, and the rule's other bounds: a token
    /// living 30 s is refreshed after a minute, one living 400 s at its expiry, one living an hour after 35
    /// minutes.
    @Test(arguments: [(30.0, 60.0), (400, 400), (1000, 800), (3600, 2100)])
    func theRefreshDateFollowsTheLifetime(lifetime: TimeInterval, refreshAfter: TimeInterval) async throws {
        let fixture = try AppCheckFixture(lifetime: lifetime, autoRefresh: false)
        fixture.appCheck.isTokenAutoRefreshEnabled = true
        _ = try await fixture.appCheck.token(forcingRefresh: false)
        let now = fixture.clock.now()
        #expect(fixture.scheduler.pendingDates == [now.addingTimeInterval(refreshAfter)])
        #expect(
            fixture.scheduler.pendingDates == [Self.expectedRefreshDate(receivedAt: now, lifetime: lifetime, now: now)])
    }

    /// Deleting the app cancels the scheduled refresh.
    @Test func deletingTheAppCancelsTheScheduledRefresh() async throws {
        let fixture = try AppCheckFixture(autoRefresh: true)
        try await waitUntil { fixture.scheduler.pendingDates.count == 1 }
        await fixture.app.delete()
        #expect(fixture.scheduler.pendingDates.isEmpty)
    }

    /// The default scheduler runs a refresh whose date has already come without waiting.
    @Test func theTaskSchedulerRunsADueRefreshAtOnce() async throws {
        let clock = TestClock()
        let fired = Gate()
        let registration = AppCheckTaskRefreshScheduler(now: clock.closure).schedule(
            at: clock.now().addingTimeInterval(-1)
        ) { fired.open() }
        try await fired.wait(timeout: defaultTestTimeout)
        registration.remove()
    }
}
