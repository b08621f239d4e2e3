// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Testing

@testable import FlintInstallations

/// Ports of the Firebase iOS SDK's `FirebaseInstallations/Source/Tests/Unit/FIRInstallationsBackoffControllerTests.m`
/// on ``InstallationsBackoff``, with the intervals of the SDK's `FIRInstallationsBackoffController.m` (2^n seconds
/// after the n-th server error in a row, at most 30 minutes; 24 hours after a refusal) without its random
/// milliseconds. (The stored test file names the two failure kinds the other way round.)
@Suite struct SDKInstallationsBackoffControllerTests {
    private let start = Date(timeIntervalSince1970: 1_750_000_000)

    /// Checks the SDK's `assertBackoffTimeInterval:`: refused right after the failure, half-way and a second
    /// before the end; allowed a second after.
    private func expectInterval(_ backoff: InstallationsBackoff, _ interval: TimeInterval) {
        for denied in [0, interval * 0.5, interval - 1] {
            #expect(start.addingTimeInterval(denied) < backoff.retryDate, "\(interval) at \(denied)")
        }
        #expect(start.addingTimeInterval(interval + 1) >= backoff.retryDate, "\(interval)")
    }

    /// `testIsNextRequestAllowed_AfterRecoverableError` (the SDK's server errors): 2, 4, 8 … seconds, at most 30
    /// minutes; then a refusal waits 24 hours.
    @Test func serverErrorsWaitTwoToTheNSecondsAtMostThirtyMinutes() {
        var backoff: InstallationsBackoff?
        for count in 1...20 {
            backoff = .after(backoff, unrecoverable: false, at: start)
            expectInterval(backoff!, min(pow(2, Double(count)), 30 * 60))
        }
        backoff = .after(backoff, unrecoverable: true, at: start)
        expectInterval(backoff!, 24 * 60 * 60)
    }

    /// `testIsNextRequestAllowed_AfterUnrecoverableError`: a refusal waits 24 hours.
    @Test func aRefusalWaitsTwentyFourHours() {
        expectInterval(.after(nil, unrecoverable: true, at: start), 24 * 60 * 60)
    }
}
