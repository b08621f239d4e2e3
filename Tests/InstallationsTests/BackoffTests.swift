// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintInstallations

@Suite struct BackoffTests {
    private func make() throws -> (Installations, SwitchableInstallationsBackend, TestClock) {
        let clock = TestClock()
        let backend = SwitchableInstallationsBackend(now: clock.closure)
        let installations = try Installations.installations(
            app: makeInstallationsApp(backend: backend, settings: InstallationsSettings(now: clock.closure)))
        return (installations, backend, clock)
    }

    @Test func serverErrorsBackOffExponentially() async throws {
        let (installations, backend, clock) = try make()
        backend.failure = .serverError("HTTP 503")
        for expectedWait in [2.0, 4.0, 8.0] {
            let requests = backend.requestCount
            await #expect(throws: InstallationsError(.serverUnreachable, message: "HTTP 503")) {
                try await installations.authToken(forcingRefresh: false)
            }
            #expect(backend.requestCount == requests + 1)
            #expect(installations.backoff?.interval == expectedWait)
            let blocked = await #expect(throws: InstallationsError.self) {
                try await installations.authToken(forcingRefresh: false)
            }
            #expect(blocked?.code == .serverUnreachable)
            #expect(backend.requestCount == requests + 1)  // no request during the backoff
            clock.advance(by: expectedWait)
        }
    }

    @Test func theRecoverableBackoffIsCappedAtThirtyMinutes() {
        var backoff: InstallationsBackoff?
        for _ in 0..<40 { backoff = .after(backoff, unrecoverable: false, at: Date(timeIntervalSince1970: 0)) }
        #expect(backoff?.interval == 1800)
    }

    @Test func aRefusalWaitsADay() async throws {
        let (installations, backend, clock) = try make()
        backend.failure = .invalidConfiguration("HTTP 403")
        await #expect(throws: InstallationsError.self) { try await installations.authToken(forcingRefresh: false) }
        #expect(installations.backoff?.retryDate == clock.now().addingTimeInterval(86_400))
        backend.failure = nil
        clock.advance(by: 86_399)
        await #expect(throws: InstallationsError.self) { try await installations.authToken(forcingRefresh: false) }
        #expect(backend.requestCount == 1)
        clock.advance(by: 1)
        _ = try await installations.authToken(forcingRefresh: false)
        #expect(installations.backoff == nil)  // a success clears it
    }

    @Test func networkFailuresDoNotBackOff() async throws {
        let (installations, backend, _) = try make()
        backend.failure = .serverUnreachable("offline")
        for _ in 0..<3 {
            await #expect(throws: InstallationsError.self) { try await installations.authToken(forcingRefresh: false) }
        }
        #expect(backend.requestCount == 3)
        #expect(installations.backoff == nil)
    }

    @Test func aCachedTokenIsStillServedDuringABackoff() async throws {
        let (installations, backend, _) = try make()
        let token = try await installations.authToken(forcingRefresh: false)
        backend.failure = .serverError("HTTP 500")
        await #expect(throws: InstallationsError.self) { try await installations.authToken(forcingRefresh: true) }
        #expect(try await installations.authToken(forcingRefresh: false).authToken == token.authToken)
    }
}
